import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { readXeroMessage } from "../services/xero/enqueue";
import { XeroError } from "../services/xero/http";
import { mappingOf } from "../services/xero/mapping";
import { readConnection, withAccounting, XeroNotConnected } from "../services/xero/session";
import { ensureSynced, SyncBusy, SyncRefused } from "../services/xero/sync";

/** 30 s, 1, 2, 4… min, at most an hour: Xero down for a while is waited out, not given up on. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
/** Queues wait at most 12 hours before a retry. */
const MAX_DELAY_SECONDS = 43_200;

/**
 * The Xero queue: one message per document to send (worker/services/xero/enqueue.ts). Messages are
 * worked one after another, never at once: with one consumer at a time (wrangler.toml) that keeps
 * within Xero's 5 calls at once per organisation, and a 429 beyond the short waits the adapter makes
 * comes back here as a retry after Xero's Retry-After (a catch-up spreads over minutes and days).
 * What a message asks is only done through the document's row, so a repeated message does nothing.
 */
export async function consumeXero(batch: MessageBatch<unknown>, env: AppEnv) {
  const db = getDb(env);
  const connection = await readConnection(db);
  const mapping = mappingOf(connection?.mapping ?? null);
  for (const message of batch.messages) {
    const item = readXeroMessage(message.body);
    if (!item) {
      console.warn(JSON.stringify({ queue: "xero", warning: "message naming no document dropped", id: message.id }));
      message.ack();
      continue;
    }
    try {
      await withAccounting(env, db, (api) => ensureSynced({ env, db, api, mapping }, item));
      message.ack();
    } catch (error) {
      // Not connected: the row waits, and connecting again sends it. Refused: the row shows Xero's words.
      if (error instanceof XeroNotConnected || error instanceof SyncRefused || (error instanceof XeroError && !error.transient)) {
        message.ack();
        continue;
      }
      if (error instanceof SyncBusy) {
        message.retry({ delaySeconds: 30 });
        continue;
      }
      const wait =
        error instanceof XeroError && error.retryAfterSeconds ? error.retryAfterSeconds : backoffSeconds(message.attempts);
      console.warn(JSON.stringify({ queue: "xero", item, retrying: String(error), inSeconds: wait }));
      message.retry({ delaySeconds: Math.min(wait, MAX_DELAY_SECONDS) });
    }
  }
}
