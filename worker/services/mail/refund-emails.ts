import { company } from "../../../schema/business";
import { formatPence } from "../../../schema/format";
import { factsNow } from "../settings/business-facts";
import { action, fieldsBlock, mailParts, say } from "./layout";
import type { MailMessage } from "./types";

/**
 * Money that arrived and could not be kept (a second deposit, a payment after a cancellation, a void
 * or already paid invoice), given back: the customer is told how much, why and where, and the owner
 * hears of it. `method` is how it went back: to the card through Stripe, or by the office.
 */
export function moneyGivenBackEmails(input: {
  customer: { to: string; name: string } | null;
  owner: string;
  customerName: string;
  /** "quote Q-0012" or "invoice INV-0031". */
  document: string;
  amountPence: number;
  reason: string;
  method: "card" | "office";
  adminUrl: string;
}): MailMessage[] {
  const amount = formatPence(input.amountPence);
  const mails: MailMessage[] = [];
  if (input.customer) {
    mails.push({
      kind: "receipt",
      to: input.customer.to,
      subject: `${company.shortName}: ${amount} refunded (${input.document})`,
      ...mailParts("Your refund", [
        say(`Hello ${input.customer.name},`),
        say(
          input.method === "card"
            ? `We've refunded ${amount} to your card: it usually shows within 5 to 10 days.`
            : `We owe you ${amount} back and will return it within 14 days, the way you paid it.`,
        ),
        fieldsBlock([
          ["For", input.document],
          ["Refund", amount],
          ["Why", input.reason],
        ]),
        say(`Questions? Call us on ${factsNow().phone}.`),
      ]),
    });
  }
  mails.push({
    kind: "receipt",
    to: input.owner,
    subject: `${amount} ${input.method === "card" ? "refunded" : "to give back"} on ${input.document} (${input.customerName})`,
    ...mailParts("Money given back", [
      say(
        input.method === "card"
          ? `${amount} paid by ${input.customerName} on ${input.document} was refunded to their card through Stripe.`
          : `${amount} paid by ${input.customerName} on ${input.document} must be given back by you: record it on the ${input.document.split(" ")[0]} once done.`,
      ),
      say(`Why: ${input.reason}.`),
      action(input.adminUrl, "Open it", "Open it:"),
    ]),
  });
  return mails;
}
