import type { QuoteLine } from "../../../schema/api/quotes";
import { company } from "../../../schema/business";
import { cancellationNotice, modelCancellationForm } from "../../../schema/consumer-contracts";
import { formatPence } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";
import { lineAmounts, type Totals } from "../../../schema/money";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { acceptedQuoteKind } from "./document-kind";

/** The e-mails of a priced quote: the link when it is sent, the confirmations when it is accepted. */
export function quoteSentEmail(input: {
  to: string;
  name: string;
  number: string;
  title: string;
  validUntil: string;
  url: string;
  revised: boolean;
}): MailMessage {
  return {
    kind: "quote",
    to: input.to,
    subject: `${company.shortName}: ${input.revised ? "your updated quote" : "your quote"} ${input.number}`,
    ...mailParts(input.revised ? "Your updated quote" : "Your quote", [
      say(`Hello ${input.name},`),
      say(
        input.revised
          ? `We've updated your quote for ${input.title}. The link below shows the new version; the earlier one can no longer be accepted.`
          : `Thank you for asking us to quote for ${input.title}. You can see the prices, choose an option and accept it online.`,
      ),
      fieldsBlock([
        ["Quote", input.number],
        ["Valid until", formatFullDate(input.validUntil)],
      ]),
      action(input.url, "View your quote", "View your quote:"),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}

const addressOf = () => {
  const f = factsNow();
  return [f.address.street, f.address.locality, f.address.postcode].join(", ");
};

/** The customer's confirmation (with their right to cancel and the model form) and the owner's news. */
export function quoteAcceptedEmails(input: {
  quoteId: number;
  customer: { to: string; name: string } | null;
  owner: string;
  customerName: string;
  number: string;
  title: string;
  optionName: string;
  lines: QuoteLine[];
  totals: Totals & { depositPence: number };
  vatRegistered: boolean;
  startEarly: boolean;
  url: string;
  adminUrl: string;
}): MailMessage[] {
  const facts = factsNow();
  const lineFields = input.lines.map((l): [string, string] => [
    `${l.description}${l.quantity === 1 ? "" : ` × ${l.quantity}`}`,
    formatPence(lineAmounts(l.quantity, l.unitPence, input.vatRegistered ? l.vatRate : 0).grossPence),
  ]);
  const money: [string, string][] = [
    ...(input.vatRegistered
      ? ([
          ["Net", formatPence(input.totals.netPence)],
          ["VAT", formatPence(input.totals.vatPence)],
        ] as [string, string][])
      : []),
    ["Total", formatPence(input.totals.grossPence)],
    ...(input.totals.depositPence > 0 ? ([["Deposit", formatPence(input.totals.depositPence)]] as [string, string][]) : []),
  ];
  const mails: MailMessage[] = [];
  if (input.customer) {
    const notice = cancellationNotice({ phone: facts.phone, email: facts.email, address: addressOf() });
    mails.push({
      kind: "quote",
      to: input.customer.to,
      subject: `${company.shortName}: quote ${input.number} accepted`,
      // The accepted quote as a PDF, read from storage when the e-mail is sent.
      attachments: [
        {
          name: `${input.number}.pdf`,
          contentType: "application/pdf",
          document: { kind: acceptedQuoteKind.name, id: input.quoteId },
        },
      ],
      ...mailParts("Thank you: your quote is accepted", [
        say(`Hello ${input.customer.name},`),
        say(`You accepted ${input.optionName} of quote ${input.number} (${input.title}). We'll be in touch to arrange the work.`),
        fieldsBlock([...lineFields, ...money]),
        say(
          input.startEarly
            ? "You asked us to start the work within the 14-day cancellation period."
            : "You did not ask us to start within the 14-day cancellation period: we'll book the work after it ends unless you ask us sooner.",
        ),
        ...notice.map(say),
        ...modelCancellationForm({ email: facts.email, address: addressOf() }).map(say),
        action(input.url, "See the quote you accepted", "See the quote you accepted:"),
      ]),
    });
  }
  mails.push({
    kind: "quote",
    to: input.owner,
    subject: `Quote ${input.number} accepted by ${input.customerName}`,
    ...mailParts("A quote was accepted", [
      say(`${input.customerName} accepted ${input.optionName} of quote ${input.number} (${input.title}).`),
      fieldsBlock([...money, ["Early start asked", input.startEarly ? "Yes" : "No"]]),
      action(input.adminUrl, "Open the quote", "Open the quote:"),
    ]),
  });
  return mails;
}

/** A follow-up of a quote not answered yet: 3 days after sending, and the last one after 7. */
export function quoteFollowUpEmail(input: {
  to: string;
  name: string;
  number: string;
  title: string;
  validUntil: string;
  url: string;
  last: boolean;
}): MailMessage {
  return {
    kind: "quote",
    to: input.to,
    subject: `${company.shortName}: your quote ${input.number} is waiting`,
    ...mailParts("Your quote is waiting", [
      say(`Hello ${input.name},`),
      say(
        input.last
          ? `Just a last note about our quote for ${input.title}. If it isn't for you, you can decline it from the same page, and we won't write again.`
          : `We wanted to check you got our quote for ${input.title}, and whether you have any questions about it.`,
      ),
      fieldsBlock([
        ["Quote", input.number],
        ["Valid until", formatFullDate(input.validUntil)],
      ]),
      action(input.url, "View your quote", "View your quote:"),
      say(`Or call us on ${factsNow().phone}: we're happy to talk it through.`),
    ]),
  };
}

/** The cancellation confirmed to the customer, and the owner told (with what to do about the money). */
export function quoteCancelledEmails(input: {
  customer: { to: string; name: string } | null;
  owner: string;
  customerName: string;
  number: string;
  reason: string | null;
  depositPence: number;
  /** How the deposit goes back: to the card now, to the card later (Stripe failed), or by the office. */
  refund: "none" | "done" | "failed" | "by-us";
  /** The credit note that cancels the job's invoice, and what was paid on that invoice. */
  creditNote: string | null;
  invoicePaidPence: number;
  startEarly: boolean;
  adminUrl: string;
}): MailMessage[] {
  const money =
    input.refund === "done"
      ? `Your deposit of ${formatPence(input.depositPence)} has been refunded to your card: it usually shows within 5 to 10 days.`
      : input.refund === "failed" || input.refund === "by-us"
        ? `We'll refund your deposit of ${formatPence(input.depositPence)} within 14 days.`
        : null;
  const invoice = input.creditNote
    ? `Your invoice is cancelled by credit note ${input.creditNote}${input.invoicePaidPence > 0 ? `; we'll be in touch about the ${formatPence(input.invoicePaidPence)} you paid on it` : ""}.`
    : null;
  const mails: MailMessage[] = [];
  if (input.customer) {
    mails.push({
      kind: "quote",
      to: input.customer.to,
      subject: `${company.shortName}: quote ${input.number} cancelled`,
      ...mailParts("Your cancellation", [
        say(`Hello ${input.customer.name},`),
        say(`We've cancelled your accepted quote ${input.number}, as you asked.`),
        ...(money ? [say(money)] : []),
        ...(invoice ? [say(invoice)] : []),
        say(`Questions? Call us on ${factsNow().phone}.`),
      ]),
    });
  }
  mails.push({
    kind: "quote",
    to: input.owner,
    subject: `Quote ${input.number} cancelled by ${input.customerName}`,
    ...mailParts("An accepted quote was cancelled", [
      say(
        `${input.customerName} cancelled quote ${input.number} within the 14 days.${input.reason ? ` They said: "${input.reason}"` : ""}`,
      ),
      ...(input.refund === "failed"
        ? [
            say(
              `The deposit (${formatPence(input.depositPence)}) could not be refunded through Stripe just now: it will be tried again automatically, or refund it from the quote.`,
            ),
          ]
        : input.refund === "by-us"
          ? [
              say(
                `The deposit (${formatPence(input.depositPence)}) was not paid by card: give it back within 14 days and record it on the quote.`,
              ),
            ]
          : input.refund === "done"
            ? [say(`The deposit (${formatPence(input.depositPence)}) was refunded through Stripe.`)]
            : []),
      ...(input.creditNote
        ? [
            say(
              `Its invoice was credited in full (credit note ${input.creditNote}).${input.invoicePaidPence > 0 ? ` ${formatPence(input.invoicePaidPence)} paid on it is now paid over: refund it from the invoice, less anything owed for work done.` : ""}`,
            ),
          ]
        : []),
      ...(input.startEarly ? [say("They had asked for the work to start early: they owe for any work already done.")] : []),
      say("Cancel or move the job's visit in the calendar if it was booked."),
      action(input.adminUrl, "Open the quote", "Open the quote:"),
    ]),
  });
  return mails;
}
