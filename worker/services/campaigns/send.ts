import type { RetryFailedResult, SendCampaignRequest, SendCampaignResult } from "../../../schema/api/campaigns";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { enqueueRecipients } from "./queue-messages";

/**
 * Stores the campaign and one row per selected address that is an active subscriber, in one
 * transaction, then fans the rows out to the Queue. Nothing is sent here: the consumer sends each
 * row exactly once, so the admin gets an answer at once whatever the list size.
 */
export async function sendCampaign(
  env: AppEnv,
  { emails, campaign, sendAt }: SendCampaignRequest,
  now = Date.now(),
): Promise<SendCampaignResult> {
  const requested = [...new Set(emails)];
  const { results: active } = await env.DB.prepare(
    `SELECT email FROM email_subscribers
     WHERE is_active = 1 AND lower(email) IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(requested))
    .all<{ email: string }>();
  const activeLower = new Set(active.map((row) => row.email.toLowerCase()));
  const skipped = requested.filter((email) => !activeLower.has(email));
  if (active.length === 0) {
    throw new ApiError("VALIDATION_FAILED", "None of the selected addresses is an active subscriber.", {
      extra: { skipped },
    });
  }

  const nowIso = new Date(now).toISOString();
  const scheduledFor = sendAt ? new Date(sendAt).toISOString() : null;
  const recipientStatus = scheduledFor ? "pending" : "queued";
  const queuedAt = scheduledFor ? null : nowIso;
  const [, inserted] = await env.DB.batch<{ id: number }>([
    env.DB.prepare(
      `INSERT INTO campaigns (subject, title, content, offer, cta_text, cta_link, status, send_at, started_at, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(
      campaign.subject,
      campaign.title,
      campaign.content,
      campaign.offer ?? null,
      campaign.ctaText,
      campaign.ctaLink,
      scheduledFor ? "scheduled" : "sending",
      scheduledFor,
      scheduledFor ? null : nowIso,
      nowIso,
    ),
    // A batch is one transaction and D1 runs one writer at a time, so the highest id is the
    // campaign inserted just above.
    env.DB.prepare(
      `INSERT INTO campaign_recipients (campaign_id, email, status, queued_at, updated_at)
       SELECT (SELECT MAX(id) FROM campaigns), value, ?1, ?2, ?3 FROM json_each(?4)
       RETURNING id, campaign_id`,
    ).bind(recipientStatus, queuedAt, nowIso, JSON.stringify(active.map((row) => row.email))),
  ]);
  const rows = (inserted?.results ?? []) as { id: number; campaign_id: number }[];
  const campaignId = rows[0]?.campaign_id ?? 0;

  if (!scheduledFor)
    await enqueueOrLeaveToCron(
      env,
      rows.map((row) => row.id),
    );
  return { campaignId, successCount: rows.length, skipped, status: scheduledFor ? "scheduled" : "sending", sendAt: scheduledFor };
}

/**
 * The rows are stored as queued before the Queue hears of them: if enqueueing fails, the Cron
 * Trigger re-enqueues rows left queued for 15 minutes, so the campaign still goes out. Failing the
 * request instead would tempt the admin to send it again, doubling it for everyone.
 */
async function enqueueOrLeaveToCron(env: AppEnv, recipientIds: number[]) {
  try {
    await enqueueRecipients(env.CAMPAIGN_QUEUE, recipientIds);
  } catch (error) {
    console.error(JSON.stringify({ job: "send-campaign", error: String(error), note: "left to the cron re-enqueue" }));
  }
}

/**
 * Re-sends a campaign's failed rows, except to addresses that have unsubscribed since (those are
 * reported as skipped). Sent rows are never touched, so nobody gets the campaign twice.
 */
export async function retryFailedRecipients(env: AppEnv, campaignId: number, now = Date.now()): Promise<RetryFailedResult> {
  const nowIso = new Date(now).toISOString();
  const [campaign, requeued, stillFailed] = await env.DB.batch([
    env.DB.prepare("SELECT id FROM campaigns WHERE id = ?1").bind(campaignId),
    env.DB.prepare(
      `UPDATE campaign_recipients SET status = 'queued', queued_at = ?2, updated_at = ?2, last_error = NULL
       WHERE campaign_id = ?1 AND status = 'failed'
         AND EXISTS (SELECT 1 FROM email_subscribers s WHERE s.email = campaign_recipients.email COLLATE NOCASE AND s.is_active = 1)
       RETURNING id`,
    ).bind(campaignId, nowIso),
    env.DB.prepare("SELECT email FROM campaign_recipients WHERE campaign_id = ?1 AND status = 'failed' ORDER BY id").bind(
      campaignId,
    ),
    env.DB.prepare(
      `UPDATE campaigns SET status = 'sending', started_at = COALESCE(started_at, ?2)
       WHERE id = ?1 AND status = 'sent'
         AND EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = ?1 AND status = 'queued')`,
    ).bind(campaignId, nowIso),
  ]);
  if (!campaign?.results.length) throw notFound("Campaign");
  const ids = (requeued?.results ?? []).map((row) => (row as { id: number }).id);
  const skipped = (stillFailed?.results ?? []).map((row) => (row as { email: string }).email);
  if (ids.length === 0 && skipped.length === 0) {
    throw new ApiError("CONFLICT", "This campaign has no failed e-mails to re-send.");
  }
  await enqueueOrLeaveToCron(env, ids);
  return { successCount: ids.length, skipped };
}
