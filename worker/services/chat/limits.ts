import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { addressKey } from "../../lib/client-ip";
import { hitRateLimits, type Limit } from "../../lib/rate-limit";
import { factsNow } from "../settings/business-facts";

/** Per visit and per address (schema/settings.ts says why these numbers). */
export const chatLimits = settings.chatLimits satisfies Record<string, { session: Limit; ip: Limit }>;

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
