import type { ReactNode } from "react";
import { Link } from "wouter";
import { company } from "../../schema/business";
import { settings } from "../../schema/settings";
import { PageHero } from "../components/site/page-hero";
import { Fact, FactLink } from "../lib/facts";

const { retention } = settings;
const days = (n: number) => `${n} days`;

/**
 * What the site keeps. The periods come from schema/settings.ts, the module the retention cron
 * reads, so this page and the deletions can never disagree.
 */
const records: { id: string; title: string; what: ReactNode; why: ReactNode; kept: ReactNode }[] = [
  {
    id: "quotes",
    title: "Quote requests",
    what: "Your name, phone number, e-mail address, postcode, the service you need and your message.",
    why: "To reply to you and prepare your quote, at your request.",
    kept: "As long as we need it for your enquiry and any work that follows. Ask us and we'll delete it sooner.",
  },
  {
    id: "orders",
    title: "Parts orders",
    what: (
      <>
        Your name, e-mail address, phone number, delivery address, order notes and the parts you ordered. Card payments are made
        on Stripe's secure page: we never see or store your card number.
      </>
    ),
    why: "To supply and deliver your order, and to keep the sales records the law requires of us.",
    kept: "As long as tax and accounting law requires us to keep sales records.",
  },
  {
    id: "work",
    title: "Visits, quotes, invoices and safety records",
    what: (
      <>
        Your name, address and contact details, your properties and their gas appliances, the visits we made and what we did, the
        quotes we sent and your answer to them, invoices and payments, and the gas safety records and service sheets we issued.
      </>
    ),
    why: "To do the work you ask for, and to keep the records the law requires of a Gas Safe business.",
    kept: (
      <>
        Invoices and payments for {retention.invoiceYears} years (tax law); gas safety records and warning notices for at least{" "}
        {retention.safetyRecordYears} years (the Gas Safety (Installation and Use) Regulations). "Delete my account" on{" "}
        <Link href="/account">your account</Link> deletes the rest, and takes your e-mail address and phone number off the records
        we must keep.
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    what: (
      <>
        When you sign in to <Link href="/account">your account</Link>: your e-mail address, and a fingerprint (not the link
        itself) of each sign-in link and each signed-in browser.
      </>
    ),
    why: "So only the owner of the e-mail address can see the account.",
    kept: (
      <>
        A sign-in link works once, for {settings.account.linkMinutes} minutes; a signed-in browser stays signed in for{" "}
        {settings.account.sessionDays} days or until you sign out. Both are deleted a day after they end.
      </>
    ),
  },
  {
    id: "deals-list",
    title: "Our deals list",
    what: (
      <>
        Your e-mail address, when and on which page you signed up, the wording you agreed to, and when you confirmed by clicking
        the link in our e-mail. That is our evidence of your consent.
      </>
    ),
    why: "To send deals and heating tips only to people who asked for them, with your consent.",
    kept: (
      <>
        A sign-up that is never confirmed is deleted after {days(retention.pendingSignupDays)}. A confirmed address stays until
        you unsubscribe with the link in any of our e-mails; after that we keep only a note that it unsubscribed, so it is never
        e-mailed again.
      </>
    ),
  },
  {
    id: "chats",
    title: "Chats with our assistant",
    what: "The messages you type into the chat and the answers you were given. Please don't type anything private there.",
    why: "To answer your questions, and so we can follow up on a conversation if you ask us to.",
    kept: `Deleted ${retention.chatMonths} months after the last message of the conversation.`,
  },
  {
    id: "basket",
    title: "Your basket",
    what: "The parts in your basket, linked to a random number your browser keeps. It doesn't say who you are.",
    why: "So your basket is still there when you come back.",
    kept: `Emptied after ${days(retention.cartDays)} without use.`,
  },
  {
    id: "emails",
    title: "E-mails we send you",
    what: "A copy of each e-mail we send (order and sign-up confirmations, deals) and whether it was delivered.",
    why: "To check that it arrived and to answer questions about it.",
    kept: `Deleted after ${days(retention.outboxDays)}.`,
  },
  {
    id: "sign-ins",
    title: "Sign-ins to our back office",
    what: "For staff only: the time, internet address and browser of each attempt to sign in to our back office.",
    why: "To spot and stop anyone trying to break in.",
    kept: `Deleted after ${days(retention.signInDays)}.`,
  },
];

const processors = [
  { name: "Cloudflare", role: "hosts this website, its database and image storage, and runs the chat assistant." },
  { name: "Stripe", role: "takes card payments. The card details you give Stripe are covered by Stripe's own privacy notice." },
  { name: "Postmark, our e-mail provider,", role: "delivers the e-mails we send." },
];

/** /privacy: what the site collects, why, for how long, who handles it and how to ask about it. */
export default function Privacy() {
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Your information and how we look after it"
        lead={`${company.name} keeps only what it needs to quote, fit, sell and keep in touch, for as long as this page says. We never sell your details.`}
      />

      <section className="section privacy" aria-labelledby="privacy-kept-title">
        <div className="container">
          <div className="privacy__body">
            <h2 id="privacy-kept-title" className="privacy__title">
              What we keep, why, and for how long
            </h2>
            <ul className="privacy-records">
              {records.map((record) => (
                <li key={record.id} className="card privacy-record">
                  <h3 id={`privacy-${record.id}`} className="privacy-record__title">
                    {record.title}
                  </h3>
                  <dl className="privacy-record__facts">
                    <div>
                      <dt>What</dt>
                      <dd>{record.what}</dd>
                    </div>
                    <div>
                      <dt>Why</dt>
                      <dd>{record.why}</dd>
                    </div>
                    <div>
                      <dt>How long</dt>
                      <dd>{record.kept}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
            <p className="privacy__note">
              To stop abuse, our server also counts for a short while how many requests come from each internet address (for
              example, how many quote requests in an hour). Those counts are not linked to your name.
            </p>

            <h2 className="privacy__title">Cookies and your browser</h2>
            <p>
              We use no advertising or analytics cookies and don't track you across other websites. Your browser keeps a random
              basket number, so your basket survives a visit, and a note that our deals window has been shown, so it doesn't open
              again. Signing in to your account sets a cookie that only our server can read, which keeps you signed in; staff who
              sign in to our back office also get a sign-in cookie.
            </p>

            <h2 className="privacy__title">Who handles it for us</h2>
            <ul className="privacy__list">
              {processors.map((p) => (
                <li key={p.name}>
                  <strong>{p.name}</strong> {p.role}
                </li>
              ))}
            </ul>
            <p>Each of them handles your information only to provide that service to us.</p>

            <h2 className="privacy__title">Your rights, and how to ask</h2>
            <p>
              You can ask for a copy of what we hold about you, ask us to correct or delete it, or object to how we use it. You
              can leave our deals list at any time with the unsubscribe link in any of our e-mails. To ask for anything else,
              e-mail <FactLink to="email" /> or call <FactLink to="phone" />; we reply within one month.
            </p>
            <p>
              If you're not happy with our answer, you can complain to the Information Commissioner's Office at{" "}
              <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.
            </p>

            <h2 className="privacy__title">Who we are</h2>
            <p>
              {company.name}, <Fact name="address" />, is responsible for the information described on this page.{" "}
              <Link href="/">Back to the home page</Link>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
