import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type XeroSyncKind, xeroConnection, xeroSync } from "../../../schema/db";
import type { Db } from "../../db/client";

/**
 * The xero_sync rows: one per organisation, kind and document, the one truth of what was sent.
 * A consumer claims a waiting row for CLAIM_MS (attempts counted in the same statement), so two
 * consumers never write one document at once; Xero's id is kept the moment Xero answers, before
 * any second step (an allocation, a deposit's payment), so a later attempt never makes the object
 * again. The Idempotency-Key is the row's: the same on every retry of the same write, and renewed
 * only when the owner retries a refused one (a refused write made nothing in Xero).
 */
export type SyncItem = { kind: XeroSyncKind; documentId: number };
export type SyncRow = typeof xeroSync.$inferSelect;

const CLAIM_MS = 2 * 60_000;
const s = xeroSync;

export const idempotencyKey = (tenantId: string, { kind, documentId }: SyncItem) => `northside:${tenantId}:${kind}:${documentId}`;

export const recordRows = (db: Db, tenantId: string, items: SyncItem[]) =>
  db
    .insert(s)
    .values(items.map((item) => ({ tenantId, ...item, idempotencyKey: idempotencyKey(tenantId, item) })))
    .onConflictDoNothing();

const rowWhere = (tenantId: string, item: SyncItem) =>
  and(eq(s.tenantId, tenantId), eq(s.kind, item.kind), eq(s.documentId, item.documentId));

export type Claim = { row: SyncRow; claimed: true } | { row: SyncRow; claimed: false };

/**
 * The row claimed for this consumer, or the row as it is when it cannot be (done, failed, or
 * claimed by another consumer just now). The row is made first when none is there yet (a
 * document the sync needs before its own, such as the invoice a payment is on).
 */
export async function claimRow(db: Db, tenantId: string, item: SyncItem): Promise<Claim> {
  const now = new Date();
  const claim = db
    .update(s)
    .set({
      attempts: sql`${s.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + CLAIM_MS).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(
      and(rowWhere(tenantId, item), eq(s.state, "waiting"), or(isNull(s.claimedUntil), lt(s.claimedUntil, now.toISOString()))),
    )
    .returning();
  const [, claimed, [row]] = await db.batch([
    recordRows(db, tenantId, [item]),
    claim,
    db.select().from(s).where(rowWhere(tenantId, item)),
  ]);
  return claimed[0] ? { row: claimed[0], claimed: true } : { row: row!, claimed: false };
}

/** Xero made the object: its id, kept before anything else is asked of Xero. */
export async function keepXeroId(db: Db, rowId: number, xeroId: string) {
  await db.update(s).set({ xeroId, updatedAt: new Date().toISOString() }).where(eq(s.id, rowId));
}

export async function markDone(db: Db, rowId: number, xeroId: string) {
  const now = new Date().toISOString();
  await db.batch([
    db.update(s).set({ xeroId, state: "done", lastError: null, claimedUntil: null, updatedAt: now }).where(eq(s.id, rowId)),
    db.update(xeroConnection).set({ lastSyncAt: now }).where(eq(xeroConnection.id, 1)),
  ]);
}

/** Xero refused it for a reason the owner must see (a closed period, a deleted contact): its words. */
export async function markFailed(db: Db, rowId: number, error: string) {
  await db
    .update(s)
    .set({ state: "failed", lastError: error, claimedUntil: null, updatedAt: new Date().toISOString() })
    .where(eq(s.id, rowId));
}

/** Let go for a later attempt (Xero busy or down, or the link waiting for the owner). */
export async function release(db: Db, rowId: number, error: string | null) {
  await db.update(s).set({ lastError: error, claimedUntil: null, updatedAt: new Date().toISOString() }).where(eq(s.id, rowId));
}

/**
 * The owner's Retry: refused rows wait again, each with a new Idempotency-Key (the old one would
 * be answered with the old refusal). Returns what to send.
 */
export async function retryFailed(db: Db, tenantId: string): Promise<SyncItem[]> {
  const rows = await db
    .update(s)
    .set({
      state: "waiting",
      idempotencyKey: sql`${s.idempotencyKey} || ':retry-' || ${s.attempts}`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(s.tenantId, tenantId), eq(s.state, "failed")))
    .returning({ kind: s.kind, documentId: s.documentId });
  return rows;
}
