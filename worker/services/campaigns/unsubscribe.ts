import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { verifyUnsubscribeToken } from "../../lib/unsubscribe-token";
import { unsubscribeSubscriber } from "../admin/subscribers";

export const INVALID_LINK_MESSAGE = "This unsubscribe link is not valid. Please use the link from one of our e-mails.";

export async function requireUnsubscribeAddress(env: AppEnv, token: string): Promise<string> {
  const email = await verifyUnsubscribeToken(env, token);
  if (!email) throw new ApiError("VALIDATION_FAILED", INVALID_LINK_MESSAGE);
  return email;
}

/** What the confirm page shows; reading it never changes the subscription. */
export async function isSubscribed(env: AppEnv, email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT is_active FROM email_subscribers WHERE email = ?1 COLLATE NOCASE")
    .bind(email)
    .first<{ is_active: number }>();
  return row?.is_active === 1;
}

/**
 * Marks the token's address inactive. Repeating it, or an address no longer on the list, is still
 * a success: the person asked not to be e-mailed, and they will not be.
 */
export async function unsubscribeByToken(env: AppEnv, token: string): Promise<{ email: string }> {
  const email = await requireUnsubscribeAddress(env, token);
  await unsubscribeSubscriber(getDb(env), email);
  return { email };
}
