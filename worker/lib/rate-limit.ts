import { ApiError } from "./errors";

export type Limit = { limit: number; windowSeconds: number };

/**
 * Fixed-window counter in D1: one UPSERT … RETURNING per call, so concurrent requests each see
 * their own count and cannot both slip under the limit. Throws RATE_LIMITED (429 + Retry-After)
 * once the window's count passes the limit.
 */
export async function hitRateLimit(
  db: D1Database,
  key: string,
  { limit, windowSeconds }: Limit,
  message = "Too many requests. Please wait a moment and try again.",
  now = Date.now(),
): Promise<void> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  if ((row?.count ?? 0) > limit) {
    throw new ApiError("RATE_LIMITED", message, { retryAfter: windowStart + windowSeconds - nowSeconds });
  }
}

/** Reads the current window's count without counting (for "N failures so far" checks). */
export async function peekRateLimit(db: D1Database, key: string, windowSeconds: number, now = Date.now()) {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const row = await db
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2")
    .bind(key, windowStart)
    .first<{ count: number }>();
  return { count: row?.count ?? 0, retryAfter: windowStart + windowSeconds - nowSeconds };
}

/** Old windows are useless once passed; the cron job calls this. */
export async function purgeRateLimits(db: D1Database, olderThanSeconds = 86_400, now = Date.now()) {
  await db
    .prepare("DELETE FROM rate_limits WHERE window_start < ?1")
    .bind(Math.floor(now / 1000) - olderThanSeconds)
    .run();
}
