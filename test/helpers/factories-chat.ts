import { env } from "cloudflare:workers";
import type { ChatSender } from "../../schema/api/chat";
import { getDb } from "../../worker/db/client";
import { saveChatMessage } from "../../worker/services/chat/storage";

/** A fresh, valid chat session id per test (the widget's format: prefix and 128 random bits). */
export const newChatSessionId = () => `chat_${crypto.randomUUID().replaceAll("-", "")}`;

/** A fresh client address, so each test has its own per-IP rate limit. */
export const newClientIp = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 8)}`;

/** Stores a conversation in order: [sender, text] pairs. */
export async function seedChat(sessionId: string, lines: [ChatSender, string][]) {
  const db = getDb(env);
  const saved = [];
  for (const [sender, message] of lines) {
    saved.push(await saveChatMessage(db, { sessionId, sender, message }));
  }
  return saved;
}
