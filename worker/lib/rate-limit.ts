import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../schema/db";
import type { Db } from "../db/client";
import { ApiError } from "./errors";

export type Limit = { limit: number; windowSeconds: number };
export type RateLimitHit = { key: string } & Limit;

const windowOf = ({ windowSeconds }: Limit, now: number) => {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  return { windowStart, retryAfter: windowStart + windowSeconds - nowSeconds, elapsed: nowSeconds - windowStart };
};

const previousCount = (db: Db, key: string, windowStart: number) =>
  db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));

/**
 * A sliding window from two fixed ones: this window's count plus the share of the last window's
 * that still falls inside the last `windowSeconds`. A burst timed across a window's edge counts
 * in both, so twice the limit cannot slip through at the turn of a window.
 */
function slidingCount(current: number, previous: number, { windowSeconds }: Limit, elapsed: number) {
  return current + (previous * (windowSeconds - elapsed)) / windowSeconds;
}

/**
 * How long until the next request fits: it adds one to whichever window it falls in, while the last
 * window's weight fades. Still in this window if the fading is enough; otherwise in the next one,
 * where this window's count (rejected hits included: a client that keeps knocking waits longer)
 * is the one fading.
 */
function waitFor(current: number, previous: number, hit: Limit, elapsed: number): number {
  const { limit, windowSeconds: w } = hit;
  const room = limit - current - 1;
  if (previous > 0 && room >= 0) return Math.max(1, Math.ceil(((w - elapsed) * previous - room * w) / previous));
  return Math.max(1, Math.ceil(w - elapsed + Math.max(0, (w * (current - limit + 1)) / current)));
}

const countHit = (db: Db, key: string, windowStart: number) =>
  db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });

/** What a call's counters say: each counter's sliding count, and how long to wait when one is over. */
export type RateLimitState = { counts: number[]; retryAfter: number };

/**
 * Sliding-window counters in D1: one UPSERT … RETURNING per counter and a read of its last
 * window, all counters of a call in one batch, so concurrent requests each see their own count and
 * cannot both slip under a limit.
 */
export async function countRateLimits(db: Db, hits: RateLimitHit[], now = Date.now()): Promise<RateLimitState> {
  if (hits.length === 0) return { counts: [], retryAfter: 0 };
  const windows = hits.map((hit) => windowOf(hit, now));
  const statements = hits.flatMap((hit, i) => [
    countHit(db, hit.key, windows[i]!.windowStart),
    previousCount(db, hit.key, windows[i]!.windowStart - hit.windowSeconds),
  ]);
  const results = await db.batch(statements as unknown as [(typeof statements)[number], ...typeof statements]);
  const counts: number[] = [];
  let retryAfter = 0;
  hits.forEach((hit, i) => {
    const current = (results[2 * i] as { count: number }[])[0]?.count ?? 0;
    const previous = (results[2 * i + 1] as { count: number }[])[0]?.count ?? 0;
    const count = slidingCount(current, previous, hit, windows[i]!.elapsed);
    counts.push(count);
    if (count > hit.limit) retryAfter = Math.max(retryAfter, waitFor(current, previous, hit, windows[i]!.elapsed));
  });
  return { counts, retryAfter };
}

/** Counts the hits and throws RATE_LIMITED (429 + Retry-After) once any counter passes its limit. */
export async function hitRateLimits(
  db: Db,
  hits: RateLimitHit[],
  message = "Too many requests. Please wait a moment and try again.",
  now = Date.now(),
): Promise<void> {
  const { retryAfter } = await countRateLimits(db, hits, now);
  if (retryAfter > 0) throw new ApiError("RATE_LIMITED", message, { retryAfter });
}

/**
 * Takes back hits counted by hitRateLimits (a sign-in that turned out right is not a failure). Never
 * below zero; a window that has meanwhile ended is left alone.
 */
export async function forgetRateLimitHits(db: Db, hits: RateLimitHit[], now = Date.now()): Promise<void> {
  const [first, ...rest] = hits.map((hit) =>
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(eq(rateLimits.key, hit.key), eq(rateLimits.windowStart, windowOf(hit, now).windowStart), gt(rateLimits.count, 0)),
      ),
  );
  if (first) await db.batch([first, ...rest]);
}

/** One counter: see hitRateLimits. */
export function hitRateLimit(db: Db, key: string, limit: Limit, message?: string, now = Date.now()): Promise<void> {
  return hitRateLimits(db, [{ key, ...limit }], message, now);
}

/** Reads the current window's count without counting (for "N failures so far" checks). */
export async function peekRateLimit(db: Db, key: string, windowSeconds: number, now = Date.now()) {
  const { windowStart, retryAfter } = windowOf({ limit: 0, windowSeconds }, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return { count: row?.count ?? 0, retryAfter };
}

/** Old windows are useless once passed; the cron job calls this. */
export async function purgeRateLimits(db: Db, olderThanSeconds = 86_400, now = Date.now()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor(now / 1000) - olderThanSeconds));
}
