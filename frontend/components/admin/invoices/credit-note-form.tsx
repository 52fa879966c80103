import { Button, Card, Checkbox, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { type AdminInvoice, invoiceTotals } from "../../../../schema/api/invoices";
import { formatPence } from "../../../../schema/format";
import { ConfirmButton } from "../confirm-button";

type Chosen = Record<string, { on: boolean; quantity: string }>;

/**
 * A credit note against an issued invoice: tick the lines to credit (all of a line's quantity, or
 * some of it) and say why. The form's own checks run before it asks to issue (a credit note takes
 * its number and stays); the server prices it and refuses more than is left to credit.
 */
export function CreditNoteForm({
  invoice,
  busy,
  onCredit,
  onCancel,
}: {
  invoice: AdminInvoice;
  busy: boolean;
  onCredit: (input: { lines: { lineId: string; quantity: number }[]; reason: string }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { lines } = invoice;
  const [chosen, setChosen] = useState<Chosen>(() =>
    Object.fromEntries(lines.map((l) => [l.id, { on: false, quantity: String(l.quantity) }])),
  );
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const picked = lines
    .filter((l) => chosen[l.id]?.on)
    .map((l) => ({ lineId: l.id, quantity: Number(chosen[l.id]!.quantity.replace(",", ".")) }));
  const creditPence = invoiceTotals(
    picked.map((p) => ({ ...lines.find((l) => l.id === p.lineId)!, quantity: p.quantity })),
    invoice.vatRegistered,
  ).grossPence;

  function problemOf(): string | null {
    if (picked.length === 0) return "Tick at least one line to credit.";
    if (picked.some((p) => !Number.isFinite(p.quantity) || p.quantity <= 0)) return "Each quantity must be more than 0.";
    if (reason.trim().length < 3) return "Say why the invoice is credited.";
    return null;
  }
  function readyToIssue() {
    const found = problemOf();
    setProblem(found);
    return found === null;
  }
  async function issue() {
    if (await onCredit({ lines: picked, reason: reason.trim() })) onCancel();
  }
  // Enter in a quantity issues nothing: the note is issued only from its button, which asks first.
  return (
    <Card asChild className="admin-panel" mt="4">
      <form onSubmit={(event) => event.preventDefault()} aria-labelledby="credit-note-title">
        <Heading as="h2" size="4" id="credit-note-title" mb="2">
          Credit note
        </Heading>
        <Flex direction="column" gap="2">
          {lines.map((l) => (
            <Flex key={l.id} gap="2" align="center" wrap="wrap">
              <Text as="label" size="2" className="admin-check" style={{ flex: "1 1 14rem" }}>
                <Checkbox
                  checked={chosen[l.id]?.on ?? false}
                  onCheckedChange={(on) => setChosen((c) => ({ ...c, [l.id]: { ...c[l.id]!, on: on === true } }))}
                />{" "}
                {l.description} ({l.quantity} × {formatPence(l.unitPence)})
              </Text>
              {chosen[l.id]?.on && l.quantity > 1 ? (
                <TextField.Root
                  aria-label={`Quantity to credit of ${l.description}`}
                  inputMode="decimal"
                  style={{ width: "6rem" }}
                  value={chosen[l.id]!.quantity}
                  onChange={(e) => setChosen((c) => ({ ...c, [l.id]: { ...c[l.id]!, quantity: e.target.value } }))}
                />
              ) : null}
            </Flex>
          ))}
        </Flex>
        <label htmlFor="credit-reason">
          <Text as="div" size="2" weight="medium" mt="3" mb="1">
            Why
          </Text>
          <TextArea id="credit-reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        {problem ? (
          <Text as="p" size="2" color="red" mt="2" role="alert">
            {problem}
          </Text>
        ) : null}
        <Flex gap="2" mt="3" justify="end" wrap="wrap">
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
          <ConfirmButton
            destructive={false}
            disabled={busy}
            beforeOpen={readyToIssue}
            title={`Issue a credit note on ${invoice.number}?`}
            description={`It takes the next credit note number and takes ${formatPence(creditPence)} off what ${invoice.customerName} owes on ${invoice.number}. A credit note cannot be changed or deleted.`}
            confirmLabel="Issue it"
            onConfirm={issue}
          >
            Issue the credit note
          </ConfirmButton>
        </Flex>
      </form>
    </Card>
  );
}
