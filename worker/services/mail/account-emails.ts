import { html } from "hono/html";
import { company } from "../../../schema/business";
import { action, mailParts, NAVY, say } from "./layout";
import type { MailMessage } from "./types";

/** The one-time link to the customer's own page: the address is the account. */
export function accountSignInMail(to: string, firstName: string, signInUrl: string, minutes: number): MailMessage {
  const title = "Sign in to your account";
  return {
    kind: "account",
    to,
    subject: `${company.shortName}: your sign-in link`,
    ...mailParts(
      title,
      [
        say(
          `Hello ${firstName}, here is your link to see your visits, certificates, quotes, invoices and orders with ${company.shortName}. It works once, for ${minutes} minutes.`,
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

/** The customer's answer once the owner settled the request. */
export function erasureSettledMail(to: string, erased: boolean, outcome: string): MailMessage {
  const title = erased ? "Your account has been deleted" : "About your request to delete your account";
  return {
    kind: "erasure",
    to,
    subject: `${company.shortName}: ${erased ? "your account has been deleted" : "your request to delete your account"}`,
    ...mailParts(title, [say(outcome)]),
  };
}
