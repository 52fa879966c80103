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

/** The chat's hand-over: a "Call back" request with the conversation it came from, unread in the New tab. */
export async function createCallBack(
  db: Db,
  input: { sessionId: string; name: string; phone: string; email: string; message: string | null },
): Promise<QuoteRow> {
  const [row] = await db
    .insert(quotes)
    .values({
      name: input.name,
      phone: input.phone,
      email: input.email,
      postcode: "",
      service: "call-back",
      message: input.message,
      chatSessionId: input.sessionId,
      isRead: false,
    })
    .returning();
  return row!;
}
