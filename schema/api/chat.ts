import { CHAT_MESSAGE_MAX_LENGTH, CHAT_SESSION_PREFIX } from "./constants";
import { listQuerySchema } from "./lists";
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

/**
 * The reply; `source` says which path answered (Workers AI or the built-in responder). `handover`:
 * the visitor asked for a person, or the assistant could not answer, so the widget offers a call back.
 */
export type AiResponse = { response: string; source: "ai" | "builtin"; handover: boolean };

/** One line of the call-back form; phone or e-mail, whichever the visitor gave. */
const contactSchema = z
  .string({ error: "Please give a phone number or an e-mail address" })
  .trim()
  .min(1, "Please give a phone number or an e-mail address")
  .max(254, "Please give a phone number or an e-mail address")
  .transform((value, ctx) => {
    if (/^\+?[0-9 ()-]{10,20}$/.test(value)) return { phone: value, email: "" };
    const email = z.email().safeParse(value.toLowerCase());
    if (email.success) return { phone: "", email: email.data };
    ctx.addIssue({ code: "custom", message: "Please enter a valid phone number or e-mail address" });
    return z.NEVER;
  });

/** POST /api/chat/handover: the chat's "speak to a person" form; it becomes a "Call back" quote request. */
export const chatHandoverSchema = z.object({
  sessionId: chatSessionIdSchema,
  name: z
    .string({ error: "Please tell us your name" })
    .trim()
    .min(1, "Please tell us your name")
    .max(100, "Please keep your name under 100 characters"),
  contact: contactSchema,
  message: z
    .string({ error: "Your message must be text" })
    .trim()
    .max(300, "Please keep it to one line (300 characters)")
    .nullish()
    .transform((m) => m || null),
});
export type ChatHandoverRequest = z.input<typeof chatHandoverSchema>;

/** 201 answer of POST /api/chat/handover. */
export type ChatHandoverCreated = { message: string };

/** The call back a visitor asked for from a conversation (its quote request). */
export type ChatHandover = {
  enquiryId: number;
  name: string;
  phone: string;
  email: string;
  message: string | null;
  createdAt: string;
};

/** GET /api/admin/chats: one visit's conversation, messages oldest first, and its hand-over if any. */
export type ChatConversation = {
  sessionId: string;
  startedAt: string;
  lastMessageAt: string;
  messageCount: number;
  messages: ChatMessage[];
  handover: ChatHandover | null;
};

/** ?q= searches what was said and who asked for a call back; ?handover=1 lists only hand-overs; the full count is in X-Total-Count. */
export const adminChatsQuerySchema = listQuerySchema({ max: 100, defaultLimit: 20 }).extend({
  handover: z.enum(["1", "0"], { error: "handover must be 1 or 0" }).optional(),
  session: chatSessionIdSchema.optional(),
});
export type AdminChatsQuery = z.output<typeof adminChatsQuerySchema>;
