import { Button } from "@radix-ui/themes";
import type { AccountSummary } from "../../../schema/api/account";
import { installationLabels } from "../../../schema/api/installations";
import { formatPence } from "../../../schema/format";
import { formatDate, formatFullDate } from "../../../schema/london-time-text";
import { InvoiceMoney, PropertyDocuments } from "./account-documents";
import { TenantMayBook } from "./tenant-booking";

const quoteStates: Record<string, string> = {
  sent: "Waiting for your answer",
  viewed: "Waiting for your answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
};

const orderStates: Record<string, string> = {
  new: "Received",
  confirmed: "Being packed",
  dispatched: "Dispatched",
  completed: "Delivered",
  cancelled: "Cancelled",
};

/** What the customer has with us: their properties and their paperwork, quotes, invoices and parts orders, a card each. */
export function AccountRecords({ summary, onChange }: { summary: AccountSummary; onChange: (summary: AccountSummary) => void }) {
  const setMayBook = (id: number, mayBook: boolean) =>
    onChange({
      ...summary,
      properties: summary.properties.map((p) => (p.id === id && p.tenant ? { ...p, tenant: { ...p.tenant, mayBook } } : p)),
    });
  return (
    <>
      <section className="card" aria-labelledby="account-properties">
        <h2 id="account-properties">Your properties</h2>
        {summary.properties.length === 0 ? <p>No property on file yet.</p> : null}
        {summary.properties.map((p) => (
          <article key={p.id} className="account-item" aria-label={p.address}>
            <h3>{[p.address, p.postcode].filter(Boolean).join(", ")}</h3>
            {p.appliances.length ? (
              <p className="quote-small">
                {p.appliances.map((a) => [a.location, a.type, a.make, a.model].filter(Boolean).join(" ")).join(" · ")}
              </p>
            ) : null}
            {p.nextDeadline ? (
              <p>
                Next gas safety check due by <strong>{formatFullDate(p.nextDeadline)}</strong>
              </p>
            ) : null}
            <PropertyDocuments property={p} />
            {p.tenant ? (
              <TenantMayBook property={{ ...p, tenant: p.tenant }} onChange={(mayBook) => setMayBook(p.id, mayBook)} />
            ) : null}
            <Button asChild size="3" variant="soft">
              {/* The account's channel as it is now (chosen above on this page): the booking form starts from it. */}
              <a href={`${p.bookUrl}&channel=${summary.preferences.channel}`}>Book the check</a>
            </Button>
          </article>
        ))}
      </section>
      <section className="card" aria-labelledby="account-quotes">
        <h2 id="account-quotes">Quotes</h2>
        {summary.quotes.length === 0 ? <p>No quotes yet.</p> : null}
        <ul className="account-list">
          {summary.quotes.map((q) => (
            <li key={q.url}>
              <span>
                <strong>{q.title}</strong> {q.number ? <span className="quote-small">{q.number}</span> : null}
                <br />
                <span className="quote-small">
                  {quoteStates[q.status]}
                  {q.status === "sent" || q.status === "viewed" ? `, valid until ${formatFullDate(q.validUntil)}` : ""}
                </span>
              </span>
              <a href={q.url}>{q.status === "sent" || q.status === "viewed" ? "See and accept" : "See it"}</a>
            </li>
          ))}
        </ul>
      </section>
      {summary.buildingRegs.length ? (
        <section className="card" aria-labelledby="account-building-regs">
          <h2 id="account-building-regs">Building Regulations</h2>
          <p className="quote-small">
            The work we fitted is notified through Gas Safe Register; the council and you receive its compliance certificate.
          </p>
          <ul className="account-list">
            {summary.buildingRegs.map((n) => (
              <li key={`${n.title} ${n.reference ?? ""} ${n.certificateNumber ?? ""}`}>
                <span>
                  <strong>{n.title}</strong>{" "}
                  <span className="quote-small">{n.installations.map((k) => installationLabels[k]).join(", ")}</span>
                  <br />
                  <span className="quote-small">
                    {[
                      n.notifiedOn ? `Notified ${formatFullDate(n.notifiedOn)}` : null,
                      n.reference ? `reference ${n.reference}` : null,
                      n.certificateNumber ? `certificate ${n.certificateNumber}` : null,
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="account-invoices">
        <h2 id="account-invoices">Invoices</h2>
        {summary.invoices.length === 0 ? <p>No invoices yet.</p> : null}
        <ul className="account-list">
          {summary.invoices.map((i) => (
            <li key={i.url}>
              <span>
                <strong>{i.number}</strong> · {formatPence(i.grossPence)}
                <br />
                <span className={i.overdue ? "account-alert" : "quote-small"}>
                  {i.status === "void"
                    ? "Cancelled"
                    : i.paid
                      ? "Paid"
                      : `${formatPence(i.balancePence)} to pay${i.dueDate ? ` by ${formatFullDate(i.dueDate)}` : ""}${i.overdue ? " (overdue)" : ""}`}
                </span>
              </span>
              <span className="account-actions">
                {i.status === "issued" && !i.paid ? <a href={i.url}>Pay</a> : <a href={i.url}>See it</a>}
                <a href={i.pdfUrl} target="_blank" rel="noopener">
                  PDF
                </a>
              </span>
              <InvoiceMoney invoice={i} />
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="account-orders">
        <h2 id="account-orders">Parts orders</h2>
        {summary.orders.length === 0 ? <p>No orders from our shop yet.</p> : null}
        <ul className="account-list">
          {summary.orders.map((o) => (
            <li key={`${o.number}-${o.placedAt}`}>
              <span>
                <strong>{o.number ?? "Order"}</strong> · {formatDate(o.placedAt)} · {formatPence(o.totalPence)}
                <br />
                <span className="quote-small">{o.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}</span>
              </span>
              <span className="quote-small">
                {orderStates[o.fulfilmentStatus] ?? o.fulfilmentStatus}
                {o.trackingReference ? ` · ${o.courier ?? "Tracking"} ${o.trackingReference}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
