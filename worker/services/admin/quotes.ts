import { desc, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { AdminQuote } from "../../../schema/api/admin";
import { quotes } from "../../../schema/db";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";

type QuoteRow = typeof quotes.$inferSelect;

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
  };
}

export async function listQuotes(db: Db): Promise<AdminQuote[]> {
  const rows = await db.select().from(quotes).orderBy(desc(quotes.createdAt), desc(quotes.id));
  return rows.map(toAdminQuote);
}

async function updateQuote(db: Db, id: number, changes: SQLiteUpdateSetSource<typeof quotes>): Promise<AdminQuote> {
  const [row] = await db.update(quotes).set(changes).where(eq(quotes.id, id)).returning();
  if (!row) throw notFound("Quote");
  return toAdminQuote(row);
}

export const markQuoteRead = (db: Db, id: number) => updateQuote(db, id, { isRead: true });

/** Replying implies reading; a second "replied" keeps the time of the first reply. */
export const markQuoteReplied = (db: Db, id: number) =>
  updateQuote(db, id, { isRead: true, repliedAt: sql`COALESCE(${quotes.repliedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` });

export async function deleteQuote(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(quotes).where(eq(quotes.id, id)).returning({ id: quotes.id });
  if (!row) throw notFound("Quote");
}
