import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../schema/db";
import type { Db } from "../db/client";
import { ApiError } from "./errors";

export type Limit = { limit: number; windowSeconds: number };
export type RateLimitHit = { key: string } & Limit;

const windowOf = ({ windowSeconds }: Limit, now: number) => {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  return { windowStart, retryAfter: windowStart + windowSeconds - nowSeconds };
};

const countHit = (db: Db, key: string, windowStart: number) =>
  db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });

/**
 * Fixed-window counters in D1: one UPSERT … RETURNING per counter, all counters of a call in one
 * batch, so concurrent requests each see their own count and cannot both slip under a limit.
 * Throws RATE_LIMITED (429 + Retry-After) once any window's count passes its limit.
 */
export async function hitRateLimits(
  db: Db,
  hits: RateLimitHit[],
  message = "Too many requests. Please wait a moment and try again.",
  now = Date.now(),
): Promise<void> {
  const windows = hits.map((hit) => windowOf(hit, now));
  const [first, ...rest] = hits.map((hit, i) => countHit(db, hit.key, windows[i]!.windowStart));
  if (!first) return;
  const counts = await db.batch([first, ...rest]);
  const over = hits.map((hit, i) => ((counts[i]?.[0]?.count ?? 0) > hit.limit ? windows[i]!.retryAfter : 0));
  const retryAfter = Math.max(...over);
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
