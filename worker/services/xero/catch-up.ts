import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { sendWaiting } from "./enqueue";
import { readConnection } from "./session";

/**
 * The one-time catch-up: what was issued, paid (a quote's deposit too), credited, refunded or voided since a date the owner
 * chooses, before Xero was connected, recorded for the organisation in one statement per kind (no
 * list of ids bound) and queued. Anything already sent is skipped by its row; the queue spreads the
 * writes within Xero's limits (a 429 is a retry after Xero's Retry-After), over days if it must.
 * Money that went straight back to a card (a payment beyond what was owed) is left out, as the sync
 * leaves it out as it happens.
 */
const rowsOf = (tenantId: string, kind: string, select: ReturnType<typeof sql>) => sql`
  INSERT INTO xero_sync (tenant_id, kind, document_id, idempotency_key)
  SELECT ${tenantId}, ${kind}, d.id, 'northside:' || ${tenantId} || ':' || ${kind} || ':' || d.id FROM (${select}) AS d
  WHERE true ON CONFLICT DO NOTHING`;

export async function catchUp(env: AppEnv, db: Db, from: string): Promise<{ queued: number }> {
  const row = await readConnection(db);
  if (row?.status !== "connected" || !row.tenantId)
    throw new ApiError("CONFLICT", "Connect Xero and choose the organisation first.");
  const t = row.tenantId;
  // One statement a kind, once in the link's life: six round trips.
  const statements = [
    rowsOf(t, "invoice", sql`SELECT id FROM invoices WHERE number IS NOT NULL AND issue_date >= ${from}`),
    rowsOf(t, "void", sql`SELECT id FROM invoices WHERE status = 'void' AND number IS NOT NULL AND issue_date >= ${from}`),
    rowsOf(t, "credit_note", sql`SELECT id FROM credit_notes WHERE issue_date >= ${from}`),
    rowsOf(
      t,
      "payment",
      sql`SELECT p.id FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
        WHERE p.paid_on >= ${from} AND i.number IS NOT NULL AND p.amount_pence > p.refund_due_pence`,
    ),
    rowsOf(
      t,
      "deposit",
      sql`SELECT p.id FROM estimate_payments p JOIN invoices i ON i.estimate_id = p.estimate_id
        WHERE i.status = 'issued' AND i.number IS NOT NULL AND i.issue_date >= ${from} AND p.amount_pence > p.refund_due_pence`,
    ),
    rowsOf(
      t,
      "refund",
      sql`SELECT r.id FROM invoice_refunds r LEFT JOIN invoice_payments p ON p.id = r.payment_id
        WHERE r.refunded_on >= ${from} AND COALESCE(p.refund_due_pence, 0) = 0`,
    ),
  ];
  for (const statement of statements) await db.run(statement);
  return { queued: await sendWaiting(env, db, t) };
}
