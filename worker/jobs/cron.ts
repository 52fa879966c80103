import type { AppEnv } from "../env";
import { purgeRateLimits } from "../lib/rate-limit";
import { finishCampaigns } from "../services/campaigns/recipient-state";
import { requeueStuckRecipients, startDueCampaigns } from "../services/campaigns/schedule";

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

/** Admin sessions past their expiry can never authenticate again; a day's grace keeps logs readable. */
export async function purgeExpiredAdminSessions(db: D1Database, now = Date.now()) {
  const cutoff = new Date(now - 86_400_000).toISOString();
  const result = await db.prepare("DELETE FROM admin_sessions WHERE expires_at < ?1").bind(cutoff).run();
  return result.meta.changes ?? 0;
}

/** Campaign upkeep: start what is due, re-drive what is stuck, close what is done. */
async function runCampaignTasks(env: AppEnv, now: number) {
  await startDueCampaigns(env, now);
  await requeueStuckRecipients(env, now);
  await finishCampaigns(env.DB);
}

/**
 * The Cron Trigger (every 5 minutes). Every task is idempotent, so overlapping runs are harmless;
 * one failing task does not stop the others (allSettled), and the failure is logged.
 */
export async function runScheduled(controller: ScheduledController, env: AppEnv, _ctx: ExecutionContext) {
  const now = controller.scheduledTime;
  const results = await Promise.allSettled([
    purgeStaleCarts(env.DB, now),
    purgeRateLimits(env.DB, 86_400, now),
    purgeExpiredAdminSessions(env.DB, now),
    runCampaignTasks(env, now),
  ]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  for (const failure of failures) console.error(JSON.stringify({ job: "cron", error: String(failure.reason) }));
  if (failures.length) throw new Error(`${failures.length} scheduled task(s) failed`);
}
