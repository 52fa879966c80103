import type { Db } from "../../db/client";
import { addressKey } from "../../lib/client-ip";
import { hitRateLimits, type Limit } from "../../lib/rate-limit";
import { factsNow } from "../business-facts";

/**
 * Generous for a person typing (a reply takes a few seconds), tight enough that a script cannot
 * run up the Workers AI bill or fill D1. The per-IP limits allow for an office or household
 * sharing one address.
 */
export const chatLimits = {
  message: { session: { limit: 30, windowSeconds: 60 }, ip: { limit: 60, windowSeconds: 60 } },
  reply: { session: { limit: 12, windowSeconds: 60 }, ip: { limit: 30, windowSeconds: 60 } },
} as const satisfies Record<string, { session: Limit; ip: Limit }>;

export type ChatAction = keyof typeof chatLimits;

/** The refusal, with the phone number the owner gives today. */
export const chatRateLimitMessage = () =>
  `You're sending messages faster than we can answer. Please wait a minute and try again, or call us on ${factsNow().phone}.`;

export const chatLimitKey = (action: ChatAction, scope: "session" | "ip", id: string) => `chat:${action}:${scope}:${id}`;

/** Counts one chat call against both the visit's and the address's limit (429 past either). */
export async function enforceChatLimits(
  db: Db,
  action: ChatAction,
  who: { sessionId: string; ip: string },
  now = Date.now(),
): Promise<void> {
  const limits = chatLimits[action];
  await hitRateLimits(
    db,
    [
      { key: chatLimitKey(action, "session", who.sessionId), ...limits.session },
      { key: chatLimitKey(action, "ip", addressKey(who.ip)), ...limits.ip },
    ],
    chatRateLimitMessage(),
    now,
  );
}
