import { company } from "../../../schema/business";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
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

/** Where the owner's notifications go: OWNER_EMAIL, or the company's published address. */
export function ownerEmail(env: AppEnv): string {
  return env.OWNER_EMAIL ?? company.email;
}

/**
 * Sends after the response (waitUntil): a slow or failing mail provider never fails an order or a
 * quote that is already stored. Failures are logged for the owner to see in the Worker logs.
 */
export function sendInBackground(ctx: { waitUntil(p: Promise<unknown>): void }, env: AppEnv, ...messages: MailMessage[]) {
  const mailer = getMailer(env);
  for (const message of messages) {
    ctx.waitUntil(
      mailer.send(message).catch((error: unknown) => {
        console.error(JSON.stringify({ mail: message.kind, to: message.to, subject: message.subject, error: String(error) }));
      }),
    );
  }
}
