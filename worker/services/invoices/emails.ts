import { company } from "../../../schema/business";
import { formatPence } from "../../../schema/format";
import { formatFullDate } from "../../../schema/london-time-text";
import { action, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { invoiceKind } from "./document-kinds";

/** The e-mails of an invoice: sent at issue with its PDF, reminders while unpaid, the receipt once paid. */
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

export function invoiceReceiptEmail(
  input: Who & { number: string; amountPence: number; paidOn: string; url: string },
): MailMessage {
  return {
    kind: "receipt",
    to: input.to,
    subject: `${company.shortName}: receipt for invoice ${input.number}`,
    ...mailParts("Thank you: paid in full", [
      say(`Hello ${input.name},`),
      say(`Thank you for your payment. Invoice ${input.number} is now paid in full.`),
      fieldsBlock([
        ["Invoice", input.number],
        ["Last payment", formatPence(input.amountPence)],
        ["Paid on", formatFullDate(input.paidOn)],
      ]),
      action(input.url, "See your invoice", "See your invoice:"),
    ]),
  };
}
