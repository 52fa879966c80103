import { CHAT_MESSAGE_MAX_LENGTH, CHAT_SESSION_PREFIX } from "./constants";
import { z } from "./z";

export { CHAT_MESSAGE_MAX_LENGTH, CHAT_SESSION_PREFIX };

/**
 * The chat's random per-visit id: a prefix and 128+ random bits as hex or base62.
 * The server checks the format only; the id groups a visit's messages and keys its rate limits.
 */
export const chatSessionIdSchema = z
  .string({ error: "A chat session id is required" })
  .regex(/^chat_[A-Za-z0-9]{32,64}$/, "The chat session id is not valid");

/** Text is trimmed and blank or whitespace-only messages are not sent. */
export const chatMessageTextSchema = z
  .string({ error: "Please type a message" })
  .trim()
  .min(1, "Please type a message")
  .max(CHAT_MESSAGE_MAX_LENGTH, `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);

export const chatSenders = ["customer", "ai"] as const;
export type ChatSender = (typeof chatSenders)[number];

/**
 * POST /api/chat/message: the visitor's own message. The assistant's replies are stored by the
 * Worker when it answers, so nobody can put words in its mouth; every stored time is the server's
 * (a `timestamp` the client sends is accepted and ignored).
 */
export const chatMessageSchema = z.object({
  sessionId: chatSessionIdSchema,
  message: chatMessageTextSchema,
  sender: z.literal("customer", {
    error: "Only the visitor's messages can be posted; the assistant's replies are stored by us.",
  }),
  timestamp: z.iso.datetime({ offset: true, error: "The timestamp must be an ISO date and time" }).optional(),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

/** POST /api/chat/ai-response. */
export const aiResponseRequestSchema = z.object({
  sessionId: chatSessionIdSchema,
  message: chatMessageTextSchema,
});
export type AiResponseRequest = z.infer<typeof aiResponseRequestSchema>;

/** A stored chat message. */
export type ChatMessage = { id: number; message: string; sender: ChatSender; timestamp: string };

/** The reply; `source` says which path answered (Workers AI or the built-in responder). */
export type AiResponse = { response: string; source: "ai" | "builtin" };

/** GET /api/admin/chats?limit=N: one visit's conversation, messages oldest first. */
export type ChatConversation = {
  sessionId: string;
  startedAt: string;
  lastMessageAt: string;
  messageCount: number;
  messages: ChatMessage[];
};

export const adminChatsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "The limit must be a number" })
    .int("The limit must be a whole number")
    .min(1, "The limit must be between 1 and 100")
    .max(100, "The limit must be between 1 and 100")
    .default(20),
});
