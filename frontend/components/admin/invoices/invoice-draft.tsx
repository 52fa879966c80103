import { Button, Card, Flex, Grid, TextArea, TextField } from "@radix-ui/themes";
import { Link, useLocation } from "wouter";
import type { BillingSettings } from "../../../../schema/api/billing";
import { type AdminInvoice, type InvoiceLine, invoicePatchSchema, invoiceTotals } from "../../../../schema/api/invoices";
import { londonToday } from "../../../../schema/london-time";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { invalidProps, useForm } from "../../../lib/use-form";
import { Totals } from "../../documents/totals";
import { ConfirmButton } from "../confirm-button";
import { blankLine, type LineForm, lineFormOf, lineInput, pricedLines } from "../documents/line-form";
import { LineItems } from "../documents/line-items";
import { useDraftDocument } from "../documents/use-draft-document";
import { Field, FieldError } from "../form-field";
import { BackIcon } from "../icons";
import { PageHeader } from "../page-header";

type DraftForm = { lines: LineForm[]; supplyDate: string; notes: string };

const draftInput = (values: DraftForm) => ({
  lines: values.lines.map(lineInput),
  supplyDate: values.supplyDate,
  notes: values.notes.trim() || null,
});

/** A draft: lines typed or picked from the catalogue, the date of the work, notes; saved, then issued. */
export function InvoiceDraft({
  invoice,
  customer,
  onSaved,
}: {
  invoice?: AdminInvoice;
  customer: { id: number; name: string; email: string | null };
  onSaved?: () => unknown;
}) {
  const [, navigate] = useLocation();
  const billing = useAdminData<BillingSettings>("/api/admin/settings/billing");
  const vatRegistered = billing.data?.vatRegistered ?? invoice?.vatRegistered ?? false;
  const form = useForm<DraftForm>({
    initial: () => ({
      lines: invoice ? invoice.lines.map(lineFormOf) : [blankLine()],
      supplyDate: invoice?.supplyDate ?? londonToday(),
      notes: invoice?.notes ?? "",
    }),
    schema: invoicePatchSchema,
    input: draftInput,
  });
  const draft = useDraftDocument(form, {
    path: "/api/admin/invoices",
    screen: "/invoices",
    id: invoice?.id,
    create: (input) => ({ ...(input as object), customerId: customer.id }),
    failed: toastFailure("Error", "The invoice was not saved"),
    onSaved,
  });
  const { values, errors, set, busy } = form;
  const totals = invoiceTotals(pricedLines(draftInput(values).lines, "new-") as InvoiceLine[], vatRegistered);

  async function saveDraft() {
    const id = await draft.save();
    if (id === null) return;
    notify({ title: "Draft saved", description: "Issue it when it is ready." });
    await draft.show(id);
  }

  async function issue() {
    const issued = await draft.saveThen<AdminInvoice>("issue", toastFailure("Error", "The invoice was not issued"));
    if (!issued) return;
    notify({
      title: `Issued ${issued.answer.number}`,
      description: issued.answer.customerEmail
        ? `E-mailed to ${issued.answer.customerEmail} with a link to pay.`
        : "No e-mail on file: print it or send the link.",
    });
    await draft.show(issued.id);
  }

  async function remove() {
    if (!invoice) return;
    try {
      await adminApi(`/api/admin/invoices/${invoice.id}`, { method: "DELETE" });
      notify({ title: "Draft deleted" });
      navigate("/invoices");
    } catch (e) {
      toastFailure("Error", "The draft was not deleted")(e);
    }
  }

  return (
    <div className="invoice">
      <PageHeader
        title={invoice ? "Draft invoice" : "New invoice"}
        subtitle={`For ${customer.name}`}
        actions={
          <Button asChild variant="soft" color="gray">
            <Link href={`/customers/${customer.id}`}>
              <BackIcon /> {customer.name}
            </Link>
          </Button>
        }
      />
      <Card className="admin-panel" mb="4">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="invoice-supplyDate" label="Date of the work" error={errors.supplyDate}>
            <TextField.Root
              id="invoice-supplyDate"
              size="3"
              type="date"
              max={londonToday()}
              value={values.supplyDate}
              onChange={(e) => set("supplyDate", e.target.value)}
              {...invalidProps("invoice-supplyDate", errors.supplyDate)}
            />
          </Field>
        </Grid>
      </Card>
      <Card className="admin-panel" role="group" aria-label="Lines">
        <FieldError id="invoice-lines" error={errors.lines} />
        <LineItems
          lines={values.lines}
          onChange={(lines) => set("lines", lines)}
          fieldId={(j, field) => `invoice-line-${j}-${field}`}
          error={(j, field) => errors[`lines.${j}.${field}`]}
          vatRegistered={vatRegistered}
          canBeOptional={false}
        />
        <Totals
          label="Totals"
          totals={totals}
          vatRegistered={vatRegistered}
          deposit={{ label: "Deposit paid", pence: invoice?.depositPence ?? 0, takenOff: true }}
        />
      </Card>
      <Card className="admin-panel" mt="4">
        <Field id="invoice-notes" label="Notes (optional)" error={errors.notes} hint="Printed under the lines.">
          <TextArea
            id="invoice-notes"
            rows={3}
            maxLength={2000}
            value={values.notes}
            onChange={(e) => set("notes", e.target.value)}
          />
        </Field>
      </Card>
      <Flex gap="2" justify="end" wrap="wrap" mt="4">
        {invoice ? (
          <ConfirmButton
            variant="soft"
            color="red"
            highContrast
            title="Delete this draft?"
            description="It has no number yet, so nothing is left behind."
            confirmLabel="Delete draft"
            onConfirm={remove}
          >
            Delete draft
          </ConfirmButton>
        ) : null}
        <Button size="3" variant="soft" onClick={saveDraft} disabled={busy}>
          Save draft
        </Button>
        <ConfirmButton
          size="3"
          destructive={false}
          disabled={busy}
          beforeOpen={draft.check}
          title={customer.email ? "Issue invoice and send it?" : "Issue this invoice?"}
          description={`It takes the next invoice number${
            customer.email
              ? ` and is e-mailed to ${customer.name} at ${customer.email}, with a link to pay.`
              : `. ${customer.name} has no e-mail address on file, so it is not sent: print it or send them the link.`
          } An issued invoice cannot be changed or deleted: only a credit note or void corrects it.`}
          confirmLabel={customer.email ? "Issue and send it" : "Issue it"}
          onConfirm={issue}
        >
          Issue and send
        </ConfirmButton>
      </Flex>
    </div>
  );
}
