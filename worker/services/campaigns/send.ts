import { and, count, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { RetryFailedResult, SendCampaignRequest, SendCampaignResult } from "../../../schema/api/campaigns";
import { campaignRecipients, campaigns, emailSubscribers } from "../../../schema/db";
import { phoneHref } from "../../../schema/facts";
import { type Db, getDb } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { inJsonList } from "../../db/json-list";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { factsNow } from "../settings/business-facts";
import { audienceWhere } from "./audience";
import { enqueuePendingRecipients } from "./schedule";

const r = campaignRecipients;

/** An active subscriber with the row's address, whatever its letter case. */
const isActiveAddress = (email: typeof r.email) =>
  and(sql`${emailSubscribers.email} = ${email} COLLATE NOCASE`, eq(emailSubscribers.status, "active"));

/**
 * The hand-picked addresses that are active subscribers (the others are reported as skipped), as
 * a source of recipient rows: one JSON parameter, however many.
 */
async function pickedAddresses(db: Db, emails: string[]) {
  const requested = [...new Set(emails)];
  const active = await db
    .select({ email: emailSubscribers.email })
    .from(emailSubscribers)
    .where(and(eq(emailSubscribers.status, "active"), inJsonList(sql`lower(${emailSubscribers.email})`, requested)));
  const activeLower = new Set(active.map((row) => row.email.toLowerCase()));
  const skipped = requested.filter((email) => !activeLower.has(email));
  if (active.length === 0) {
    throw new ApiError("VALIDATION_FAILED", "None of the selected addresses is an active subscriber.", {
      details: skipped.map((email) => ({ path: "emails", message: `${email} is not an active subscriber`, value: email })),
    });
  }
  return { skipped, from: sql`json_each(${JSON.stringify(active.map((row) => row.email))})`, email: sql<string>`value` };
}

/**
 * Stores the campaign and one row per recipient in one transaction: the addresses picked by hand
 * that are active subscribers, or the audience the server selects (every active subscriber, or a
 * segment of them), any size, in one statement. Nothing is sent here: the rows wait (pending) and
 * are handed to the Queue in shares (enqueuePendingRecipients), now for a campaign sent now and by
 * the cron for the rest or a scheduled one; the consumer sends each row exactly once.
 */
export async function sendCampaign(
  env: AppEnv,
  { emails, audience, campaign, sendAt }: SendCampaignRequest,
  now = Date.now(),
): Promise<SendCampaignResult> {
  const db = getDb(env);
  let skipped: string[] = [];
  let source: { from: SQL; email: SQL<string>; where?: SQL };
  if (emails) {
    const picked = await pickedAddresses(db, emails);
    skipped = picked.skipped;
    source = picked;
  } else {
    const where = audienceWhere(db, audience!, now);
    const [size] = await db.select({ n: count() }).from(emailSubscribers).where(where);
    if (!size?.n) throw new ApiError("VALIDATION_FAILED", "Nobody in this audience is an active subscriber yet.");
    source = { from: sql`${emailSubscribers}`, email: sql<string>`${emailSubscribers.email}`, where };
  }

  const nowIso = new Date(now).toISOString();
  const scheduledFor = sendAt ? new Date(sendAt).toISOString() : null;
  const [[created], inserted] = await db.batch([
    db
      .insert(campaigns)
      .values({
        ...campaign,
        offer: campaign.offer ?? null,
        // No link of its own: the button rings the office, at the number the owner gives today.
        ctaLink: campaign.ctaLink ?? phoneHref(factsNow().phone),
        status: scheduledFor ? "scheduled" : "sending",
        sendAt: scheduledFor,
        startedAt: scheduledFor ? null : nowIso,
        createdAt: nowIso,
      })
      .returning({ id: campaigns.id }),
    // A batch is one transaction and D1 runs one writer at a time, so the highest id is the
    // campaign inserted just above.
    insertWhen(
      db,
      r,
      { campaignId: sql`(SELECT MAX(${campaigns.id}) FROM ${campaigns})`, email: source.email, updatedAt: nowIso },
      { from: source.from, where: source.where },
    ),
  ]);
  if (!scheduledFor) await enqueueOrLeaveToCron(env, now);
  return {
    campaignId: created?.id ?? 0,
    successCount: (inserted as unknown as D1Result).meta.changes,
    skipped,
    status: scheduledFor ? "scheduled" : "sending",
    sendAt: scheduledFor,
  };
}

/**
 * The rows are stored before the Queue hears of them: if handing them over fails, the cron's next
 * run hands over what is still pending (and re-enqueues rows left queued), so the campaign still
 * goes out. Failing the request instead would tempt the admin to send it again, doubling it.
 */
async function enqueueOrLeaveToCron(env: AppEnv, now: number) {
  try {
    await enqueuePendingRecipients(env, now);
  } catch (error) {
    console.error(JSON.stringify({ job: "send-campaign", error: String(error), note: "left to the cron" }));
  }
}

/** Addresses named in a re-send's answer as skipped (the campaign screen lists the rest). */
const MAX_SKIPPED_SHOWN = 100;

/**
 * Re-sends a campaign's failed rows and, at the owner's word, the unknown ones (sending started,
 * no answer recorded), except to addresses that have unsubscribed since (those are reported as
 * skipped, the first hundred by name). Sent rows are never touched. The rows wait again (pending)
 * and go to the Queue in shares, like a new campaign's.
 */
export async function retryFailedRecipients(env: AppEnv, campaignId: number, now = Date.now()): Promise<RetryFailedResult> {
  const db = getDb(env);
  const nowIso = new Date(now).toISOString();
  const [campaign, requeued, stillFailed] = await db.batch([
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)),
    db
      .update(r)
      .set({ status: "pending", queuedAt: null, updatedAt: nowIso, lastError: null })
      .where(
        and(
          eq(r.campaignId, campaignId),
          inArray(r.status, ["failed", "unknown"]),
          exists(db.select({ one: sql`1` }).from(emailSubscribers).where(isActiveAddress(r.email))),
        ),
      )
      .returning({ id: r.id }),
    db
      .select({ email: r.email })
      .from(r)
      .where(and(eq(r.campaignId, campaignId), inArray(r.status, ["failed", "unknown"])))
      .orderBy(r.id)
      .limit(MAX_SKIPPED_SHOWN),
    db
      .update(campaigns)
      .set({ status: "sending", startedAt: sql`COALESCE(${campaigns.startedAt}, ${nowIso})` })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.status, "sent"),
          exists(
            db
              .select({ one: sql`1` })
              .from(r)
              .where(and(eq(r.campaignId, campaignId), eq(r.status, "pending"))),
          ),
        ),
      ),
  ]);
  if (campaign.length === 0) throw notFound("Campaign");
  const ids = requeued.map((row) => row.id);
  const skipped = stillFailed.map((row) => row.email);
  if (ids.length === 0 && skipped.length === 0) {
    throw new ApiError("CONFLICT", "This campaign has no failed e-mails to re-send.");
  }
  await enqueueOrLeaveToCron(env, now);
  return { successCount: ids.length, skipped };
}

/**
 * Cancels a scheduled campaign that has not started. The update only matches a campaign still
 * scheduled, so a cron run starting it at the same moment and this cancel cannot both win; its
 * recipient rows stay pending, a record of who it was for, and are never queued.
 */
export async function cancelScheduledCampaign(env: AppEnv, campaignId: number): Promise<{ id: number; status: "cancelled" }> {
  const db = getDb(env);
  const [cancelled] = await db
    .update(campaigns)
    .set({ status: "cancelled" })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "scheduled")))
    .returning({ id: campaigns.id });
  if (cancelled) return { id: cancelled.id, status: "cancelled" };
  const [current] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!current) throw notFound("Campaign");
  if (current.status === "cancelled") return { id: campaignId, status: "cancelled" };
  throw new ApiError("CONFLICT", "This campaign has already started sending, so it can no longer be cancelled.", {
    details: [{ path: "status", message: "The campaign is no longer scheduled", value: current.status }],
  });
}
