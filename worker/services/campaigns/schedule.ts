import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { campaignRecipients, campaigns } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { enqueueRecipients } from "../mail/queue-messages";

/** What the history shows for a row whose send was started but never answered. */
export const NO_ANSWER = "Sending was started but no answer was recorded; it may or may not have arrived.";

const r = campaignRecipients;

/**
 * Starts every scheduled campaign whose time has come: it becomes "sending", and its rows (pending
 * since it was made) go to the Queue in shares like a campaign sent now. The update matches only
 * campaigns still scheduled, so of two cron runs at once only one starts each.
 */
export async function startDueCampaigns(env: AppEnv, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const nowIso = new Date(now).toISOString();
  const started = await db
    .update(campaigns)
    .set({ status: "sending", startedAt: nowIso })
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.sendAt, nowIso)))
    .returning({ id: campaigns.id });
  return started.length;
}

/**
 * Hands the waiting rows of sending campaigns to the Queue, at most `settings.mail.enqueuePerRun`
 * an invocation (each row moves pending → queued in the same statement that picks it, so two runs
 * never take the same row); the rest wait for the next cron run. Answers how many it handed over.
 */
export async function enqueuePendingRecipients(env: AppEnv, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const nowIso = new Date(now).toISOString();
  const rows = await db
    .update(r)
    .set({ status: "queued", queuedAt: nowIso, updatedAt: nowIso })
    .where(
      inArray(
        r.id,
        db
          .select({ id: r.id })
          .from(r)
          .innerJoin(campaigns, eq(campaigns.id, r.campaignId))
          .where(and(eq(r.status, "pending"), eq(campaigns.status, "sending")))
          .limit(settings.mail.enqueuePerRun),
      ),
    )
    .returning({ id: r.id });
  const ids = rows.map((row) => row.id);
  await enqueueRecipients(env.MAIL_QUEUE, ids);
  return ids.length;
}

/**
 * Re-enqueues rows left queued for a while (a lost message, a failed enqueue), and marks rows left
 * `sending` as unknown: the provider may or may not have taken that e-mail, so it is never sent
 * again without the owner deciding. Each conditional UPDATE … RETURNING hands a row to one run only,
 * and at most `settings.mail.enqueuePerRun` a run.
 */
export async function requeueStuckRecipients(env: AppEnv, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const nowIso = new Date(now).toISOString();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const [rows] = await db.batch([
    db
      .update(r)
      .set({ queuedAt: nowIso, updatedAt: nowIso })
      .where(
        inArray(
          r.id,
          db
            .select({ id: r.id })
            .from(r)
            .where(
              and(
                eq(r.status, "queued"),
                lt(sql`COALESCE(${r.queuedAt}, ${r.updatedAt})`, minutesAgo(settings.mail.requeueAfterMinutes)),
              ),
            )
            .limit(settings.mail.enqueuePerRun),
        ),
      )
      .returning({ id: r.id }),
    db
      .update(r)
      .set({ status: "unknown", lastError: NO_ANSWER, updatedAt: nowIso })
      .where(and(eq(r.status, "sending"), lt(r.updatedAt, minutesAgo(settings.mail.sendingUnknownAfterMinutes)))),
  ]);
  const ids = rows.map((row) => row.id);
  await enqueueRecipients(env.MAIL_QUEUE, ids);
  return ids.length;
}
