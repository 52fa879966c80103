import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type * as z from "zod";
import type { AdminQuote, QuoteCounts, quoteListQuerySchema } from "../../../schema/api/quotes";
import { quotes } from "../../../schema/db";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { notFound } from "../../lib/errors";

type QuoteRow = typeof quotes.$inferSelect;
type ListQuery = z.output<typeof quoteListQuerySchema>;

/** The stored quote as the back office reads it: `isRead` is the string 'true' or 'false'. */
export function toAdminQuote(row: QuoteRow): AdminQuote {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    postcode: row.postcode,
    service: row.service,
    message: row.message,
    createdAt: row.createdAt,
    isRead: row.isRead ? "true" : "false",
    repliedAt: row.repliedAt,
    notes: row.notes,
    chatSessionId: row.chatSessionId,
  };
}

const inState = {
  new: eq(quotes.isRead, false),
  pending: and(eq(quotes.isRead, true), isNull(quotes.repliedAt)),
  replied: isNotNull(quotes.repliedAt),
} as const;

/** Newest first, a page at a time, with each tab's count for the same search, in one D1 batch. */
export async function listQuotes(db: Db, query: ListQuery) {
  const where = searchCondition(query.q, "quotes_search", quotes.id, [quotes.name, quotes.email]);
  const [rows, [counts]] = await db.batch([
    db
      .select()
      .from(quotes)
      .where(and(where, query.state ? inState[query.state] : undefined))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({
        all: count(),
        new: sql<number>`COALESCE(SUM(${quotes.isRead} = 0), 0)`,
        pending: sql<number>`COALESCE(SUM(${quotes.isRead} = 1 AND ${quotes.repliedAt} IS NULL), 0)`,
        replied: sql<number>`COALESCE(SUM(${quotes.repliedAt} IS NOT NULL), 0)`,
      })
      .from(quotes)
      .where(where),
  ]);
  const tabCounts: QuoteCounts = counts ?? { all: 0, new: 0, pending: 0, replied: 0 };
  return { items: rows.map(toAdminQuote), total: query.state ? tabCounts[query.state] : tabCounts.all, counts: tabCounts };
}

async function updateQuote(db: Db, id: number, changes: SQLiteUpdateSetSource<typeof quotes>): Promise<AdminQuote> {
  const [row] = await db.update(quotes).set(changes).where(eq(quotes.id, id)).returning();
  if (!row) throw notFound("Quote");
  return toAdminQuote(row);
}

export const markQuoteRead = (db: Db, id: number) => updateQuote(db, id, { isRead: true });

const firstReply = sql`COALESCE(${quotes.repliedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Replying implies reading; a second "replied" keeps the time of the first reply. */
export const markQuoteReplied = (db: Db, id: number) => updateQuote(db, id, { isRead: true, repliedAt: firstReply });

export const setQuoteNotes = (db: Db, id: number, notes: string | null) => updateQuote(db, id, { notes });

/** "Reply to All Pending", once the owner says the e-mail went: answers the quotes it changed (for Undo). */
export async function markQuotesReplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(quotes)
    .set({ isRead: true, repliedAt: firstReply })
    .where(and(inArray(quotes.id, ids), isNull(quotes.repliedAt)))
    .returning({ id: quotes.id });
  return { ids: rows.map((r) => r.id) };
}

/** Undo of a bulk reply: those quotes go back to pending (read, not replied). */
export async function markQuotesUnreplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(quotes)
    .set({ repliedAt: null })
    .where(and(inArray(quotes.id, ids), isNotNull(quotes.repliedAt)))
    .returning({ id: quotes.id });
  return { ids: rows.map((r) => r.id) };
}

export async function deleteQuote(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(quotes).where(eq(quotes.id, id)).returning({ id: quotes.id });
  if (!row) throw notFound("Quote");
}
