import { CHAT_SESSION_PREFIX } from "../../schema/api/constants";
import { randomHex } from "../../schema/random";

let sessionId: string | undefined;

/**
 * The chat's random per-visit id: 128 random bits as hex, made once per page
 * load, so a visit's messages form one conversation for the assistant and the owner.
 */
export function getChatSessionId(): string {
  if (!sessionId) {
    sessionId = CHAT_SESSION_PREFIX + randomHex(16);
  }
  return sessionId;
}
