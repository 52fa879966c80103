import { Button } from "@radix-ui/themes";
import { useState } from "react";
import type { AccountDetails, AccountDocument, AccountSummary, AccountVisit } from "../../../schema/api/account";
import { PHONE_MESSAGE, PHONE_PATTERN } from "../../../schema/api/constants";
import { formatPence } from "../../../schema/format";
import { formatDate, formatFullDate, formatVisitTime } from "../../../schema/london-time-text";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";
import { notify } from "../../lib/toast";

const documentNames: Record<AccountDocument["kind"], string> = {
  "gas-safety-record": "Gas safety record",
  "warning-notice": "Warning notice",
  "service-sheet": "Service sheet",
};

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

/** Everything on the signed-in account, a card a subject, in the order a customer looks for it. */
export function AccountSections({
  summary,
  onChange,
  reload,
}: {
  summary: AccountSummary;
  onChange: (summary: AccountSummary) => void;
  reload: () => unknown;
}) {
  return (
    <div className="account-grid">
      <Visits upcoming={summary.upcoming} past={summary.past} />
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
            <ul className="account-links">
              {[p.lastGasSafetyRecord, p.lastServiceSheet].flatMap((d) =>
                d
                  ? [
                      <li key={d.pdfUrl}>
                        <a href={d.pdfUrl} target="_blank" rel="noopener">
                          {documentNames[d.kind]} {d.number} ({formatDate(d.date)}, PDF)
                        </a>
                      </li>,
                    ]
                  : [],
              )}
            </ul>
            <Button asChild size="3" variant="soft">
              <a href={p.bookUrl}>Book the check</a>
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
      <Details summary={summary} onChange={onChange} />
      <Preferences summary={summary} onChange={onChange} />
      <YourData summary={summary} reload={reload} />
    </div>
  );
}

const visitWhen = (v: AccountVisit) => (v.start ? formatVisitTime(v.start) : `${formatFullDate(v.date)} (time to be agreed)`);

function Visits({ upcoming, past }: { upcoming: AccountVisit[]; past: AccountVisit[] }) {
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

/** The customer's name and phone number, changed here; the e-mail address is the sign-in. */
function Details({ summary, onChange }: { summary: AccountSummary; onChange: (summary: AccountSummary) => void }) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const { details } = summary;
  async function save(form: HTMLFormElement) {
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? "");
    // The number is checked here as the API checks it, so a typo is explained at the field.
    const wrongPhone = !PHONE_PATTERN.test(text("phone").trim());
    setPhoneError(wrongPhone ? PHONE_MESSAGE : null);
    if (wrongPhone) return;
    setBusy(true);
    try {
      const saved = await api<AccountDetails>("/api/account/details", {
        method: "PATCH",
        json: { firstName: text("firstName"), lastName: text("lastName"), phone: text("phone") },
      });
      onChange({ ...summary, details: saved, name: `${saved.firstName} ${saved.lastName}`.trim() });
      setEditing(false);
      notify({ title: "Details saved" });
    } catch (error) {
      notify({ title: "Not saved", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  return (
    <section className="card quote-form" aria-labelledby="account-details">
      <h2 id="account-details">Your details</h2>
      {!details ? (
        <p>We hold no name or phone number for this address.</p>
      ) : editing ? (
        <form
          className="quote-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save(event.currentTarget);
          }}
        >
          <label>
            First name
            <input
              type="text"
              name="firstName"
              defaultValue={details.firstName}
              required
              maxLength={60}
              autoComplete="given-name"
            />
          </label>
          <label>
            Last name
            <input
              type="text"
              name="lastName"
              defaultValue={details.lastName}
              required
              maxLength={60}
              autoComplete="family-name"
            />
          </label>
          <label>
            Phone number
            <input
              type="tel"
              name="phone"
              defaultValue={details.phone ?? ""}
              maxLength={20}
              autoComplete="tel"
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? "account-phone-error" : undefined}
            />
          </label>
          {phoneError ? (
            <p id="account-phone-error" className="account-alert" role="alert">
              {phoneError}
            </p>
          ) : null}
          <div className="cta-row">
            <Button size="3" type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save my details"}
            </Button>
            <Button
              size="3"
              type="button"
              variant="soft"
              color="gray"
              onClick={() => {
                setEditing(false);
                setPhoneError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="account-details">
            <dt>Name</dt>
            <dd>{`${details.firstName} ${details.lastName}`.trim()}</dd>
            <dt>Phone</dt>
            <dd>{details.phone ?? "None given"}</dd>
            <dt>E-mail</dt>
            <dd>{summary.email}</dd>
          </dl>
          <p className="quote-small">To change your e-mail address, which you sign in with, please call us.</p>
          <div className="cta-row">
            <Button size="3" variant="soft" onClick={() => setEditing(true)}>
              Change my details
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function Preferences({ summary, onChange }: { summary: AccountSummary; onChange: (summary: AccountSummary) => void }) {
  const [busy, setBusy] = useState(false);
  async function change(preference: "reminders" | "deals", on: boolean) {
    setBusy(true);
    try {
      const preferences = await api<AccountSummary["preferences"]>("/api/account/preferences", {
        method: "PATCH",
        json: { [preference]: on },
      });
      onChange({ ...summary, preferences });
      if (preference === "deals" && on && preferences.deals === "pending")
        notify({ title: "Nearly there", description: "Please confirm with the link we've just e-mailed you." });
    } catch (error) {
      notify({ title: "Not changed", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  const { reminders, deals } = summary.preferences;
  return (
    <section className="card quote-form" aria-labelledby="account-preferences">
      <h2 id="account-preferences">Preferences</h2>
      <label className="quote-check">
        <input type="checkbox" checked={reminders} disabled={busy} onChange={(e) => change("reminders", e.target.checked)} />
        <span>Remind me by e-mail when a service or gas safety check is due</span>
      </label>
      <label className="quote-check">
        <input type="checkbox" checked={deals !== "off"} disabled={busy} onChange={(e) => change("deals", e.target.checked)} />
        <span>
          Send me deals and heating tips
          {deals === "pending" ? <span className="quote-small"> (waiting for you to confirm from the e-mail)</span> : null}
        </span>
      </label>
    </section>
  );
}

function YourData({ summary, reload }: { summary: AccountSummary; reload: () => unknown }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  async function download() {
    try {
      const data = await api("/api/account/export");
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: "my-data.json" });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify({ title: "Download failed", description: linkFailure(error), variant: "destructive" });
    }
  }
  async function requestErasure() {
    setBusy(true);
    try {
      await api("/api/account/erasure-request", { json: { reason: reason.trim() || undefined } });
      notify({ title: "Request sent", description: "We'll reply by e-mail within a month." });
      setAsking(false);
      await reload();
    } catch (error) {
      notify({ title: "Not sent", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  return (
    <section className="card quote-form" aria-labelledby="account-data">
      <h2 id="account-data">Your data</h2>
      <p>A copy of everything we hold about you, as a file you can keep or give to someone else.</p>
      <div className="cta-row">
        <Button size="3" variant="soft" onClick={download}>
          Download my data
        </Button>
      </div>
      {summary.erasureRequestedAt ? (
        <p role="status">
          You asked us to delete your account on {formatFullDate(summary.erasureRequestedAt)}. We'll reply by e-mail.
        </p>
      ) : asking ? (
        <div className="account-erase">
          <p>
            We'll delete your account and what we hold about you, except the records the law says we must keep for a while
            (invoices for six years, gas safety records for two): see our <a href="/privacy">privacy policy</a>. We reply by
            e-mail within a month.
          </p>
          <label>
            Anything you'd like to tell us (optional)
            <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <div className="cta-row">
            <Button size="3" color="red" onClick={requestErasure} disabled={busy}>
              {busy ? "Sending…" : "Ask us to delete my account"}
            </Button>
            <Button size="3" variant="soft" color="gray" onClick={() => setAsking(false)}>
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <div className="cta-row">
          <Button size="3" variant="soft" color="red" onClick={() => setAsking(true)}>
            Delete my account
          </Button>
        </div>
      )}
    </section>
  );
}
