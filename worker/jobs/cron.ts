import type { AppEnv } from "../env";
import { purgeRateLimits } from "../lib/rate-limit";

export const STALE_CART_DAYS = 30;

/** Deletes carts nobody has touched for 30 days. */
export async function purgeStaleCarts(db: D1Database, now = Date.now()) {
  const cutoff = new Date(now - STALE_CART_DAYS * 86_400_000).toISOString();
  const result = await db
    .prepare(
      `DELETE FROM cart_items WHERE session_id IN (
         SELECT session_id FROM cart_items GROUP BY session_id HAVING MAX(updated_at) < ?1)`,
    )
    .bind(cutoff)
    .run();
  return result.meta.changes ?? 0;
}

/** The Cron Trigger (every 5 minutes). Every task is idempotent, so overlapping runs are harmless. */
export async function runScheduled(controller: ScheduledController, env: AppEnv, _ctx: ExecutionContext) {
  const now = controller.scheduledTime;
  await Promise.all([purgeStaleCarts(env.DB, now), purgeRateLimits(env.DB, 86_400, now)]);
}
