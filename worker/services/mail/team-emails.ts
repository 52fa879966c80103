import { html } from "hono/html";
import { company } from "../../../schema/business";
import { action, type Field, fieldsBlock, mailParts, NAVY, say } from "./layout";
import type { MailMessage } from "./types";

export type TeamInviteForMail = { name: string; username: string; role: string };

/**
 * The owner's invitation to the back office: a one-time link to set a password (the link is the
 * only way in, so it is said plainly when it stops working), and the username to sign in with.
 */
export function teamInviteMail(to: string, person: TeamInviteForMail, joinUrl: string, days: number): MailMessage {
  const title = `Join ${company.shortName}'s back office`;
  return {
    kind: "security",
    to,
    subject: `${company.shortName}: your invitation to the back office`,
    ...mailParts(
      title,
      [
        say(
          `Hello ${person.name}, you have been added to ${company.shortName}'s back office as ${person.role}. Choose your password with the link below: it works once, for ${days} days.`,
        ),
        action(joinUrl, "Choose my password", "Choose your password:"),
        fieldsBlock([["Your username", person.username]] as Field[]),
        say("If you were not expecting this, ignore this e-mail: nobody can use the invitation without the link."),
      ],
      {
        text: "",
        html: html`<span style="color:${NAVY}">Button not working? Copy this address into your browser: <span style="overflow-wrap:anywhere">${joinUrl}</span></span>`,
      },
    ),
  };
}
