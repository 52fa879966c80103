import type { AccountVisit } from "../../../schema/api/account";
import { formatFullDate, formatVisitTime } from "../../../schema/london-time-text";

const visitWhen = (v: AccountVisit) => (v.start ? formatVisitTime(v.start) : `${formatFullDate(v.date)} (time to be agreed)`);

/** The visits booked (each to move or cancel) and the ones done. */
export function AccountVisits({ upcoming, past }: { upcoming: AccountVisit[]; past: AccountVisit[] }) {
  return (
    <section className="card" aria-labelledby="account-visits">
      <h2 id="account-visits">Your visits</h2>
      {upcoming.length === 0 ? (
        <p>
          No visit booked. <a href="/book">Book one online</a>.
        </p>
      ) : (
        <ul className="account-list">
          {upcoming.map((v) => (
            <li key={v.id}>
              <span>
                <strong>{v.service}</strong>
                <br />
                <span className="quote-small">
                  {visitWhen(v)}
                  {v.address ? ` · ${v.address}` : ""}
                </span>
              </span>
              {v.manageUrl ? <a href={v.manageUrl}>Move or cancel</a> : null}
            </li>
          ))}
        </ul>
      )}
      {past.length ? (
        <details className="account-past">
          <summary>Past visits ({past.length})</summary>
          <ul className="account-list">
            {past.map((v) => (
              <li key={v.id}>
                <span>
                  <strong>{v.service}</strong> · {formatFullDate(v.date)}
                  {v.notes ? (
                    <>
                      <br />
                      <span className="quote-small">{v.notes}</span>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
