import { count, desc, sql } from "drizzle-orm";
import type { AdminListQuery } from "../../../schema/api/lists";
import type { AdminSubscriber } from "../../../schema/api/signups";
import { emailSubscribers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";

type SubscriberRow = typeof emailSubscribers.$inferSelect;

/** The subscriber as the back office reads it: `isActive` is the string "true" or "false". */
export function toAdminSubscriber(row: SubscriberRow): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    isActive: row.status === "active" ? "true" : "false",
    status: row.status,
    signedUpAt: row.signedUpAt,
    confirmedAt: row.confirmedAt,
    unsubscribedAt: row.unsubscribedAt,
  };
}

/** Newest sign-ups first, matching any part of the address; a page with the full count. */
export async function listSubscribers(db: Db, { q, limit, offset }: AdminListQuery) {
  const where = searchCondition(q, "subscribers_search", emailSubscribers.id, [emailSubscribers.email]);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(emailSubscribers)
      .where(where)
      .orderBy(desc(emailSubscribers.signedUpAt), desc(emailSubscribers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emailSubscribers).where(where),
  ]);
  return { items: rows.map(toAdminSubscriber), total: total?.n ?? 0 };
}

/** An address as stored, whatever its letter case. */
export const sameAddress = (email: string) => sql`${emailSubscribers.email} = ${email.trim()} COLLATE NOCASE`;

/**
 * Ends a subscription by address (the admin action and the e-mails' unsubscribe links alike), and
 * cancels any confirmation still open. Repeating it changes nothing and keeps the first unsubscribe
 * time. Null when no subscriber has that address.
 */
export async function unsubscribeSubscriber(db: Db, email: string): Promise<AdminSubscriber | null> {
  const [row] = await db
    .update(emailSubscribers)
    .set({
      status: "unsubscribed",
      confirmationRequestedAt: null,
      unsubscribedAt: sql`COALESCE(${emailSubscribers.unsubscribedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    })
    .where(sameAddress(email))
    .returning();
  return row ? toAdminSubscriber(row) : null;
}
