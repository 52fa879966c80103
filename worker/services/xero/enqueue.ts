import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { xeroSync } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { xeroConfig } from "./config";
import { readConnection } from "./session";
import { recordRows, type SyncItem } from "./sync-rows";

/**
 * The one hook the invoices call when something happens (issued, paid, refunded, credited,
 * voided): the document's row recorded for the connected organisation and a message on the Xero
 * queue. Without the Xero app's secrets, or with no organisation connected, it does nothing (one
 * read when connected-able). It never fails what called it: the books are told later, the customer
 * was served now; a row that could not be queued is found again on the next reconnect or Retry.
 */
export type XeroQueueMessage = { xero: SyncItem };

export async function syncToXero(env: AppEnv, db: Db, items: SyncItem[]): Promise<void> {
  if (!xeroConfig(env) || items.length === 0) return;
  try {
    const connection = await readConnection(db);
    // "reconnect" keeps recording: what happens while the owner reconnects waits for it.
    if (!connection?.tenantId) return;
    await recordRows(db, connection.tenantId, items);
    await env.XERO_QUEUE.sendBatch(items.map((item) => ({ body: { xero: item } satisfies XeroQueueMessage })));
  } catch (error) {
    console.error(JSON.stringify({ xero: "enqueue", items, error: String(error) }));
  }
}

/**
 * Many documents at once (a catch-up, a reconnect) are handed to the queue PACE a minute, each
 * message delayed to its minute: a new customer's invoice makes 4 calls (the contact looked up by
 * e-mail and name, made, the invoice), so 12 a minute stay under Xero's 60 and the queue rarely has
 * to put one back. Queues delay a message at most 12 hours; beyond, the consumer's waits pace them.
 */
const PACE = 12;
const MAX_DELAY_SECONDS = 43_200;

/** Everything waiting for the organisation, sent again (after connecting, or the owner's Retry). */
export async function sendWaiting(env: AppEnv, db: Db, tenantId: string, items?: SyncItem[]) {
  const waiting =
    items ??
    (await db
      .select({ kind: xeroSync.kind, documentId: xeroSync.documentId })
      .from(xeroSync)
      .where(and(eq(xeroSync.tenantId, tenantId), eq(xeroSync.state, "waiting"))));
  const delayOf = (n: number) => Math.min(Math.floor(n / PACE) * 60, MAX_DELAY_SECONDS);
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < waiting.length; i += 100)
    await env.XERO_QUEUE.sendBatch(
      waiting.slice(i, i + 100).map((item, n) => ({
        body: { xero: item } satisfies XeroQueueMessage,
        ...(i + n >= PACE ? { delaySeconds: delayOf(i + n) } : {}),
      })),
    );
  return waiting.length;
}

export function readXeroMessage(body: unknown): SyncItem | null {
  const item = (body as Partial<XeroQueueMessage> | null)?.xero;
  const kinds = ["contact", "invoice", "credit_note", "payment", "refund", "void", "contact_update", "deposit"];
  if (!item || !kinds.includes(item.kind as string) || !Number.isInteger(item.documentId)) return null;
  return { kind: item.kind, documentId: item.documentId };
}

const STALE_MS = 60 * 60_000;
const REDRIVE_LIMIT = 100;

/**
 * The cron's pass: rows still waiting an hour after they last changed, unclaimed, whose message was
 * lost (a queue send that failed, retries used up) are sent again, 100 a run, and touched so the next
 * run leaves them be. Three queries when connected; none without the Xero app.
 */
export async function redriveWaiting(env: AppEnv, db: Db, now: number): Promise<number> {
  if (!xeroConfig(env)) return 0;
  const connection = await readConnection(db);
  if (connection?.status !== "connected" || !connection.tenantId) return 0;
  const before = new Date(now - STALE_MS).toISOString();
  const stale = await db
    .update(xeroSync)
    .set({ updatedAt: new Date(now).toISOString() })
    // The 100 oldest, as a subquery: UPDATE … LIMIT is not in D1's SQLite.
    .where(
      inArray(
        xeroSync.id,
        db
          .select({ id: xeroSync.id })
          .from(xeroSync)
          .where(
            and(
              eq(xeroSync.tenantId, connection.tenantId),
              eq(xeroSync.state, "waiting"),
              lt(xeroSync.updatedAt, before),
              or(isNull(xeroSync.claimedUntil), lt(xeroSync.claimedUntil, new Date(now).toISOString())),
            ),
          )
          .orderBy(xeroSync.updatedAt)
          .limit(REDRIVE_LIMIT),
      ),
    )
    .returning({ kind: xeroSync.kind, documentId: xeroSync.documentId });
  return sendWaiting(env, db, connection.tenantId, stale);
}
