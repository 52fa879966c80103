import type { AppEnv } from "../../env";
import { enqueueRecipients } from "./queue-messages";

/** A queued row untouched for this long lost its message (or its delivery crashed): enqueue it again. */
export const STUCK_AFTER_MINUTES = 15;

/**
 * Starts every scheduled campaign whose time has come. Both updates run in one transaction and
 * only match rows still pending/scheduled, so when two cron runs overlap only one of them gets the
 * rows to enqueue; the other finds nothing.
 */
export async function startDueCampaigns(env: AppEnv, now = Date.now()): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const [rows] = await env.DB.batch<{ id: number }>([
    env.DB.prepare(
      `UPDATE campaign_recipients SET status = 'queued', queued_at = ?1, updated_at = ?1
       WHERE status = 'pending'
         AND campaign_id IN (SELECT id FROM campaigns WHERE status = 'scheduled' AND send_at <= ?1)
       RETURNING id`,
    ).bind(nowIso),
    env.DB.prepare(`UPDATE campaigns SET status = 'sending', started_at = ?1 WHERE status = 'scheduled' AND send_at <= ?1`).bind(
      nowIso,
    ),
  ]);
  const ids = (rows?.results ?? []).map((row) => row.id);
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
  const { results } = await env.DB.prepare(
    `UPDATE campaign_recipients SET queued_at = ?1, updated_at = ?1
     WHERE status = 'queued' AND COALESCE(queued_at, updated_at) < ?2
     RETURNING id`,
  )
    .bind(nowIso, cutoff)
    .all<{ id: number }>();
  const ids = results.map((row) => row.id);
  await enqueueRecipients(env.CAMPAIGN_QUEUE, ids);
  return ids.length;
}
