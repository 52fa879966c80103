import type { AppEnv } from "../../env";
import { outboxMailer } from "./outbox";
import type { Mailer } from "./types";

export * from "./types";

/**
 * The one way the product sends e-mail. With provider secrets set (deploys) a real provider is
 * used; otherwise (local, tests) every e-mail lands in the outbox table.
 * The provider implementation arrives with the campaigns work (issue 6).
 */
export function getMailer(env: AppEnv): Mailer {
  return outboxMailer(env.DB);
}

export function ownerEmail(env: AppEnv, fallback: string): string {
  return env.OWNER_EMAIL ?? fallback;
}
