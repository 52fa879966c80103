import { consumeXero } from "../../worker/jobs/xero-queue";
import type { RetryPolicy } from "../../worker/services/xero/http";
import { setXeroClock } from "./xero";

/** wrangler.toml's xero-sync consumer: 5 messages a batch, one batch at a time, 20 retries. */
const BATCH = 5;
const MAX_RETRIES = 20;

type Waiting = { id: string; body: unknown; attempts: number; at: number; seq: number };

/**
 * Cloudflare's Queue as the Xero sync meets it, in the test's own time: a message waits out its
 * delaySeconds, batches of 5 go to the consumer one after another, a retry comes back after its
 * delay, and a message retried beyond max_retries is dropped (counted, for the test to say none
 * is). The clock is shared with the fake Xero's organisation: time moves only when nothing is due
 * (to the next message) or when the adapter waits (Retry-After, back-off), so hours of a catch-up
 * pass in seconds. Calls within a batch happen at one instant: the fake's minute is never kinder.
 */
export function drivenQueue(tenantId: string, start: number) {
  let now = start;
  let seq = 0;
  const waiting: Waiting[] = [];
  const dropped: unknown[] = [];
  const stats = { batches: 0, deliveries: 0, mostAttempts: 0 };
  const put = (body: unknown, delaySeconds = 0, attempts = 1) =>
    waiting.push({ id: `m${++seq}`, body, attempts, at: now + delaySeconds * 1000, seq });
  const queue = {
    async send(body: unknown, options?: { delaySeconds?: number }) {
      put(body, options?.delaySeconds);
    },
    async sendBatch(messages: Iterable<{ body: unknown; delaySeconds?: number }>) {
      for (const m of messages) put(m.body, m.delaySeconds);
    },
  } as unknown as Queue;
  const clock: RetryPolicy = {
    attempts: 3,
    maxWaitSeconds: 10,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
      await setXeroClock(tenantId, now);
    },
  };

  /** Hands the consumer every message until none is left (or `until`, the test's own time). */
  async function run(appEnv: object, until = Number.POSITIVE_INFINITY) {
    while (waiting.length) {
      waiting.sort((a, b) => a.at - b.at || a.seq - b.seq);
      if (waiting[0]!.at > now) now = waiting[0]!.at;
      if (now > until) return;
      await setXeroClock(tenantId, now);
      let due = 0;
      while (due < BATCH && due < waiting.length && waiting[due]!.at <= now) due++;
      const taken = waiting.splice(0, due);
      stats.batches++;
      stats.deliveries += taken.length;
      const batch = {
        queue: "xero-sync",
        messages: taken.map((m) => ({
          id: m.id,
          timestamp: new Date(now),
          attempts: m.attempts,
          body: m.body,
          ack: () => undefined,
          retry: (options?: { delaySeconds?: number }) => {
            stats.mostAttempts = Math.max(stats.mostAttempts, m.attempts + 1);
            if (m.attempts > MAX_RETRIES) dropped.push(m.body);
            else put(m.body, options?.delaySeconds, m.attempts + 1);
          },
        })),
        ackAll: () => undefined,
        retryAll: () => undefined,
      } as unknown as MessageBatch<unknown>;
      await consumeXero(batch, appEnv as never, clock);
    }
  }
  return { queue, clock, run, dropped, stats, now: () => now };
}

/** The most calls in any `windowMs` (a rolling minute, a rolling day) among sorted times. */
export function mostInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[first]! <= sorted[last]! - windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
