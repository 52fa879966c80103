import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type * as z from "zod";
import type { AdminEnquiry, EnquiryCounts, EnquiryVisit, enquiryListQuerySchema } from "../../../schema/api/enquiries";
import { customers, enquiries, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { searchCondition } from "../../db/search";
import { notFound } from "../../lib/errors";

type EnquiryRow = typeof enquiries.$inferSelect;
type ListQuery = z.output<typeof enquiryListQuerySchema>;

/**
 * A request as the back office reads it: the stored row, the customer on file with its e-mail
 * address, and the visits booked from it (as JSON, so a page of requests is one query).
 */
// Drizzle writes a single table's columns unqualified in a select list ("id"), which inside a
// subquery would name the subquery's own column: the outer row is named in full here.
const enquiryId = sql.raw(`"quotes"."id"`);
const enquiryEmail = sql.raw(`"quotes"."email"`);
const enquiryFields = {
  enquiry: enquiries,
  customerId: sql<number | null>`(SELECT c.id FROM ${customers} AS c WHERE lower(c.email) = lower(${enquiryEmail})
    AND ${enquiryEmail} <> '' ORDER BY c.id LIMIT 1)`.as("customer_id"),
  visits: sql<string>`(SELECT json_group_array(json_object('id', sr.id, 'serviceType', sr.service_type, 'status', sr.status,
    'serviceDate', sr.service_date, 'visitStart', sr.visit_start)) FROM ${serviceRecords} AS sr WHERE sr.quote_id = ${enquiryId})`.as(
    "visits",
  ),
};
type EnquiryRowWithLinks = { enquiry: EnquiryRow; customerId: number | null; visits: string };

const enquiryQuery = (db: Db) => db.select(enquiryFields).from(enquiries);

/** The stored quote as the back office reads it: `isRead` is the string 'true' or 'false'. */
export function toAdminEnquiry({ enquiry: row, customerId, visits }: EnquiryRowWithLinks): AdminEnquiry {
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
    visits: (JSON.parse(visits) as EnquiryVisit[]).sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || a.id - b.id),
  };
}

const inState = {
  new: eq(enquiries.isRead, false),
  pending: and(eq(enquiries.isRead, true), isNull(enquiries.repliedAt)),
  replied: isNotNull(enquiries.repliedAt),
} as const;

/** An urgent request nobody has replied to yet goes before everything else. */
const urgentFirst = sql`(${enquiries.urgentReason} IS NOT NULL AND ${enquiries.repliedAt} IS NULL) DESC`;

/**
 * Urgent unreplied requests first, then newest first, a page at a time, with each tab's count for
 * the same search, in one D1 batch.
 */
export async function listEnquiries(db: Db, query: ListQuery) {
  const where = searchCondition(query.q, "quotes_search", enquiries.id, [enquiries.name, enquiries.email]);
  const order = [urgentFirst, desc(enquiries.createdAt), desc(enquiries.id)];
  // The page is chosen from the quotes alone; only its rows look up their customer and visits.
  const pageIds = db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(and(where, query.state ? inState[query.state] : undefined))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [counts]] = await db.batch([
    enquiryQuery(db)
      .where(inArray(enquiries.id, pageIds))
      .orderBy(...order),
    db
      .select({
        all: count(),
        new: sql<number>`COALESCE(SUM(${enquiries.isRead} = 0), 0)`,
        pending: sql<number>`COALESCE(SUM(${enquiries.isRead} = 1 AND ${enquiries.repliedAt} IS NULL), 0)`,
        replied: sql<number>`COALESCE(SUM(${enquiries.repliedAt} IS NOT NULL), 0)`,
        urgent: sql<number>`COALESCE(SUM(${enquiries.urgentReason} IS NOT NULL AND ${enquiries.repliedAt} IS NULL), 0)`,
      })
      .from(enquiries)
      .where(where),
  ]);
  const tabCounts: EnquiryCounts = counts ?? { all: 0, new: 0, pending: 0, replied: 0, urgent: 0 };
  return { items: rows.map(toAdminEnquiry), total: query.state ? tabCounts[query.state] : tabCounts.all, counts: tabCounts };
}

/** Changes one request and reads it back as the list shows it: one batch. */
async function updateEnquiry(db: Db, id: number, changes: SQLiteUpdateSetSource<typeof enquiries>): Promise<AdminEnquiry> {
  const [, [row]] = await db.batch([
    db.update(enquiries).set(changes).where(eq(enquiries.id, id)),
    enquiryQuery(db).where(eq(enquiries.id, id)),
  ]);
  if (!row) throw notFound("Quote");
  return toAdminEnquiry(row);
}

export const markEnquiryRead = (db: Db, id: number) => updateEnquiry(db, id, { isRead: true });

const firstReply = sql`COALESCE(${enquiries.repliedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Replying implies reading; a second "replied" keeps the time of the first reply. */
export const markEnquiryReplied = (db: Db, id: number) => updateEnquiry(db, id, { isRead: true, repliedAt: firstReply });

export const setEnquiryNotes = (db: Db, id: number, notes: string | null) => updateEnquiry(db, id, { notes });

/**
 * "Reply to All Pending", once the owner says the e-mail went: answers the quotes it changed (for
 * Undo). An urgent request is never answered by a bulk e-mail: it is left for the owner to call.
 * The ids go in as one JSON parameter (up to 500; D1 binds at most 100).
 */
export async function markEnquiriesReplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(enquiries)
    .set({ isRead: true, repliedAt: firstReply })
    .where(and(inJsonList(enquiries.id, ids), isNull(enquiries.repliedAt), isNull(enquiries.urgentReason)))
    .returning({ id: enquiries.id });
  return { ids: rows.map((r) => r.id) };
}

/** Undo of a bulk reply: those quotes go back to pending (read, not replied). */
export async function markEnquiriesUnreplied(db: Db, ids: number[]): Promise<{ ids: number[] }> {
  const rows = await db
    .update(enquiries)
    .set({ repliedAt: null })
    .where(and(inJsonList(enquiries.id, ids), isNotNull(enquiries.repliedAt)))
    .returning({ id: enquiries.id });
  return { ids: rows.map((r) => r.id) };
}

export async function deleteEnquiry(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
  if (!row) throw notFound("Quote");
}
