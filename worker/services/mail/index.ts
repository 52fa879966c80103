import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { outboxMailer } from "./outbox";
import { postmarkMailer } from "./provider";
import type { Mailer } from "./types";

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

export function ownerEmail(env: AppEnv, fallback: string): string {
  return env.OWNER_EMAIL ?? fallback;
}
