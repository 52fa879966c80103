import { Button } from "@radix-ui/themes";
import { useState } from "react";
import type { PublicInvoice } from "../../schema/api/invoices";
import { formatPence } from "../../schema/format";
import { formatFullDate } from "../../schema/london-time-text";
import { lineAmounts, type VatRate } from "../../schema/money";
import { Totals } from "../components/documents/totals";
import { PageHero } from "../components/site/page-hero";
import { api } from "../lib/api";
import { FactLink } from "../lib/facts";
import { linkFailure, useLinkedRecord } from "../lib/linked-page";
import "../components/quote/quote.css";

/** /invoice/:token: the customer's invoice from the link in their e-mail, with what is left to pay and Pay now. */
export default function InvoicePage() {
  const { token, state } = useLinkedRecord<PublicInvoice>({
    what: "invoice",
    path: (found) => `/api/invoices/${encodeURIComponent(found)}`,
    backFromStripe: ["paid", "1"],
    paymentPending: (invoice) => invoice.balancePence > 0,
  });
  return (
    <>
      <PageHero eyebrow="Your invoice" title="Your invoice" lead="See what the work came to and pay it securely by card." />
      <section className="section">
        <div className="container quote">
          {state.name === "loading" ? (
            <div className="card" aria-busy="true">
              <p className="quote-small">Loading your invoice…</p>
            </div>
          ) : state.name === "failed" ? (
            <div className="card" role="alert">
              <h2>We couldn't open this invoice</h2>
              <p>{state.message}</p>
              <p>
                Please call us on <FactLink to="phone" />.
              </p>
            </div>
          ) : (
            <Invoice token={token} invoice={state.value} notice={state.notice} />
          )}
        </div>
      </section>
    </>
  );
}

function Invoice({ token, invoice, notice }: { token: string; invoice: PublicInvoice; notice?: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const paid = invoice.balancePence <= 0;
  async function pay() {
    setBusy(true);
    setProblem(null);
    try {
      const { checkoutUrl } = await api<{ checkoutUrl: string }>(`/api/invoices/${encodeURIComponent(token)}/pay`, {
        method: "POST",
      });
      window.location.assign(checkoutUrl);
    } catch (error) {
      setProblem(linkFailure(error));
      setBusy(false);
    }
  }
  return (
    <>
      <div className="card">
        <p className="quote-small">
          {invoice.vatRegistered ? "VAT invoice" : "Invoice"} {invoice.number} for {invoice.customerName}
        </p>
        <h2>
          {invoice.state === "void"
            ? "This invoice was cancelled"
            : paid
              ? "Paid in full. Thank you!"
              : `${formatPence(invoice.balancePence)} to pay by ${formatFullDate(invoice.dueDate)}`}
        </h2>
        {notice ? (
          <p role="status" className="book-notice">
            {notice}
          </p>
        ) : null}
        {invoice.overdue && !paid ? <p role="alert">This invoice was due on {formatFullDate(invoice.dueDate)}.</p> : null}
        <p className="quote-small">
          Issued {formatFullDate(invoice.issueDate)} · work on {formatFullDate(invoice.supplyDate)}
          {invoice.vatRegistered && invoice.vatNumber ? ` · VAT number ${invoice.vatNumber}` : ""}
        </p>
        <ul className="quote-lines">
          {invoice.lines.map((l) => (
            <li key={l.id}>
              <span>
                {l.quantity} × {l.description}
                {invoice.vatRegistered ? ` (VAT ${l.vatRate} %)` : ""}
              </span>
              <span>{formatPence(lineAmounts(l.quantity, l.unitPence, l.vatRate as VatRate).netPence)}</span>
            </li>
          ))}
        </ul>
        <Totals
          look="customer"
          totals={invoice.totals}
          vatRegistered={invoice.vatRegistered}
          deposit={{ label: "Deposit paid", pence: invoice.depositPence, takenOff: true }}
          creditedPence={invoice.creditedPence}
          paidPence={invoice.paidPence}
          balancePence={invoice.balancePence}
        />
        <p>
          <a href={invoice.pdfUrl} target="_blank" rel="noopener">
            Download the invoice (PDF)
          </a>
        </p>
      </div>
      {!paid && invoice.state !== "void" ? (
        <div className="card quote-form">
          <h2>Pay now</h2>
          <p>Pay {formatPence(invoice.balancePence)} securely by card with Stripe.</p>
          {problem ? (
            <p className="quote-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="cta-row">
            <Button size="3" onClick={pay} disabled={busy}>
              {busy ? "Opening Stripe…" : `Pay ${formatPence(invoice.balancePence)} by card`}
            </Button>
          </div>
          {invoice.bank ? (
            <p className="quote-small">
              Or by bank transfer: {invoice.bank.accountName}, sort code {invoice.bank.sortCode}, account{" "}
              {invoice.bank.accountNumber}, reference {invoice.number}.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
