import type { AccountDocument, AccountInvoice, AccountProperty } from "../../../schema/api/account";
import { paymentMethodLabels } from "../../../schema/api/payment-methods";
import { formatPence } from "../../../schema/format";
import { formatDate } from "../../../schema/london-time-text";
import { BenchmarkServiceRecord } from "../benchmark-service-record";

/**
 * The paperwork on the account: a property's issued documents (its latest gas safety record and
 * service sheet first, every warning notice with its classification, every boiler's Benchmark
 * checklist with its service record since, the earlier ones folded away),
 * and what an invoice has against it (credit notes with their PDFs, the payments received).
 */
function DocumentLink({ d }: { d: AccountDocument }) {
  return (
    <li>
      <a href={d.pdfUrl} target="_blank" rel="noopener">
        {d.title} {d.number}
        {d.classification ? `: ${d.classification}` : ""} ({formatDate(d.date)}, PDF)
      </a>
      {d.nextDueDate ? <span className="quote-small"> · next due {formatDate(d.nextDueDate)}</span> : null}
      {d.serviceRecord ? (
        <details className="account-past">
          <summary>Service record ({d.serviceRecord.length})</summary>
          <BenchmarkServiceRecord entries={d.serviceRecord} />
        </details>
      ) : null}
    </li>
  );
}

export function PropertyDocuments({ property: p }: { property: AccountProperty }) {
  const latest = [p.lastGasSafetyRecord, p.lastServiceSheet].filter((d): d is AccountDocument => d !== null);
  const notices = p.documents.filter((d) => d.kind === "warning-notice" || d.serviceRecord);
  const shown = new Set([...latest, ...notices].map((d) => d.pdfUrl));
  const earlier = p.documents.filter((d) => !shown.has(d.pdfUrl));
  return (
    <>
      <ul className="account-links">
        {[...latest, ...notices].map((d) => (
          <DocumentLink key={d.pdfUrl} d={d} />
        ))}
      </ul>
      {earlier.length ? (
        <details className="account-past">
          <summary>Earlier documents ({earlier.length})</summary>
          <ul className="account-links">
            {earlier.map((d) => (
              <DocumentLink key={d.pdfUrl} d={d} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

export function InvoiceMoney({ invoice: i }: { invoice: AccountInvoice }) {
  if (i.creditNotes.length === 0 && i.payments.length === 0) return null;
  return (
    <ul className="account-links account-money">
      {i.creditNotes.map((n) => (
        <li key={n.pdfUrl}>
          <a href={n.pdfUrl} target="_blank" rel="noopener">
            Credit note {n.number} against {i.number}: {formatPence(n.grossPence)} ({formatDate(n.issueDate)}, PDF)
          </a>
        </li>
      ))}
      {i.payments.map((p) => (
        <li key={p.id} className="quote-small">
          Received {formatPence(p.amountPence)} by {paymentMethodLabels[p.method].toLowerCase()} on {formatDate(p.paidOn)}
        </li>
      ))}
    </ul>
  );
}
