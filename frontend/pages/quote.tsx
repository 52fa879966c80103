import { useState } from "react";
import type { PublicQuote } from "../../schema/api/quotes";
import { formatFullDate } from "../../schema/london-time-text";
import { AfterAcceptance } from "../components/quote/after-acceptance";
import { AnswerQuote } from "../components/quote/answer-quote";
import { CancellationRights } from "../components/quote/cancellation-rights";
import { OptionCard } from "../components/quote/option-card";
import { PageHero } from "../components/site/page-hero";
import { FactLink } from "../lib/facts";
import { useLinkedRecord } from "../lib/linked-page";
import "../components/quote/quote.css";

/** /quote/:token: the customer's priced quote from the link in their e-mail, to accept or decline. */
export default function QuotePage() {
  const { token, state, setState } = useLinkedRecord<PublicQuote>({
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

function Quote({
  token,
  quote,
  notice,
  onChange,
}: {
  token: string;
  quote: PublicQuote;
  notice?: string;
  onChange: (quote: PublicQuote, notice?: string) => void;
}) {
  const accepted = quote.acceptance;
  const open = !accepted && !quote.replaced && !quote.expired && (quote.status === "sent" || quote.status === "viewed");
  const [optionId, setOptionId] = useState(accepted?.optionId ?? (quote.options.length === 1 ? quote.options[0]!.id : ""));
  const [extras, setExtras] = useState<Record<string, string[]>>(
    accepted ? { [accepted.optionId]: accepted.optionalLineIds } : {},
  );
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
      <CancellationRights />
      {accepted && !quote.cancelledAt ? <AfterAcceptance token={token} quote={quote} onChange={onChange} /> : null}
      {open ? <AnswerQuote token={token} optionId={optionId} extras={extras[optionId] ?? []} onChange={onChange} /> : null}
    </>
  );
}
