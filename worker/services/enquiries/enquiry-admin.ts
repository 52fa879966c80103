import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type * as z from "zod";
import type { AdminQuote, QuoteCounts, QuoteVisit, quoteListQuerySchema } from "../../../schema/api/quotes";
import { customers, quotes, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { searchCondition } from "../../db/search";
import { notFound } from "../../lib/errors";

type QuoteRow = typeof quotes.$inferSelect;
type ListQuery = z.output<typeof quoteListQuerySchema>;

/**
 * A request as the back office reads it: the stored row, the customer on file with its e-mail
 * address, and the visits booked from it (as JSON, so a page of requests is one query).
 */
// Drizzle writes a single table's columns unqualified in a select list ("id"), which inside a
// subquery would name the subquery's own column: the outer row is named in full here.
const quoteId = sql.raw(`"quotes"."id"`);
const quoteEmail = sql.raw(`"quotes"."email"`);
const quoteFields = {
  quote: quotes,
  customerId: sql<number | null>`(SELECT c.id FROM ${customers} AS c WHERE lower(c.email) = lower(${quoteEmail})
    AND ${quoteEmail} <> '' ORDER BY c.id LIMIT 1)`.as("customer_id"),
  visits: sql<string>`(SELECT json_group_array(json_object('id', sr.id, 'serviceType', sr.service_type, 'status', sr.status,
    'serviceDate', sr.service_date, 'visitStart', sr.visit_start)) FROM ${serviceRecords} AS sr WHERE sr.quote_id = ${quoteId})`.as(
    "visits",
  ),
};
type QuoteRowWithLinks = { quote: QuoteRow; customerId: number | null; visits: string };

const quoteQuery = (db: Db) => db.select(quoteFields).from(quotes);

/** The stored quote as the back office reads it: `isRead` is the string 'true' or 'false'. */
export function toAdminQuote({ quote: row, customerId, visits }: QuoteRowWithLinks): AdminQuote {
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
    urgentReason: row.urgentReason,
    customerId,
    visits: (JSON.parse(visits) as QuoteVisit[]).sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || a.id - b.id),
  };
}

const inState = {
  new: eq(quotes.isRead, false),
  pending: and(eq(quotes.isRead, true), isNull(quotes.repliedAt)),
  replied: isNotNull(quotes.repliedAt),
} as const;

/** An urgent request nobody has replied to yet goes before everything else. */
const urgentFirst = sql`(${quotes.urgentReason} IS NOT NULL AND ${quotes.repliedAt} IS NULL) DESC`;

/**
 * Urgent unreplied requests first, then newest first, a page at a time, with each tab's count for
 * the same search, in one D1 batch.
 */
export async function listQuotes(db: Db, query: ListQuery) {
  const where = searchCondition(query.q, "quotes_search", quotes.id, [quotes.name, quotes.email]);
  const order = [urgentFirst, desc(quotes.createdAt), desc(quotes.id)];
  // The page is chosen from the quotes alone; only its rows look up their customer and visits.
  const pageIds = db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(where, query.state ? inState[query.state] : undefined))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [counts]] = await db.batch([
    quoteQuery(db)
      .where(inArray(quotes.id, pageIds))
      .orderBy(...order),
    db
      .select({
        all: count(),
        new: sql<number>`COALESCE(SUM(${quotes.isRead} = 0), 0)`,
        pending: sql<number>`COALESCE(SUM(${quotes.isRead} = 1 AND ${quotes.repliedAt} IS NULL), 0)`,
        replied: sql<number>`COALESCE(SUM(${quotes.repliedAt} IS NOT NULL), 0)`,
        urgent: sql<number>`COALESCE(SUM(${quotes.urgentReason} IS NOT NULL AND ${quotes.repliedAt} IS NULL), 0)`,
      })
      .from(quotes)
      .where(where),
  ]);
  const tabCounts: QuoteCounts = counts ?? { all: 0, new: 0, pending: 0, replied: 0, urgent: 0 };
  return { items: rows.map(toAdminQuote), total: query.state ? tabCounts[query.state] : tabCounts.all, counts: tabCounts };
}

/** Changes one request and reads it back as the list shows it: one batch. */
async function updateQuote(db: Db, id: number, changes: SQLiteUpdateSetSource<typeof quotes>): Promise<AdminQuote> {
  const [, [row]] = await db.batch([
    db.update(quotes).set(changes).where(eq(quotes.id, id)),
    quoteQuery(db).where(eq(quotes.id, id)),
  ]);
  if (!row) throw notFound("Quote");
  return toAdminQuote(row);
}

export const markQuoteRead = (db: Db, id: number) => updateQuote(db, id, { isRead: true });

const firstReply = sql`COALESCE(${quotes.repliedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Replying implies reading; a second "replied" keeps the time of the first reply. */
export const markQuoteReplied = (db: Db, id: number) => updateQuote(db, id, { isRead: true, repliedAt: firstReply });

export const setQuoteNotes = (db: Db, id: number, notes: string | null) => updateQuote(db, id, { notes });

/**
 * "Reply to All Pending", once the owner says the e-mail went: answers the quotes it changed (for
 * Undo). An urgent request is never answered by a bulk e-mail: it is left for the owner to call.
 * The ids go in as one JSON parameter (up to 500; D1 binds at most 100).
 */
export async function markQuotesReplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(quotes)
    .set({ isRead: true, repliedAt: firstReply })
    .where(and(inJsonList(quotes.id, ids), isNull(quotes.repliedAt), isNull(quotes.urgentReason)))
    .returning({ id: quotes.id });
  return { ids: rows.map((r) => r.id) };
}

/** Undo of a bulk reply: those quotes go back to pending (read, not replied). */
export async function markQuotesUnreplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(quotes)
    .set({ repliedAt: null })
    .where(and(inJsonList(quotes.id, ids), isNotNull(quotes.repliedAt)))
    .returning({ id: quotes.id });
  return { ids: rows.map((r) => r.id) };
}

export async function deleteQuote(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(quotes).where(eq(quotes.id, id)).returning({ id: quotes.id });
  if (!row) throw notFound("Quote");
}
