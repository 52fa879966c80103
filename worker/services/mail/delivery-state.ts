import { and, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { campaignRecipients, type outgoingEmails } from "../../../schema/db";
import type { Db } from "../../db/client";

/**
 * The one delivery state machine, for both kinds of row the mail queue sends: a campaign's
 * recipient and a stored e-mail. A sender claims a row (→ sending); only the sender holding it may
 * then record it sent, failed for good, or given back for a retry (→ queued).
 */
type DeliveryTable = typeof campaignRecipients | typeof outgoingEmails;

export type HeldDelivery = {
  sent(providerMessageId: string, nowIso: string): Promise<void>;
  failed(error: string, nowIso: string): Promise<void>;
  release(error: string, nowIso: string): Promise<void>;
};

/** What went wrong, as stored: long provider answers are cut. */
export const errorText = (error: string) => error.slice(0, 500);

/** What a row that used up its retries says. */
export const gaveUp = (table: DeliveryTable) =>
  sql`COALESCE(${table.lastError}, 'No answer from the mail service') || ' (gave up after retries)'`;

/** The address an erasure's answer was sent to, once that mail is done with (sent, or given up). */
export const ERASED_ADDRESS = "(erased)";

/**
 * A stored e-mail's address as kept once its delivery ends: the answer to an erasure request is the
 * last thing sent to that address, and keeping it in the mail log would undo the erasure.
 */
export const addressAfterDelivery = (table: typeof outgoingEmails) =>
  sql`CASE WHEN ${table.kind} = 'erasure' THEN ${ERASED_ADDRESS} ELSE ${table.to} END`;

export function heldDelivery(db: Db, table: DeliveryTable, id: number): HeldDelivery {
  // Both tables have these columns; drizzle cannot type an update over a union of tables.
  const rows = table as typeof outgoingEmails;
  const ended = table === campaignRecipients ? {} : { to: addressAfterDelivery(rows) };
  const record = async (values: SQLiteUpdateSetSource<typeof outgoingEmails>) => {
    await db
      .update(rows)
      .set(values)
      .where(and(eq(rows.id, id), eq(rows.status, "sending")));
  };
  // A recipient also notes when it went back on the queue (the cron re-drives rows left there).
  const queuedAt = (nowIso: string) => (table === campaignRecipients ? { queuedAt: nowIso } : {});
  return {
    sent: (providerMessageId, nowIso) =>
      record({ status: "sent", sentAt: nowIso, providerMessageId, lastError: null, updatedAt: nowIso, ...ended }),
    failed: (error, nowIso) => record({ status: "failed", lastError: errorText(error), updatedAt: nowIso, ...ended }),
    release: (error, nowIso) => record({ status: "queued", lastError: errorText(error), updatedAt: nowIso, ...queuedAt(nowIso) }),
  };
}
