import { html } from "hono/html";
import { company } from "../../../schema/business";
import { type KeptRecord, keptForTheLaw } from "../../../schema/db/personal-data";
import { action, type Block, mailParts, NAVY, say } from "./layout";
import type { MailMessage } from "./types";

/** The one-time link to the customer's own page: the address is the account. */
export function accountSignInMail(
  to: string,
  firstName: string,
  signInUrl: string,
  minutes: number,
  tenantOnly = false,
): MailMessage {
  const what = tenantOnly
    ? "your home's gas safety records and warning notices"
    : "your visits, certificates, quotes, invoices and orders";
  const title = "Sign in to your account";
  return {
    kind: "account",
    to,
    subject: `${company.shortName}: your sign-in link`,
    ...mailParts(
      title,
      [
        say(
          `Hello ${firstName}, here is your link to see ${what} with ${company.shortName}. It works once, for ${minutes} minutes.`,
        ),
        action(signInUrl, "Sign in", "Sign in:"),
        say("If you didn't ask for this, ignore this e-mail: nobody can sign in without the link."),
      ],
      {
        text: "",
        html: html`<span style="color:${NAVY}">Button not working? Copy this address into your browser: <span style="overflow-wrap:anywhere">${signInUrl}</span></span>`,
      },
    ),
  };
}

/** The owner's notice of a "Delete my account" request, to settle in the back office. */
export function erasureRequestedMail(to: string, account: string, reason: string | null): MailMessage {
  const title = "A customer asked to delete their account";
  return {
    kind: "account",
    to,
    subject: `Account deletion request: ${account}`,
    ...mailParts(title, [
      say(
        `${account} asked for their account to be deleted${reason ? `, saying: "${reason}"` : ""}. Please settle it in the back office (Customers, Deletion requests) within a month, as UK GDPR asks.`,
      ),
    ]),
  };
}

/**
 * The customer's answer once the owner erased the account: what went, what the law makes the
 * business keep (how many, what of them, how long, under which rule: schema/db/personal-data.ts), and
 * that nothing else is sent. Kind `erasure`: the mail log forgets the address once it is delivered.
 */
export function erasureDoneMail(to: string, kept: Record<KeptRecord, number>, cancelledVisits: number): MailMessage {
  const keptLines = (Object.keys(keptForTheLaw) as KeptRecord[])
    .filter((record) => kept[record] > 0)
    .map((record) => {
      const { what, kept: which, period, rule } = keptForTheLaw[record];
      return `${what[0]!.toUpperCase()}${what.slice(1)} (${kept[record]}): ${which}. We keep them for ${period}: ${rule}.`;
    });
  return {
    kind: "erasure",
    to,
    subject: `${company.shortName}: your account has been deleted`,
    ...mailParts("Your account has been deleted", [
      say(
        "We have deleted your account and what we held about you: your contact details, your properties, visits and job sheets (with your signature and the photos taken), bookings, quote requests, chats with us, the e-mails we sent you, your sign-ins and your place on our deals list.",
      ),
      ...(cancelledVisits > 0
        ? [
            say(
              `${cancelledVisits === 1 ? "The visit" : `The ${cancelledVisits} visits`} booked with us ${cancelledVisits === 1 ? "is" : "are"} cancelled: please call us if you still need us to come.`,
            ),
          ]
        : []),
      ...(keptLines.length > 0
        ? [
            say("The law makes us keep some records. We have kept these, without your e-mail address or phone number:"),
            list(keptLines),
          ]
        : []),
      say(
        `${keptLines.length > 0 ? "Apart from those, we keep" : "We keep"} only a note of when we deleted your account, which does not show your e-mail address. You will get no more e-mails from us.`,
      ),
    ]),
  };
}

/** The customer's answer when the owner refused the request: the owner's reasons, in their words. */
export function erasureRefusedMail(to: string, outcome: string): MailMessage {
  return {
    // The address stays a customer's: kept in the mail log like any other account e-mail.
    kind: "account",
    to,
    subject: `${company.shortName}: your request to delete your account`,
    ...mailParts("About your request to delete your account", [say(outcome)]),
  };
}

/** Items, one a line: a list in HTML, dashes in plain text. */
const list = (items: string[]): Block => ({
  text: items.map((item) => `- ${item}`).join("\n"),
  html: html`<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => html`<li style="margin:0 0 8px">${item}</li>`)}</ul>`,
});
