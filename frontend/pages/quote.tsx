import { Button } from "@radix-ui/themes";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { type EstimateOption, optionTotals, type PublicEstimate } from "../../schema/api/estimates";
import { cancellationNotice, EARLY_START_WORDS, modelCancellationForm } from "../../schema/consumer-contracts";
import { formatPence } from "../../schema/format";
import { formatFullDate } from "../../schema/london-time-text";
import { lineAmounts } from "../../schema/money";
import { PageHero } from "../components/site/page-hero";
import { api } from "../lib/api";
import { FactLink, useFacts } from "../lib/facts";
import { linkFailure, useLinkedRecord } from "../lib/linked-page";
import "../components/quote/quote.css";
import { londonToday } from "../../schema/london-time";

/** The drawing pad (signature_pad) loads only for a customer who chooses to sign. */
const SignatureField = lazy(() => import("../components/signature/signature-field").then((m) => ({ default: m.SignatureField })));

/** /quote/:token: the customer's priced quote from the link in their e-mail, to accept or decline. */
export default function QuotePage() {
  const { token, state, setState } = useLinkedRecord<PublicEstimate>({
    what: "quote",
    path: (found) => `/api/estimates/${encodeURIComponent(found)}`,
    backFromStripe: ["deposit", "paid"],
    paymentPending: (quote) => Boolean(quote.acceptance && quote.acceptance.depositToPayPence > 0),
  });
  return (
    <>
      <PageHero
        eyebrow="Your quote"
        title="Your quote"
        lead="See the prices, choose an option and accept it online, or tell us it isn't for you."
      />
      <section className="section">
        <div className="container quote">
          {state.name === "loading" ? (
            <div className="card" aria-busy="true">
              <p className="quote-small">Loading your quote…</p>
            </div>
          ) : state.name === "failed" ? (
            <div className="card" role="alert">
              <h2>We couldn't open this quote</h2>
              <p>{state.message}</p>
              <p>
                Please call us on <FactLink to="phone" />.
              </p>
            </div>
          ) : (
            <Quote
              token={token}
              quote={state.value}
              notice={state.notice}
              onChange={(quote, notice) => setState({ name: "ready", value: quote, notice })}
            />
          )}
        </div>
      </section>
    </>
  );
}

function Money({ label, pence, total }: { label: string; pence: number; total?: boolean }) {
  return (
    <>
      <dt className={total ? "quote-total" : undefined}>{label}</dt>
      <dd className={total ? "quote-total" : undefined}>{formatPence(pence)}</dd>
    </>
  );
}

function OptionCard({
  quote,
  option,
  chosen,
  extras,
  open,
  onChoose,
  onExtras,
}: {
  quote: PublicEstimate;
  option: EstimateOption;
  chosen: boolean;
  extras: string[];
  open: boolean;
  onChoose: () => void;
  onExtras: (ids: string[]) => void;
}) {
  const totals = optionTotals(option, quote.deposit, quote.vatRegistered, extras);
  const rate = (r: 0 | 5 | 20) => (quote.vatRegistered ? r : 0);
  return (
    <article className="card quote-option" data-chosen={chosen} aria-label={`Option: ${option.name}`}>
      <h3>{option.name}</h3>
      <ul className="quote-lines">
        {option.lines.map((line) => {
          const price = formatPence(lineAmounts(line.quantity, line.unitPence, rate(line.vatRate)).grossPence);
          const text = `${line.description}${line.quantity === 1 ? "" : ` × ${line.quantity}`}`;
          return (
            <li key={line.id}>
              {line.optional ? (
                <label>
                  <input
                    type="checkbox"
                    checked={extras.includes(line.id)}
                    disabled={!open}
                    onChange={(e) => onExtras(e.target.checked ? [...extras, line.id] : extras.filter((id) => id !== line.id))}
                  />
                  <span>
                    {text} <span className="quote-small">(optional)</span>
                  </span>
                </label>
              ) : (
                <span>{text}</span>
              )}
              <span>{price}</span>
            </li>
          );
        })}
      </ul>
      <dl className="quote-money">
        {quote.vatRegistered ? (
          <>
            <Money label="Net" pence={totals.netPence} />
            <Money label="VAT" pence={totals.vatPence} />
          </>
        ) : null}
        <Money label="Total" pence={totals.grossPence} total />
        {totals.depositPence > 0 ? <Money label="Deposit to pay now" pence={totals.depositPence} /> : null}
      </dl>
      {open ? (
        <label className="quote-choose">
          <input type="radio" name="quote-option" checked={chosen} onChange={onChoose} /> Choose {option.name}
        </label>
      ) : null}
    </article>
  );
}

function Quote({
  token,
  quote,
  notice,
  onChange,
}: {
  token: string;
  quote: PublicEstimate;
  notice?: string;
  onChange: (quote: PublicEstimate, notice?: string) => void;
}) {
  const facts = useFacts();
  const accepted = quote.acceptance;
  const open = !accepted && !quote.replaced && !quote.expired && (quote.status === "sent" || quote.status === "viewed");
  const [optionId, setOptionId] = useState(accepted?.optionId ?? (quote.options.length === 1 ? quote.options[0]!.id : ""));
  const [extras, setExtras] = useState<Record<string, string[]>>(
    accepted ? { [accepted.optionId]: accepted.optionalLineIds } : {},
  );
  const [name, setName] = useState("");
  const [startEarly, setStartEarly] = useState(false);
  const [signing, setSigning] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const address = [facts.address.street, facts.address.locality, facts.address.postcode].join(", ");
  const cards = quote.options.map((option) => (
    <OptionCard
      key={option.id}
      quote={quote}
      option={option}
      chosen={optionId === option.id}
      extras={extras[option.id] ?? []}
      open={open}
      onChoose={() => setOptionId(option.id)}
      onExtras={(ids) => setExtras((e) => ({ ...e, [option.id]: ids }))}
    />
  ));

  async function send(path: "accept" | "decline", body: object, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      onChange(await api<PublicEstimate>(`/api/estimates/${encodeURIComponent(token)}/${path}`, { json: body }), done);
    } catch (error) {
      setProblem(linkFailure(error));
    } finally {
      setBusy(false);
    }
  }
  function accept(event: FormEvent) {
    event.preventDefault();
    if (!optionId) return setProblem("Please choose one of the options first.");
    if (name.trim().length < 2) return setProblem("Please type your full name to accept.");
    void send(
      "accept",
      { optionId, optionalLineIds: extras[optionId] ?? [], name, startEarly, ...(signature ? { signature } : {}) },
      "Thank you: your quote is accepted. We've e-mailed you a copy.",
    );
  }
  return (
    <>
      <div className="card">
        <p className="quote-small">
          Quote {quote.number} for {quote.customerName}
          {quote.place ? `, ${quote.place}` : ""}
        </p>
        <h2>{quote.title}</h2>
        {quote.introduction ? <p>{quote.introduction}</p> : null}
        <p className="quote-small">
          Valid until {formatFullDate(quote.validUntil)}.{" "}
          {quote.vatRegistered ? "Prices include VAT." : "We are not VAT registered: no VAT is added."}
        </p>
        {notice ? (
          <p role="status" className="book-notice">
            {notice}
          </p>
        ) : null}
        {quote.replaced ? (
          <p role="alert">This quote was replaced by a newer version: please open the link in our latest e-mail.</p>
        ) : quote.cancelledAt ? (
          <p role="status">
            You cancelled this quote on {formatFullDate(quote.cancelledAt)}.
            {accepted?.refundedAt ? " Your deposit has been refunded to your card." : ""}
          </p>
        ) : accepted ? (
          <p role="status">
            Accepted by {accepted.name} on {formatFullDate(accepted.acceptedAt)}.{" "}
            <a href={`/api/documents/estimate/${encodeURIComponent(token)}`} target="_blank" rel="noopener">
              Download the accepted quote (PDF)
            </a>
          </p>
        ) : quote.status === "declined" ? (
          <p role="status">
            You declined this quote. Call us on <FactLink to="phone" /> if you'd like a new one.
          </p>
        ) : quote.expired ? (
          <p role="alert">
            This quote has expired. Call us on <FactLink to="phone" /> and we'll send you an up-to-date one.
          </p>
        ) : null}
      </div>
      {open ? (
        <div className="quote-options" role="radiogroup" aria-label="Options">
          {cards}
        </div>
      ) : (
        <div className="quote-options">{cards}</div>
      )}
      {quote.terms ? (
        <div className="card">
          <h2>Terms</h2>
          <p style={{ whiteSpace: "pre-wrap" }}>{quote.terms}</p>
        </div>
      ) : null}
      <div className="card">
        <h2>Before you accept: your right to cancel</h2>
        <p>
          {facts.gasSafeNumber ? `Gas Safe registered (number ${facts.gasSafeNumber}). ` : ""}
          {address}. Phone <FactLink to="phone" />, e-mail {facts.email}.
        </p>
        {cancellationNotice({ phone: facts.phone, email: facts.email, address }).map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
        <details>
          <summary>Model cancellation form</summary>
          {modelCancellationForm({ email: facts.email, address }).map((line) => (
            <p key={line} className="quote-small">
              {line}
            </p>
          ))}
        </details>
      </div>
      {accepted && !quote.cancelledAt ? <AfterAcceptance token={token} quote={quote} onChange={onChange} /> : null}
      {open ? (
        <div className="card">
          {declining ? (
            <form
              className="quote-form"
              onSubmit={(e) => {
                e.preventDefault();
                void send("decline", { reason: reason.trim() || null }, "Thank you for letting us know.");
              }}
            >
              <h2>Decline this quote</h2>
              <label>
                Anything we should know? (optional)
                <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
              </label>
              {problem ? (
                <p className="quote-error" role="alert">
                  {problem}
                </p>
              ) : null}
              <div className="cta-row">
                <Button size="3" color="red" type="submit" disabled={busy}>
                  Decline the quote
                </Button>
                <Button size="3" variant="soft" color="gray" type="button" onClick={() => setDeclining(false)}>
                  Back
                </Button>
              </div>
            </form>
          ) : (
            <form className="quote-form" onSubmit={accept}>
              <h2>Accept this quote</h2>
              <label>
                Your full name
                <input type="text" autoComplete="name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
              </label>
              {signing ? (
                <Suspense fallback={<p className="quote-small">Opening the signature box…</p>}>
                  <SignatureField
                    id="quote-signature"
                    label="Your signature (optional)"
                    value={signature}
                    onChange={setSignature}
                  />
                </Suspense>
              ) : (
                <p className="quote-small">
                  Your typed name is your signature.{" "}
                  <button type="button" className="quote-link-button" onClick={() => setSigning(true)}>
                    Draw a signature as well
                  </button>
                </p>
              )}
              <label className="quote-check">
                <input type="checkbox" checked={startEarly} onChange={(e) => setStartEarly(e.target.checked)} />
                <span>{EARLY_START_WORDS}</span>
              </label>
              <p className="quote-small">By accepting you enter a contract with us on these terms, for the option you chose.</p>
              {problem ? (
                <p className="quote-error" role="alert">
                  {problem}
                </p>
              ) : null}
              <div className="cta-row">
                <Button size="3" type="submit" disabled={busy}>
                  {busy ? "Accepting…" : "Accept the quote"}
                </Button>
                <Button size="3" variant="soft" color="gray" type="button" onClick={() => setDeclining(true)}>
                  Decline
                </Button>
              </div>
            </form>
          )}
        </div>
      ) : null}
    </>
  );
}

/** After accepting: pay the deposit (Stripe Checkout), or cancel within the 14 days. */
function AfterAcceptance({
  token,
  quote,
  onChange,
}: {
  token: string;
  quote: PublicEstimate;
  onChange: (quote: PublicEstimate, notice?: string) => void;
}) {
  const accepted = quote.acceptance!;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const path = (action: string) => `/api/estimates/${encodeURIComponent(token)}/${action}`;
  const canCancel = londonToday() <= accepted.cancelUntil;
  async function payDeposit() {
    setBusy(true);
    setProblem(null);
    try {
      const { checkoutUrl } = await api<{ checkoutUrl: string }>(path("deposit"), { method: "POST" });
      window.location.assign(checkoutUrl);
    } catch (error) {
      setProblem(linkFailure(error));
      setBusy(false);
    }
  }
  async function cancel(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onChange(
        await api<PublicEstimate>(path("cancel"), { json: { reason: reason.trim() || null } }),
        "Your quote is cancelled. We've e-mailed you to confirm.",
      );
    } catch (error) {
      setProblem(linkFailure(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="card quote-form">
      {accepted.depositPence > 0 ? (
        accepted.depositPaidAt ? (
          <p role="status">Deposit of {formatPence(accepted.depositPence)} paid. Thank you!</p>
        ) : accepted.depositToPayPence > 0 ? (
          <>
            <h2>Pay the deposit</h2>
            <p>
              A deposit of {formatPence(accepted.depositPence)} secures your booking.{" "}
              {accepted.depositToPayPence < accepted.depositPence
                ? `${formatPence(accepted.depositPence - accepted.depositToPayPence)} is paid; ${formatPence(accepted.depositToPayPence)} is left. `
                : ""}
              You pay it securely by card with Stripe.
            </p>
            <div className="cta-row">
              <Button size="3" onClick={payDeposit} disabled={busy}>
                Pay {formatPence(accepted.depositToPayPence)} by card
              </Button>
            </div>
          </>
        ) : (
          <p role="status">This job has been invoiced: please pay the invoice from its e-mail.</p>
        )
      ) : null}
      {canCancel ? (
        cancelling ? (
          <form className="quote-form" onSubmit={cancel}>
            <h2>Cancel the contract</h2>
            <p>
              You can cancel until {formatFullDate(accepted.cancelUntil)}.{" "}
              {accepted.depositPaidAt ? "Your deposit will be refunded to your card." : ""}
            </p>
            <label>
              Anything we should know? (optional)
              <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            <div className="cta-row">
              <Button size="3" color="red" type="submit" disabled={busy}>
                Cancel the contract
              </Button>
              <Button size="3" variant="soft" color="gray" type="button" onClick={() => setCancelling(false)}>
                Keep it
              </Button>
            </div>
          </form>
        ) : (
          <p className="quote-small">
            Changed your mind? You can cancel until {formatFullDate(accepted.cancelUntil)}.{" "}
            <button type="button" className="quote-link-button" onClick={() => setCancelling(true)}>
              Cancel the contract
            </button>
          </p>
        )
      ) : null}
      {problem ? (
        <p className="quote-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
