import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { readXeroMessage } from "../services/xero/enqueue";
import { type RateLimits, unknownLimits, XeroError } from "../services/xero/http";
import { mappingOf } from "../services/xero/mapping";
import { readConnection, withAccounting, XeroNotConnected } from "../services/xero/session";
import { ensureSynced, SyncBusy, SyncRefused } from "../services/xero/sync";

/** 30 s, 1, 2, 4… min, at most an hour: Xero down for a while is waited out, not given up on. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
/** Queues wait at most 12 hours before a retry. */
const MAX_DELAY_SECONDS = 43_200;
/**
 * The most calls one document makes (a refund: the invoice read, a credit note read, the payment,
 * with a contact to find and make first): a message starts only with this many left in Xero's minute
 * and day, so the queue keeps within 60 calls a minute and 5,000 a day without being refused.
 */
const CALLS_PER_DOCUMENT = 8;

/**
 * The limits each organisation's Xero gave last, kept by the isolate for the next batch (one consumer at a time, so
 * usually the same isolate): a batch starting right after another does not start blind. Trusted
 * for a minute (the minute's count) or an hour (the day's, only ever lower).
 */
const remembered = new Map<string, { limits: RateLimits; at: number }>();

function startingLimits(tenantId: string | null | undefined, now: number): RateLimits {
  const last = tenantId ? remembered.get(tenantId) : undefined;
  if (!last || now - last.at > 3_600_000) return unknownLimits();
  const { minuteRemaining, dayRemaining } = last.limits;
  return { minuteRemaining: now - last.at < 60_000 ? minuteRemaining : null, dayRemaining };
}

/** Seconds to wait before the next message, if Xero's limits have too little left for one. */
function waitForLimits(limits: RateLimits): number | null {
  if (limits.dayRemaining !== null && limits.dayRemaining < CALLS_PER_DOCUMENT) return 3600;
  if (limits.minuteRemaining !== null && limits.minuteRemaining < CALLS_PER_DOCUMENT) return 60;
  return null;
}

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
  const limits = startingLimits(connection?.tenantId, Date.now());
  const startedWith = JSON.stringify(limits);
  for (const message of batch.messages) {
    const wait = waitForLimits(limits);
    if (wait !== null) {
      message.retry({ delaySeconds: wait });
      continue;
    }
    const item = readXeroMessage(message.body);
    if (!item) {
      console.warn(JSON.stringify({ queue: "xero", warning: "message naming no document dropped", id: message.id }));
      message.ack();
      continue;
    }
    try {
      await withAccounting(env, db, (api) => ensureSynced({ env, db, api, mapping }, item), { limits });
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
      const after =
        error instanceof XeroError && error.retryAfterSeconds ? error.retryAfterSeconds : backoffSeconds(message.attempts);
      console.warn(JSON.stringify({ queue: "xero", item, retrying: String(error), inSeconds: after }));
      message.retry({ delaySeconds: Math.min(after, MAX_DELAY_SECONDS) });
    }
  }
  // Only what Xero said in this batch is news; a batch that made no call leaves the last word as it was.
  if (connection?.tenantId && JSON.stringify(limits) !== startedWith)
    remembered.set(connection.tenantId, { limits, at: Date.now() });
}
