import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminChatsQuery, ChatConversation, ChatMessage, ChatSender } from "../../../schema/api/chat";
import { chatMessages } from "../../../schema/db";
import type { Db } from "../../db/client";
import { trigramQuery } from "../../db/search";

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
  enquiryId: number | null;
  enquiryName: string | null;
  enquiryPhone: string | null;
  enquiryEmail: string | null;
  enquiryMessage: string | null;
  enquiryCreatedAt: string | null;
  total: number;
};

/** Which conversations a search keeps: what was said, or the name, phone or e-mail of its call back. */
function conversationFilter({ q, handover, session }: Pick<AdminChatsQuery, "q" | "handover" | "session">): SQL {
  const conditions: SQL[] = [];
  if (session) conditions.push(sql`session_id = ${session}`);
  if (handover === "1")
    conditions.push(sql`session_id IN (SELECT chat_session_id FROM quotes WHERE chat_session_id IS NOT NULL)`);
  if (handover === "0")
    conditions.push(sql`session_id NOT IN (SELECT chat_session_id FROM quotes WHERE chat_session_id IS NOT NULL)`);
  if (q) {
    const match = trigramQuery(q);
    conditions.push(
      match
        ? sql`(session_id IN (SELECT session_id FROM chat_messages WHERE id IN (SELECT rowid FROM chat_messages_search WHERE chat_messages_search MATCH ${match}))
            OR session_id IN (SELECT chat_session_id FROM quotes WHERE id IN (SELECT rowid FROM quotes_search WHERE quotes_search MATCH ${match})))`
        : sql`session_id IN (SELECT session_id FROM chat_messages WHERE instr(lower(message), lower(${q})) > 0)`,
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`1`;
}

/**
 * The conversations a search finds, most recently active first, each with its latest messages
 * (oldest first), its call back and the count of all found: one query (the CTE picks the sessions,
 * the window function caps messages per session). A page past the end asks for the count alone.
 */
export async function listConversations(
  db: Db,
  query: Pick<AdminChatsQuery, "q" | "handover" | "session" | "limit" | "offset">,
): Promise<{ items: ChatConversation[]; total: number }> {
  const filter = conversationFilter(query);
  const countFound = sql`SELECT COUNT(DISTINCT session_id) FROM chat_messages WHERE ${filter}`;
  const rows = await db.all<ConversationRow>(sql`
    WITH recent AS (
      SELECT session_id, MAX(id) AS last_id, MIN(created_at) AS started_at, MAX(created_at) AS last_at, COUNT(*) AS n
      FROM chat_messages WHERE ${filter} GROUP BY session_id ORDER BY last_id DESC LIMIT ${query.limit} OFFSET ${query.offset}
    ),
    numbered AS (
      SELECT m.*, ROW_NUMBER() OVER (PARTITION BY m.session_id ORDER BY m.id DESC) AS rn
      FROM chat_messages m JOIN recent r ON r.session_id = m.session_id
    )
    SELECT n.session_id AS sessionId, n.id, n.message, n.sender, n.timestamp,
           r.started_at AS startedAt, r.last_at AS lastMessageAt, r.n AS messageCount,
           q.id AS enquiryId, q.name AS enquiryName, q.phone AS enquiryPhone, q.email AS enquiryEmail,
           q.message AS enquiryMessage, q.created_at AS enquiryCreatedAt, (${countFound}) AS total
    FROM numbered n JOIN recent r ON r.session_id = n.session_id
    LEFT JOIN quotes q ON q.id = (SELECT MAX(id) FROM quotes WHERE chat_session_id = n.session_id)
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
        handover:
          row.enquiryId === null
            ? null
            : {
                enquiryId: row.enquiryId,
                name: row.enquiryName ?? "",
                phone: row.enquiryPhone ?? "",
                email: row.enquiryEmail ?? "",
                message: row.enquiryMessage,
                createdAt: row.enquiryCreatedAt ?? "",
              },
      };
      conversations.set(row.sessionId, conversation);
    }
    conversation.messages.push({ id: row.id, message: row.message, sender: row.sender, timestamp: row.timestamp });
  }
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? ((await db.all<{ total: number }>(sql`SELECT (${countFound}) AS total`))[0]?.total ?? 0) : 0);
  return { items: [...conversations.values()], total };
}
