import type * as z from "zod";
import type { quoteRequestSchema } from "../../schema/api/quotes";
import { quotes } from "../../schema/db";
import type { Db } from "../db/client";

export type QuoteInput = z.output<typeof quoteRequestSchema>;
export type QuoteRow = typeof quotes.$inferSelect;

/** Stores a visitor's quote request, unread, for the admin's New tab. */
export async function createQuote(db: Db, input: QuoteInput): Promise<QuoteRow> {
  const [row] = await db
    .insert(quotes)
    .values({ ...input, isRead: false })
    .returning();
  return row!;
}
