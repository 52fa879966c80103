import { html } from "hono/html";
import { company } from "../../../schema/business";
import { action, mailParts, NAVY, say } from "./layout";
import type { MailMessage } from "./types";

const notYou = "If you didn't ask for this, ignore this e-mail: without a click, nothing changes and we won't write again.";

/** The double opt-in: nothing is sent to the address until its owner follows this link. */
export function signupConfirmationMail(to: string, confirmUrl: string): MailMessage {
  const title = "Confirm your sign-up";
  const intro = `Someone (we hope you) asked for ${company.shortName}'s deals and heating tips to be sent to this address. Please confirm it's you; the link works for a week.`;
  return {
    kind: "signup",
    to,
    subject: `${company.shortName}: please confirm your sign-up`,
    ...mailParts(title, [say(intro), action(confirmUrl, "Yes, sign me up", "Confirm:"), say(notYou)], {
      text: "",
      html: html`<span style="color:${NAVY}">Button not working? Copy this address into your browser: <span style="overflow-wrap:anywhere">${confirmUrl}</span></span>`,
    }),
  };
}

/** A sign-up for an address already on the list: the person learns it, the form never said so. */
export function alreadySubscribedMail(to: string, unsubscribeUrl: string): MailMessage {
  const title = "You're already signed up";
  const intro = `This address already gets ${company.shortName}'s deals and heating tips, so there's nothing more to do.`;
  const leave = "Changed your mind? You can leave the list at any time:";
  return {
    kind: "signup",
    to,
    subject: `${company.shortName}: you're already signed up`,
    ...mailParts(title, [
      say(intro),
      {
        text: `${leave} ${unsubscribeUrl}`,
        html: html`<p style="margin:0 0 16px">${leave} <a href="${unsubscribeUrl}" style="color:${NAVY};font-weight:bold">unsubscribe</a>.</p>`,
      },
    ]),
  };
}
