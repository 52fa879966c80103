import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { xeroConfig } from "./config";
import type { XeroQueueMessage } from "./enqueue";

/**
 * A quote's deposit is money received before there is an invoice (decisions 017 and 022: a ledger of
 * deposit payments, estimate_payments, that the job's invoice takes off its balance). In Xero each
 * deposit payment becomes a payment against that invoice once it is issued, dated when it was paid,
 * into the bank account of how it was paid, for what the quote kept of it: so the invoice's balance
 * in Xero is ours and the bank account shows the money on its day. Each payment has its own row
 * (kind "deposit") and Idempotency-Key, so it is sent once, whichever comes last: the invoice's issue
 * or the deposit (a deposit paid after the invoice was issued). One statement, nothing without Xero.
 */
export async function syncDeposits(env: AppEnv, db: Db, quoteId: number): Promise<void> {
  if (!xeroConfig(env)) return;
  try {
    const rows = await db.all<{ document_id: number }>(sql`
      INSERT INTO xero_sync (tenant_id, kind, document_id, idempotency_key)
      SELECT x.tenant_id, 'deposit', p.id, 'northside:' || x.tenant_id || ':deposit:' || p.id
      FROM estimate_payments p JOIN xero_connection x ON x.id = 1 AND x.tenant_id IS NOT NULL
      WHERE p.estimate_id = ${quoteId} AND p.amount_pence > p.refund_due_pence
        AND EXISTS (SELECT 1 FROM invoices i WHERE i.estimate_id = p.estimate_id AND i.status = 'issued' AND i.number IS NOT NULL)
      ON CONFLICT DO NOTHING
      RETURNING document_id`);
    if (rows.length === 0) return;
    await env.XERO_QUEUE.sendBatch(
      rows.map((r) => ({ body: { xero: { kind: "deposit", documentId: r.document_id } } satisfies XeroQueueMessage })),
    );
  } catch (error) {
    console.error(JSON.stringify({ xero: "deposits", quoteId, error: String(error) }));
  }
}
