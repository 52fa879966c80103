import { Button, Card, Flex, Switch, Text } from "@radix-ui/themes";
import type { AdminInvoice } from "../../../../schema/api/invoices";
import { formatPence } from "../../../../schema/format";
import { formatDate, formatFullDate } from "../../../../schema/london-time-text";
import { adminApi } from "../../../lib/admin/admin-api";
import { Totals } from "../../documents/totals";
import { RecordPayment } from "../record-payment";
import "../documents/documents.css";

/** Runs an invoice's change, says `done` when it went through; true then. */
export type InvoiceAct = (run: () => Promise<unknown>, done: string, fallback: string) => Promise<boolean>;

/**
 * An issued invoice's money: its dates and lines, what is owed and paid, and what the owner can
 * do about it (record a payment, refund what was paid over, credit it, chase it).
 */
export function InvoiceMoney({
  invoice,
  busy,
  act,
  onCredit,
}: {
  invoice: AdminInvoice;
  busy: boolean;
  act: InvoiceAct;
  onCredit: () => void;
}) {
  const open = invoice.state !== "void" && invoice.state !== "paid";
  const path = `/api/admin/invoices/${invoice.id}`;
  return (
    <Card className="admin-panel" mb="4">
      <Text as="p" size="2">
        Issued {formatFullDate(invoice.issueDate!)} · due {formatFullDate(invoice.dueDate!)} · work on{" "}
        {formatDate(invoice.supplyDate)}
        {invoice.state === "void" ? ` · void: ${invoice.voidReason}` : ""}
      </Text>
      <ul className="doc-history">
        {invoice.lines.map((l) => (
          <li key={l.id}>
            {l.quantity} × {l.description} · {formatPence(l.unitPence)}
            {invoice.vatRegistered ? ` · VAT ${l.vatRate} %` : ""}
          </li>
        ))}
      </ul>
      <Totals
        label="Totals"
        totals={invoice.totals}
        vatRegistered={invoice.vatRegistered}
        deposit={{ label: "Deposit paid", pence: invoice.depositPence, takenOff: true }}
        creditedPence={invoice.creditedPence}
        paidPence={invoice.paidPence}
        balancePence={invoice.balancePence}
      />
      {invoice.state !== "void" ? (
        <Flex gap="2" wrap="wrap" mt="3">
          {open ? (
            <RecordPayment
              number={invoice.number!}
              mostPence={invoice.balancePence}
              busy={busy}
              onRecord={({ on, ...payment }) =>
                act(
                  () => adminApi(`${path}/payments`, { json: { ...payment, paidOn: on } }),
                  `Payment of ${formatPence(payment.amountPence)} recorded`,
                  "The payment was not recorded",
                )
              }
            />
          ) : null}
          {invoice.balancePence < 0 ? (
            // Paid over (a credit note after payment, or two payments that crossed): give it back.
            <RecordPayment
              kind="refund"
              number={invoice.number!}
              mostPence={-invoice.balancePence}
              defaultMethod={invoice.payments.some((p) => p.method === "card") ? "card" : "bank"}
              busy={busy}
              onRecord={({ on, ...refund }) =>
                act(
                  () => adminApi(`${path}/refunds`, { json: { ...refund, refundedOn: on } }),
                  `${formatPence(refund.amountPence)} refunded`,
                  "Nothing was refunded",
                )
              }
            />
          ) : null}
          <Button variant="soft" disabled={busy} onClick={onCredit}>
            Credit note
          </Button>
        </Flex>
      ) : null}
      {invoice.state !== "void" ? (
        <Text as="label" size="2" className="admin-check" mt="3">
          <Switch
            checked={invoice.chase}
            disabled={busy || !open}
            onCheckedChange={(chase) =>
              act(
                () => adminApi(`${path}/chasing`, { json: { chase } }),
                chase ? "Reminders on" : "Reminders paused",
                "Could not change the reminders",
              )
            }
          />{" "}
          Remind the customer by e-mail (3 days before the due date, on it, 7 and 14 days late)
        </Text>
      ) : null}
    </Card>
  );
}
