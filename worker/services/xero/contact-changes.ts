import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { xeroConfig } from "./config";
import type { XeroQueueMessage } from "./enqueue";

/**
 * A customer's name or e-mail changed (the back office, the customer on their account, a merge):
 * each change since the last sent, of a customer whose Xero contact exists or is on its way, gets
 * its own xero_sync row (kind contact_update, its own Idempotency-Key) and a message, in one
 * statement. A change to someone not yet in Xero is left: their contact will be made as they are.
 * The trigger customers_xero_contact_change (migration 0047) records the change, whatever made it;
 * this is called after it, and does nothing without the Xero app or an organisation chosen.
 */
export async function syncContactChanges(env: AppEnv, db: Db): Promise<void> {
  if (!xeroConfig(env)) return;
  try {
    const rows = await db.all<{ kind: "contact_update"; document_id: number }>(sql`
      INSERT INTO xero_sync (tenant_id, kind, document_id, idempotency_key)
      SELECT x.tenant_id, 'contact_update', c.id, 'northside:' || x.tenant_id || ':contact_update:' || c.id
      FROM xero_contact_changes c JOIN xero_connection x ON x.id = 1 AND x.tenant_id IS NOT NULL
      WHERE c.id > (SELECT coalesce(max(m.document_id), 0) FROM xero_sync m
          WHERE m.tenant_id = x.tenant_id AND m.kind = 'contact_update')
        AND EXISTS (SELECT 1 FROM xero_sync k WHERE k.tenant_id = x.tenant_id AND k.kind = 'contact' AND k.document_id = c.customer_id)
      ON CONFLICT DO NOTHING
      RETURNING kind, document_id`);
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += 100)
      await env.XERO_QUEUE.sendBatch(
        rows.slice(i, i + 100).map((r) => ({
          body: { xero: { kind: "contact_update", documentId: r.document_id } } satisfies XeroQueueMessage,
        })),
      );
  } catch (error) {
    // As syncToXero: the customer's change is made; a row not queued is sent by the cron's redrive.
    console.error(JSON.stringify({ xero: "contact changes", error: String(error) }));
  }
}
