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
  await enqueueRecipients(env.MAIL_QUEUE, ids);
  return ids.length;
}

/**
 * Re-enqueues rows left queued for a while (a lost message, a failed enqueue), and marks rows left
 * `sending` as unknown: the provider may or may not have taken that e-mail, so it is never sent
 * again without the owner deciding. Each conditional UPDATE … RETURNING hands a row to one run only.
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
        and(
          eq(r.status, "queued"),
          lt(sql`COALESCE(${r.queuedAt}, ${r.updatedAt})`, minutesAgo(settings.mail.requeueAfterMinutes)),
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
