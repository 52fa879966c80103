import { inArray, lt, max } from "drizzle-orm";
import { adminSessions, cartItems } from "../../schema/db";
import { type Db, getDb } from "../db/client";
import type { AppEnv } from "../env";
import { purgeRateLimits } from "../lib/rate-limit";
import { finishCampaigns } from "../services/campaigns/recipient-state";
import { requeueStuckRecipients, startDueCampaigns } from "../services/campaigns/schedule";

export const STALE_CART_DAYS = 30;

/** Deletes carts nobody has touched for 30 days. */
export async function purgeStaleCarts(db: Db, now = Date.now()) {
  const cutoff = new Date(now - STALE_CART_DAYS * 86_400_000).toISOString();
  const staleSessions = db
    .select({ sessionId: cartItems.sessionId })
    .from(cartItems)
    .groupBy(cartItems.sessionId)
    .having(lt(max(cartItems.updatedAt), cutoff));
  const deleted = await db.delete(cartItems).where(inArray(cartItems.sessionId, staleSessions)).returning({ id: cartItems.id });
  return deleted.length;
}

/** Admin sessions past their expiry can never authenticate again; a day's grace keeps logs readable. */
export async function purgeExpiredAdminSessions(db: Db, now = Date.now()) {
  const cutoff = new Date(now - 86_400_000).toISOString();
  const deleted = await db.delete(adminSessions).where(lt(adminSessions.expiresAt, cutoff)).returning({ jti: adminSessions.jti });
  return deleted.length;
}

/** Campaign upkeep: start what is due, re-drive what is stuck, close what is done. */
async function runCampaignTasks(env: AppEnv, now: number) {
  await startDueCampaigns(env, now);
  await requeueStuckRecipients(env, now);
  await finishCampaigns(getDb(env));
}

/**
 * The Cron Trigger (every 5 minutes). Every task is idempotent, so overlapping runs are harmless;
 * one failing task does not stop the others (allSettled), and the failure is logged.
 */
export async function runScheduled(controller: ScheduledController, env: AppEnv, _ctx: ExecutionContext) {
  const now = controller.scheduledTime;
  const db = getDb(env);
  const results = await Promise.allSettled([
    purgeStaleCarts(db, now),
    purgeRateLimits(db, 86_400, now),
    purgeExpiredAdminSessions(db, now),
    runCampaignTasks(env, now),
  ]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  for (const failure of failures) console.error(JSON.stringify({ job: "cron", error: String(failure.reason) }));
  if (failures.length) throw new Error(`${failures.length} scheduled task(s) failed`);
}
