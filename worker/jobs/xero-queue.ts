import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { readXeroMessage, type XeroQueueMessage } from "../services/xero/enqueue";
import { defaultRetry, nowOf, type RateLimits, type RetryPolicy, unknownLimits, XeroError } from "../services/xero/http";
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
/** Until when Xero asked (a 429's Retry-After) that nothing be called: every message waits till then. */
const pausedUntil = new Map<string, number>();

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
 * Waiting for Xero's limits is not a failed attempt: the message goes back as a new one, delayed,
 * so a catch-up of hundreds waiting out minutes and hours never uses up the queue's max_retries (20)
 * and drops a document to the cron's hourly redrive. Sent again and acked, or retried if the send fails.
 */
async function waitAgain(env: AppEnv, message: Message<unknown>, seconds: number) {
  try {
    await env.XERO_QUEUE.send(message.body as XeroQueueMessage, { delaySeconds: seconds });
    message.ack();
  } catch {
    message.retry({ delaySeconds: seconds });
  }
}

/**
 * The Xero queue: one message per document to send (worker/services/xero/enqueue.ts). Messages are
 * worked one after another, never at once: with one consumer at a time (wrangler.toml) that keeps
 * within Xero's 5 calls at once per organisation, and a 429 beyond the short waits the adapter makes
 * comes back here as a retry after Xero's Retry-After (a catch-up spreads over minutes and days).
 * What a message asks is only done through the document's row, so a repeated message does nothing.
 * `retry` carries the clock (now, and the adapter's short waits): a test's own drives hours in seconds.
 */
export async function consumeXero(batch: MessageBatch<unknown>, env: AppEnv, retry: RetryPolicy = defaultRetry) {
  const db = getDb(env);
  const connection = await readConnection(db);
  const mapping = mappingOf(connection?.mapping ?? null);
  const limits = startingLimits(connection?.tenantId, nowOf(retry));
  const startedWith = JSON.stringify(limits);
  for (const message of batch.messages) {
    const item = readXeroMessage(message.body);
    if (!item) {
      console.warn(JSON.stringify({ queue: "xero", warning: "message naming no document dropped", id: message.id }));
      message.ack();
      continue;
    }
    const paused = connection?.tenantId ? (pausedUntil.get(connection.tenantId) ?? 0) - nowOf(retry) : 0;
    const wait = paused > 0 ? Math.ceil(paused / 1000) : waitForLimits(limits);
    if (wait !== null) {
      await waitAgain(env, message, wait);
      continue;
    }
    try {
      await withAccounting(env, db, (api) => ensureSynced({ env, db, api, mapping }, item), { limits, retry });
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
      const after = Math.min(
        error instanceof XeroError && error.retryAfterSeconds ? error.retryAfterSeconds : backoffSeconds(message.attempts),
        MAX_DELAY_SECONDS,
      );
      console.warn(JSON.stringify({ queue: "xero", item, retrying: String(error), inSeconds: after }));
      // Xero's limits said no after all (another app of the owner's spent them): waited, not failed,
      // and no message calls Xero again before the time it gave.
      if (error instanceof XeroError && error.status === 429) {
        if (connection?.tenantId) pausedUntil.set(connection.tenantId, nowOf(retry) + after * 1000);
        await waitAgain(env, message, after);
      } else message.retry({ delaySeconds: after });
    }
  }
  // Only what Xero said in this batch is news; a batch that made no call leaves the last word as it was.
  if (connection?.tenantId && JSON.stringify(limits) !== startedWith)
    remembered.set(connection.tenantId, { limits, at: nowOf(retry) });
}
