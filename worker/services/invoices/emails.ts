import { type PaymentMethod, paymentMethodLabels } from "../../../schema/api/payment-methods";
import { company } from "../../../schema/business";
import { formatPence } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { creditNoteKind, invoiceKind } from "./document-kinds";

/**
 * The e-mails of an invoice: sent at issue with its PDF, reminders while unpaid, a receipt for each
 * payment, each credit note with its PDF, and each refund.
 */
type Who = { to: string; name: string };

export function invoiceIssuedEmail(
  input: Who & {
    invoiceId: number;
    number: string;
    balancePence: number;
    dueDate: string;
    url: string;
  },
): MailMessage {
  return {
    kind: "document",
    to: input.to,
    subject: `${company.shortName}: invoice ${input.number}`,
    ...mailParts(`Invoice ${input.number}`, [
      say(`Hello ${input.name},`),
      say("Thank you for choosing us. Your invoice is attached, and you can pay it online by card."),
      fieldsBlock([
        ["Invoice", input.number],
        ["To pay", formatPence(input.balancePence)],
        ["Due by", formatFullDate(input.dueDate)],
      ]),
      action(input.url, "View and pay your invoice", "View and pay your invoice:"),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
    attachments: [
      { name: `${input.number}.pdf`, contentType: "application/pdf", document: { kind: invoiceKind.name, id: input.invoiceId } },
    ],
  };
}

/** The reminder stages: 3 days before the due date, on it, 7 and 14 days after. */
export const CHASE_STAGES = [-3, 0, 7, 14] as const;
export type ChaseStage = (typeof CHASE_STAGES)[number];

export function invoiceReminderEmail(
  input: Who & {
    number: string;
    balancePence: number;
    dueDate: string;
    stage: ChaseStage;
    url: string;
  },
): MailMessage {
  const due = formatFullDate(input.dueDate);
  const lead =
    input.stage < 0
      ? `A friendly reminder that invoice ${input.number} is due on ${due}.`
      : input.stage === 0
        ? `A friendly reminder that invoice ${input.number} is due today.`
        : `Our records show invoice ${input.number} was due on ${due} and is still unpaid. If you've paid in the last few days, thank you, and please ignore this.`;
  return {
    kind: "reminder",
    to: input.to,
    subject: `${company.shortName}: ${input.stage > 0 ? "overdue" : "reminder,"} invoice ${input.number}`,
    ...mailParts(input.stage > 0 ? "Your invoice is overdue" : "Your invoice is due soon", [
      say(`Hello ${input.name},`),
      say(lead),
      fieldsBlock([
        ["Invoice", input.number],
        ["Left to pay", formatPence(input.balancePence)],
        ["Due by", due],
      ]),
      action(input.url, "Pay your invoice", "Pay your invoice:"),
      say(`Any questions about it? Call us on ${factsNow().phone}.`),
    ]),
  };
}

/**
 * The receipt for one payment, whatever the method and however much of the invoice it paid: what
 * came in, how and when, and what is left (or that the invoice is paid in full).
 */
export function paymentReceiptEmail(
  input: Who & { number: string; amountPence: number; method: PaymentMethod; paidOn: string; balancePence: number; url: string },
): MailMessage {
  const paidInFull = input.balancePence <= 0;
  return {
    kind: "receipt",
    to: input.to,
    subject: `${company.shortName}: receipt for ${formatPence(input.amountPence)}, invoice ${input.number}`,
    ...mailParts(paidInFull ? "Thank you: paid in full" : "Thank you for your payment", [
      say(`Hello ${input.name},`),
      say(
        paidInFull
          ? `Thank you for your payment. Invoice ${input.number} is now paid in full.`
          : `Thank you for your payment towards invoice ${input.number}. This is your receipt.`,
      ),
      fieldsBlock([
        ["Invoice", input.number],
        ["Paid", formatPence(input.amountPence)],
        ["How", paymentMethodLabels[input.method]],
        ["Paid on", formatFullDate(input.paidOn)],
        ["Left to pay", paidInFull ? "Nothing: paid in full" : formatPence(input.balancePence)],
      ]),
      action(input.url, paidInFull ? "See your invoice" : "See your invoice and pay the rest", "See your invoice:"),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}

/** A credit note issued against an invoice: its PDF attached and linked, and what the invoice leaves to pay. */
export function creditNoteEmail(
  input: Who & {
    creditNoteId: number;
    number: string;
    invoiceNumber: string;
    grossPence: number;
    reason: string;
    balancePence: number;
    pdfUrl: string;
    invoiceUrl: string;
  },
): MailMessage {
  return {
    kind: "document",
    to: input.to,
    subject: `${company.shortName}: credit note ${input.number} for invoice ${input.invoiceNumber}`,
    ...mailParts(`Credit note ${input.number}`, [
      say(`Hello ${input.name},`),
      say(`We've credited ${formatPence(input.grossPence)} against invoice ${input.invoiceNumber}. The credit note is attached.`),
      fieldsBlock([
        ["Credit note", input.number],
        ["Against invoice", input.invoiceNumber],
        ["Credited", formatPence(input.grossPence)],
        ["Why", input.reason],
        [
          input.balancePence < 0 ? "Paid over" : "Left to pay",
          input.balancePence < 0 ? `${formatPence(-input.balancePence)} (we will give it back)` : formatPence(input.balancePence),
        ],
      ]),
      action(input.pdfUrl, "Download the credit note (PDF)", "The credit note (PDF):"),
      action(input.invoiceUrl, "See your invoice", "See your invoice:"),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
    attachments: [
      {
        name: `${input.number}.pdf`,
        contentType: "application/pdf",
        document: { kind: creditNoteKind.name, id: input.creditNoteId },
      },
    ],
  };
}

/** Money the office gave back on an invoice (by card through Stripe, or by bank, cash or cheque). */
export function invoiceRefundEmail(
  input: Who & { number: string; amountPence: number; method: PaymentMethod; refundedOn: string; url: string },
): MailMessage {
  const amount = formatPence(input.amountPence);
  return {
    kind: "receipt",
    to: input.to,
    subject: `${company.shortName}: ${amount} refunded (invoice ${input.number})`,
    ...mailParts("Your refund", [
      say(`Hello ${input.name},`),
      say(
        input.method === "card"
          ? `We've refunded ${amount} to your card: it usually shows within 5 to 10 days.`
          : `We've given you back ${amount} on invoice ${input.number}.`,
      ),
      fieldsBlock([
        ["Invoice", input.number],
        ["Refund", amount],
        ["How", paymentMethodLabels[input.method]],
        ["On", formatFullDate(input.refundedOn)],
      ]),
      action(input.url, "See your invoice", "See your invoice:"),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}
