import { desc, eq, sql } from "drizzle-orm";
import type { ChatConversation, ChatMessage, ChatSender } from "../../../schema/api/chat";
import { chatMessages } from "../../../schema/db";
import type { Db } from "../../db/client";

export const HISTORY_LENGTH = 10;
/** The admin list shows each conversation's latest messages; a runaway visit cannot flood it. */
export const MESSAGES_PER_CONVERSATION = 50;

const apiColumns = {
  id: chatMessages.id,
  message: chatMessages.message,
  sender: chatMessages.sender,
  timestamp: chatMessages.timestamp,
};

/** Stores one message of a conversation, timed by the server. */
export async function saveChatMessage(
  db: Db,
  input: { sessionId: string; message: string; sender: ChatSender },
  now = Date.now(),
): Promise<ChatMessage> {
  const timestamp = new Date(now).toISOString();
  const [row] = await db
    .insert(chatMessages)
    .values({ sessionId: input.sessionId, message: input.message, sender: input.sender, timestamp, createdAt: timestamp })
    .returning(apiColumns);
  return row!;
}

/** The session's last messages, oldest first, in one query. */
export async function getRecentHistory(db: Db, sessionId: string, limit = HISTORY_LENGTH): Promise<ChatMessage[]> {
  const rows = await db
    .select(apiColumns)
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

type ConversationRow = {
  sessionId: string;
  id: number;
  message: string;
  sender: "customer" | "ai";
  timestamp: string;
  startedAt: string;
  lastMessageAt: string;
  messageCount: number;
};

/**
 * The most recently active conversations, newest first, each with its latest messages oldest
 * first: one query (the CTE picks the sessions, the window function caps messages per session).
 */
export async function listRecentConversations(db: Db, limit: number): Promise<ChatConversation[]> {
  const rows = await db.all<ConversationRow>(sql`
    WITH recent AS (
      SELECT session_id, MAX(id) AS last_id, MIN(created_at) AS started_at, MAX(created_at) AS last_at, COUNT(*) AS n
      FROM chat_messages GROUP BY session_id ORDER BY last_id DESC LIMIT ${limit}
    ),
    numbered AS (
      SELECT m.*, ROW_NUMBER() OVER (PARTITION BY m.session_id ORDER BY m.id DESC) AS rn
      FROM chat_messages m JOIN recent r ON r.session_id = m.session_id
    )
    SELECT n.session_id AS sessionId, n.id, n.message, n.sender, n.timestamp,
           r.started_at AS startedAt, r.last_at AS lastMessageAt, r.n AS messageCount
    FROM numbered n JOIN recent r ON r.session_id = n.session_id
    WHERE n.rn <= ${MESSAGES_PER_CONVERSATION}
    ORDER BY r.last_id DESC, n.id ASC`);
  const conversations = new Map<string, ChatConversation>();
  for (const row of rows) {
    let conversation = conversations.get(row.sessionId);
    if (!conversation) {
      conversation = {
        sessionId: row.sessionId,
        startedAt: row.startedAt,
        lastMessageAt: row.lastMessageAt,
        messageCount: row.messageCount,
        messages: [],
      };
      conversations.set(row.sessionId, conversation);
    }
    conversation.messages.push({ id: row.id, message: row.message, sender: row.sender, timestamp: row.timestamp });
  }
  return [...conversations.values()];
}
