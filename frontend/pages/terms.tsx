import type { ReactNode } from "react";
import { Link } from "wouter";
import { company, delivery } from "../../schema/business";
import { PageHero } from "../components/site/page-hero";
import { Fact, FactLink } from "../lib/facts";

/** How many hours before a booked visit it can still be cancelled or moved online (the booking service's rule). */
const CHANGE_BOOKING_HOURS = 24;

const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "who",
    title: "Who we are",
    body: (
      <>
        <p>
          These terms apply when you buy parts from our online store, ask us for a quote, book a visit or have work done by{" "}
          {company.name} ("we", "us"), <Fact name="address" />. Our Gas Safe registration number is <Fact name="gasSafeNumber" />:
          you can check it on the Gas Safe Register.
        </p>
        <p>
          You can reach us on <FactLink to="phone" /> or at <FactLink to="email" />. Nothing in these terms takes away your rights
          as a consumer under UK law.
        </p>
      </>
    ),
  },
  {
    id: "orders",
    title: "Ordering parts online",
    body: (
      <>
        <p>
          Prices in the store are in pounds sterling and include VAT. The price you pay is the one shown at checkout. When you
          place an order we e-mail you to say we have received it; the contract is made when we confirm it and take payment. If a
          part turns out to be out of stock or wrongly priced, we tell you and give you the choice of waiting, another part or a
          full refund.
        </p>
      </>
    ),
  },
  {
    id: "delivery",
    title: "Delivery",
    body: (
      <>
        <ul className="privacy__list">
          {delivery.terms.map((term) => (
            <li key={term}>{term}.</li>
          ))}
        </ul>
        <p>
          We aim to deliver within a few working days and at the latest within 30 days of your order. If we can't, we tell you and
          you may cancel for a full refund.
        </p>
      </>
    ),
  },
  {
    id: "cancel-orders",
    title: "Changing your mind: 14 days to cancel",
    body: (
      <>
        <p>
          Under the Consumer Contracts Regulations you can cancel an online order for any reason within 14 days of the day you
          receive the parts. Tell us by phone or e-mail; you then have a further 14 days to send the parts back, unused and in
          their packaging. We refund the price and the standard delivery charge within 14 days of getting them back (or of your
          proof of posting), to the card you paid with. You pay the cost of returning them unless the part was faulty or not what
          you ordered.
        </p>
        <p>
          Parts that have been fitted, or electrical parts whose seal has been broken, can't be returned under this right, but you
          still have your rights if a part is faulty.
        </p>
      </>
    ),
  },
  {
    id: "faulty",
    title: "Faulty parts",
    body: (
      <p>
        Under the Consumer Rights Act every part must be of satisfactory quality, fit for purpose and as described. If a part is
        faulty, tell us: within 30 days of delivery you can have a full refund; after that we repair or replace it, and if that
        doesn't work, refund you. Parts also carry their manufacturer's warranty.
      </p>
    ),
  },
  {
    id: "quotes",
    title: "Quotes",
    body: (
      <p>
        A quote is free and without obligation. It is a fixed price for the work it describes, valid for 30 days. If we find
        something during the job that the quote could not have foreseen (a hidden leak, a part that breaks as it is removed), we
        stop, explain and agree any extra cost with you before going on.
      </p>
    ),
  },
  {
    id: "bookings",
    title: "Booking a visit online",
    body: (
      <>
        <p>
          When you book a visit online, your booking is confirmed by e-mail with a link to manage it. You can cancel or move the
          visit with that link, free of charge, up to {CHANGE_BOOKING_HOURS} hours before it starts. After that, please call us on{" "}
          <FactLink to="phone" />: we'll always try to help.
        </p>
        <p>
          If work you agreed to on the day is done in your home, you may still cancel within 14 days of agreeing to it, but if you
          asked us to start sooner you pay for the work done up to then.
        </p>
      </>
    ),
  },
  {
    id: "work",
    title: "Fitted work and our guarantee",
    body: (
      <>
        <p>
          All gas work is done by Gas Safe registered engineers, to the manufacturer's instructions and current regulations, and
          we register new boilers with the manufacturer and with building control. Our workmanship is guaranteed for{" "}
          {company.warrantyMonths} months (longer with the boiler packages, as each package says), on top of the manufacturer's
          warranty on the boiler and parts.
        </p>
        <p>
          If something we did isn't right, tell us and we'll put it right free of charge. The guarantee doesn't cover damage from
          misuse, work by others, or a boiler that isn't serviced as its manufacturer requires.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Paying",
    body: (
      <p>
        Online orders are paid by card on Stripe's secure payment page: we never see or store your card number. For fitted work we
        tell you in the quote when payment is due; we don't ask for payment before work starts unless the quote says so (for
        example a deposit for a boiler ordered for you). Our receipts and invoices are sent by e-mail.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Our responsibility to you",
    body: (
      <p>
        We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or of our
        failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable, or for business
        losses. Nothing here limits our liability for death or personal injury caused by our negligence, for fraud, or for
        anything else the law does not allow us to limit. We hold full public liability insurance.
      </p>
    ),
  },
  {
    id: "complaints",
    title: "Complaints",
    body: (
      <p>
        If you're unhappy with anything we've done, call <FactLink to="phone" /> or e-mail <FactLink to="email" /> and tell us
        what went wrong. We'll acknowledge it within two working days and aim to put it right within 14 days. About gas safety,
        you can also contact the Gas Safe Register.
      </p>
    ),
  },
  {
    id: "law",
    title: "The law that applies",
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales can hear any dispute (if you
        live in Scotland or Northern Ireland, you may also bring proceedings there). How we look after your information is set out
        in our <Link href="/privacy">privacy notice</Link>.
      </p>
    ),
  },
];

/** /terms: the terms a customer buys parts, books visits and has work done under. */
export default function Terms() {
  return (
    <>
      <PageHero
        eyebrow="Terms of Service"
        title="Our terms, in plain English"
        lead="What you can expect from us when you buy parts, ask for a quote, book a visit or have work done, and your rights if something goes wrong."
      />
      <section className="section privacy terms" aria-label="Terms">
        <div className="container">
          <div className="privacy__body">
            <nav aria-labelledby="terms-contents-title" className="terms__contents">
              <h2 id="terms-contents-title" className="terms__contents-title">
                Contents
              </h2>
              <ol>
                {sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#terms-${section.id}`}>{section.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
            {sections.map((section) => (
              <section key={section.id} aria-labelledby={`terms-${section.id}`}>
                <h2 id={`terms-${section.id}`} className="privacy__title">
                  {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
