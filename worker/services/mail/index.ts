import { settings } from "../../../schema/settings";
import { type Db, getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { countRateLimits } from "../../lib/rate-limit";
import { sha256Hex } from "../../lib/sha256";
import { factsNow } from "../settings/business-facts";
import { queueEmails } from "./deliveries";
import { outboxMailer } from "./outbox";
import { postmarkMailer } from "./provider";
import type { Mailer, MailMessage } from "./types";

export * from "./types";

/**
 * The one way the product sends e-mail. With the provider secrets set (deploys: MAIL_API_KEY and
 * MAIL_FROM) Postmark delivers it; otherwise (local, tests) every e-mail lands in the outbox table.
 */
export function getMailer(env: AppEnv): Mailer {
  if (env.MAIL_API_KEY && env.MAIL_FROM) {
    return postmarkMailer({ apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM, baseUrl: env.MAIL_API_BASE });
  }
  return outboxMailer(getDb(env));
}

/** Where the owner's notifications go: OWNER_EMAIL, or the address the owner publishes (Settings). */
export function ownerEmail(env: AppEnv): string {
  return env.OWNER_EMAIL ?? factsNow().email;
}

/** A public form's e-mail to the address typed into it: counted against that address (below). */
export const toTypedAddress = (message: MailMessage): MailMessage => ({ ...message, toTypedAddress: true });

const recipientKey = async (address: string) => `mail-to:${await sha256Hex(address.trim().toLowerCase())}`;

/**
 * The messages that may go: a form's e-mail to a typed address is dropped once that address has
 * had its share (settings.recipientLimits), so nobody can use the site's forms to flood a stranger's
 * mailbox, whatever their own address. The form itself still succeeds: the request was fine.
 */
async function withinRecipientLimits(db: Db, messages: MailMessage[]): Promise<MailMessage[]> {
  const { burst, day } = settings.recipientLimits;
  const allowed = await Promise.all(
    messages.map(async (m) => {
      if (!m.toTypedAddress) return true;
      const key = await recipientKey(m.to);
      const { retryAfter } = await countRateLimits(db, [
        { key: `${key}:burst`, ...burst },
        { key: `${key}:day`, ...day },
      ]);
      if (retryAfter > 0) console.warn(JSON.stringify({ mail: "recipient-limit", kind: m.kind, subject: m.subject }));
      return retryAfter === 0;
    }),
  );
  return messages.filter((_, i) => allowed[i]);
}

/**
 * Stores the e-mails and queues them for sending with retries (services/mail/deliveries.ts), after
 * the response: whatever happens to the mail, an order or a quote that is already stored never
 * fails because of it. A failure to store is logged for the owner to see in the Worker logs.
 */
export function queueInBackground(ctx: { waitUntil(p: Promise<unknown>): void }, env: AppEnv, ...messages: MailMessage[]) {
  const db = getDb(env);
  ctx.waitUntil(
    withinRecipientLimits(db, messages)
      .then((allowed) => queueEmails(db, env.MAIL_QUEUE, allowed))
      .catch((error: unknown) => {
        const mails = messages.map((m) => ({ kind: m.kind, to: m.to, subject: m.subject }));
        console.error(JSON.stringify({ mail: "queue", mails, error: String(error) }));
      }),
  );
}
