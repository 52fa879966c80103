import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { campaignRecipients, campaigns } from "../../../schema/db";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { enqueueRecipients } from "./queue-messages";

/** A queued row untouched for this long lost its message (or its delivery crashed): enqueue it again. */
export const STUCK_AFTER_MINUTES = 15;

const r = campaignRecipients;

/**
 * Starts every scheduled campaign whose time has come. Both updates run in one transaction and
 * only match rows still pending/scheduled, so when two cron runs overlap only one of them gets the
 * rows to enqueue; the other finds nothing.
 */
export async function startDueCampaigns(env: AppEnv, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const nowIso = new Date(now).toISOString();
  const isDue = and(eq(campaigns.status, "scheduled"), lte(campaigns.sendAt, nowIso));
  const [rows] = await db.batch([
    db
      .update(r)
      .set({ status: "queued", queuedAt: nowIso, updatedAt: nowIso })
      .where(and(eq(r.status, "pending"), inArray(r.campaignId, db.select({ id: campaigns.id }).from(campaigns).where(isDue))))
      .returning({ id: r.id }),
    db.update(campaigns).set({ status: "sending", startedAt: nowIso }).where(isDue),
  ]);
  const ids = rows.map((row) => row.id);
  await enqueueRecipients(env.CAMPAIGN_QUEUE, ids);
  return ids.length;
}

/**
 * Re-enqueues rows left queued for over 15 minutes: a lost message, a failed enqueue, or a
 * delivery that crashed while holding the row (queued_at NULL, so its updated_at counts). The
 * conditional UPDATE … RETURNING hands each row to one run only.
 */
export async function requeueStuckRecipients(env: AppEnv, now = Date.now()): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const cutoff = new Date(now - STUCK_AFTER_MINUTES * 60_000).toISOString();
  const rows = await getDb(env)
    .update(r)
    .set({ queuedAt: nowIso, updatedAt: nowIso })
    .where(and(eq(r.status, "queued"), sql`COALESCE(${r.queuedAt}, ${r.updatedAt}) < ${cutoff}`))
    .returning({ id: r.id });
  const ids = rows.map((row) => row.id);
  await enqueueRecipients(env.CAMPAIGN_QUEUE, ids);
  return ids.length;
}
