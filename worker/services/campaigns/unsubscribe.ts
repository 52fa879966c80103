import { emailSubscribers } from "../../../schema/db";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { createUnsubscribeToken, verifyUnsubscribeToken } from "../../lib/unsubscribe-token";
import { factsNow } from "../settings/business-facts";
import { sameAddress, unsubscribeSubscriber } from "./subscribers";

export const INVALID_LINK_MESSAGE = "This unsubscribe link is not valid. Please use the link from one of our e-mails.";

/**
 * The links a campaign e-mail carries for one address: the confirm page for people, and the
 * RFC 8058 one-click target (with a mailto fallback) for mail clients' own unsubscribe buttons.
 */
export async function unsubscribeLinks(env: AppEnv, email: string) {
  const token = encodeURIComponent(await createUnsubscribeToken(env, email));
  const oneClickUrl = siteUrl(env, `/api/unsubscribe?token=${token}`);
  const mailto = `mailto:${factsNow().email}?subject=${encodeURIComponent(`Unsubscribe ${email}`)}`;
  return {
    pageUrl: siteUrl(env, `/unsubscribe?token=${token}`),
    headers: {
      "List-Unsubscribe": `<${oneClickUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export async function requireUnsubscribeAddress(env: AppEnv, token: string): Promise<string> {
  const email = await verifyUnsubscribeToken(env, token);
  if (!email) throw new ApiError("VALIDATION_FAILED", INVALID_LINK_MESSAGE);
  return email;
}

/** What the confirm page shows (a pending sign-up can be cancelled too); reading it never changes anything. */
export async function isSubscribed(env: AppEnv, email: string): Promise<boolean> {
  const [row] = await getDb(env).select({ status: emailSubscribers.status }).from(emailSubscribers).where(sameAddress(email));
  return row !== undefined && row.status !== "unsubscribed";
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
