import { company } from "../../../schema/business";
import { formatDateTime } from "../../../schema/london-time-text";
import { type Field, fieldsBlock, mailParts, say } from "./layout";
import type { MailMessage } from "./types";

/**
 * To the owner when someone keeps guessing the back office's password (at most one an hour): what
 * is happening, that their own browser still gets in, and what to do.
 */
export function signInAttackMail(to: string, attack: { address: string; at: string }): MailMessage {
  const title = "Someone is trying to log in to your back office";
  return {
    kind: "security",
    to,
    subject: `${company.shortName}: ${title.toLowerCase()}`,
    ...mailParts(title, [
      say(
        "Many wrong passwords have been tried for your back-office account in the last few minutes. Browsers you have logged in with before still get straight in; any other browser now has to wait a few seconds before each try, which makes guessing slow.",
      ),
      fieldsBlock([
        ["Latest try", formatDateTime(attack.at)],
        ["From the address", attack.address],
      ] as Field[]),
      say(
        "If it wasn't you: nothing is broken and you don't need to do anything now. To be safer, turn on two-step sign-in on the Security screen, use a long password that you use nowhere else, and look at the sign-ins there for a new browser you don't recognise.",
      ),
      say("We send this at most once an hour while it goes on."),
    ]),
  };
}
