import { Button } from "@radix-ui/themes";
import type { AccountHome } from "../../../schema/api/account";
import { formatDate, formatFullDate } from "../../../schema/london-time-text";

/**
 * The homes the signed-in address rents: the gas safety records and warning notices its tenant is
 * given, read-only; "Book the check" where the landlord lets the tenant book it.
 */
export function AccountHomes({ homes }: { homes: AccountHome[] }) {
  return (
    <section className="card" aria-labelledby="account-homes">
      <h2 id="account-homes">{homes.length === 1 ? "Your home" : "Your homes"}</h2>
      {homes.map((h) => (
        <article key={h.id} className="account-item" aria-label={h.address}>
          <h3>{[h.address, h.postcode].filter(Boolean).join(", ")}</h3>
          {h.nextDeadline ? (
            <p>
              Next gas safety check due by <strong>{formatFullDate(h.nextDeadline)}</strong>
            </p>
          ) : null}
          {h.documents.length === 0 ? <p>No gas safety record for you here yet.</p> : null}
          <ul className="account-links">
            {h.documents.map((d) => (
              <li key={d.pdfUrl}>
                <a href={d.pdfUrl} target="_blank" rel="noopener">
                  {d.title} {d.number}
                  {d.classification ? `: ${d.classification}` : ""} ({formatDate(d.date)}, PDF)
                </a>
              </li>
            ))}
          </ul>
          {h.bookUrl ? (
            <Button asChild size="3" variant="soft">
              <a href={h.bookUrl}>Book the check</a>
            </Button>
          ) : (
            <p className="quote-small">Your landlord arranges the checks: please ask them about a visit.</p>
          )}
        </article>
      ))}
    </section>
  );
}
