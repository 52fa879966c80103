import { Card, Heading } from "@radix-ui/themes";
import type { AdminInvoice } from "../../../../schema/api/invoices";
import { paymentMethodLabels } from "../../../../schema/api/payment-methods";
import { formatPence } from "../../../../schema/format";
import { formatDate } from "../../../../schema/london-time-text";
import "../documents/documents.css";

/** What came in, what went back and what was credited on an issued invoice. */
export function InvoicePayments({ invoice }: { invoice: AdminInvoice }) {
  if (!invoice.payments.length && !invoice.creditNotes.length) return null;
  return (
    <Card className="admin-panel" mt="4">
      <Heading as="h2" size="4" mb="2">
        {invoice.refunds.length ? "Payments, refunds and credit notes" : "Payments and credit notes"}
      </Heading>
      <ul className="doc-history">
        {invoice.payments.map((p) => (
          <li key={`p${p.id}`}>
            {formatPence(p.amountPence)} by {paymentMethodLabels[p.method].toLowerCase()} on {formatDate(p.paidOn)}
            {p.reference && p.method !== "card" ? ` · ${p.reference}` : ""}
          </li>
        ))}
        {invoice.refunds.map((r) => (
          <li key={`r${r.id}`}>
            {formatPence(r.amountPence)} refunded by {paymentMethodLabels[r.method].toLowerCase()} on {formatDate(r.refundedOn)}
            {/* A card refund's reference is Stripe's id, unless it went back by itself: then it says why. */}
            {r.reference && !r.reference.startsWith("re_") ? ` · ${r.reference}` : ""}
          </li>
        ))}
        {invoice.creditNotes.map((n) => (
          <li key={`c${n.id}`}>
            <a href={n.pdfUrl} target="_blank" rel="noopener">
              {n.number}
            </a>{" "}
            · {formatPence(n.grossPence)} credited on {formatDate(n.issueDate)} · {n.reason}
          </li>
        ))}
      </ul>
    </Card>
  );
}
