import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { factsNow } from "../business-facts";
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

/**
 * Stores the e-mails and queues them for sending with retries (services/mail/deliveries.ts), after
 * the response: whatever happens to the mail, an order or a quote that is already stored never
 * fails because of it. A failure to store is logged for the owner to see in the Worker logs.
 */
export function queueInBackground(ctx: { waitUntil(p: Promise<unknown>): void }, env: AppEnv, ...messages: MailMessage[]) {
  ctx.waitUntil(
    queueEmails(getDb(env), env.MAIL_QUEUE, messages).catch((error: unknown) => {
      const mails = messages.map((m) => ({ kind: m.kind, to: m.to, subject: m.subject }));
      console.error(JSON.stringify({ mail: "queue", mails, error: String(error) }));
    }),
  );
}
