import { desc, sql } from "drizzle-orm";
import type { AdminSubscriber } from "../../../schema/api/admin";
import { emailSubscribers } from "../../../schema/db";
import type { Db } from "../../db/client";

type SubscriberRow = typeof emailSubscribers.$inferSelect;

/** The subscriber as the back office reads it: `isActive` is the string "true" or "false". */
export function toAdminSubscriber(row: SubscriberRow): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    isActive: row.isActive ? "true" : "false",
    signedUpAt: row.signedUpAt,
    unsubscribedAt: row.unsubscribedAt,
  };
}

export async function listSubscribers(db: Db): Promise<AdminSubscriber[]> {
  const rows = await db.select().from(emailSubscribers).orderBy(desc(emailSubscribers.signedUpAt), desc(emailSubscribers.id));
  return rows.map(toAdminSubscriber);
}

/**
 * Ends a subscription by address (the admin action and the e-mails' unsubscribe links alike).
 * Addresses match whatever their letter case. Repeating it changes nothing and keeps the first
 * unsubscribe time. Null when no subscriber has that address.
 */
export async function unsubscribeSubscriber(db: Db, email: string): Promise<AdminSubscriber | null> {
  const [row] = await db
    .update(emailSubscribers)
    .set({
      isActive: false,
      unsubscribedAt: sql`COALESCE(${emailSubscribers.unsubscribedAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    })
    .where(sql`${emailSubscribers.email} = ${email.trim()} COLLATE NOCASE`)
    .returning();
  return row ? toAdminSubscriber(row) : null;
}
