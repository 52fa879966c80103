import { CHAT_SESSION_PREFIX } from "../../schema/api/constants";

let sessionId: string | undefined;

/**
 * The chat's random per-visit id: 128 random bits as hex, made once per page
 * load, so a visit's messages form one conversation for the assistant and the owner.
 */
export function getChatSessionId(): string {
  if (!sessionId) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    sessionId = CHAT_SESSION_PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return sessionId;
}
