import type { CampaignContent } from "../mail/campaign-email";

/**
 * The life of one recipient row: pending (scheduled) → queued → sent | failed. While a delivery
 * holds a queued row its `queued_at` is NULL: that is the claim. Only one delivery can take it
 * (the conditional UPDATE below), so a message delivered twice, or re-enqueued by the cron while
 * the first copy is still in flight, sends nothing the second time.
 */
export type ClaimedRecipient = {
  id: number;
  email: string;
  campaignId: number;
  campaign: CampaignContent;
  isActiveSubscriber: boolean;
};

type ClaimRow = {
  email: string;
  campaign_id: number;
  subject: string;
  title: string;
  content: string;
  offer: string | null;
  cta_text: string;
  cta_link: string;
  is_active: number | null;
};

export async function claimRecipient(db: D1Database, recipientId: number, nowIso: string): Promise<ClaimedRecipient | null> {
  const [claim, details] = await db.batch([
    db
      .prepare(
        `UPDATE campaign_recipients SET queued_at = NULL, attempts = attempts + 1, updated_at = ?2
         WHERE id = ?1 AND status = 'queued' AND queued_at IS NOT NULL RETURNING id`,
      )
      .bind(recipientId, nowIso),
    db
      .prepare(
        `SELECT r.email, r.campaign_id, c.subject, c.title, c.content, c.offer, c.cta_text, c.cta_link,
                (SELECT s.is_active FROM email_subscribers s WHERE s.email = r.email COLLATE NOCASE) AS is_active
         FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE r.id = ?1`,
      )
      .bind(recipientId),
  ]);
  const row = details?.results[0] as ClaimRow | undefined;
  if (!claim?.results.length || !row) return null;
  return {
    id: recipientId,
    email: row.email,
    campaignId: row.campaign_id,
    campaign: {
      subject: row.subject,
      title: row.title,
      content: row.content,
      offer: row.offer,
      ctaText: row.cta_text,
      ctaLink: row.cta_link,
    },
    isActiveSubscriber: row.is_active === 1,
  };
}

export async function markSent(db: D1Database, recipientId: number, providerMessageId: string, nowIso: string) {
  await db
    .prepare(
      `UPDATE campaign_recipients SET status = 'sent', sent_at = ?2, provider_message_id = ?3, last_error = NULL, updated_at = ?2
       WHERE id = ?1 AND status = 'queued'`,
    )
    .bind(recipientId, nowIso, providerMessageId)
    .run();
}

export async function markFailed(db: D1Database, recipientId: number, error: string, nowIso: string) {
  await db
    .prepare(
      `UPDATE campaign_recipients SET status = 'failed', last_error = ?2, updated_at = ?3
       WHERE id = ?1 AND status = 'queued'`,
    )
    .bind(recipientId, error.slice(0, 500), nowIso)
    .run();
}

/** Gives the claim back after a transient failure; the Queue redelivers the message after its delay. */
export async function releaseForRetry(db: D1Database, recipientId: number, error: string, nowIso: string) {
  await db
    .prepare(
      `UPDATE campaign_recipients SET queued_at = ?3, last_error = ?2, updated_at = ?3
       WHERE id = ?1 AND status = 'queued' AND queued_at IS NULL`,
    )
    .bind(recipientId, error.slice(0, 500), nowIso)
    .run();
}

/** Messages that used up their retries: their rows (if still waiting) become failed. */
export async function markDeadLettered(db: D1Database, recipientIds: number[], nowIso: string): Promise<number[]> {
  if (recipientIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `UPDATE campaign_recipients
       SET status = 'failed', last_error = COALESCE(last_error, 'No answer from the mail service') || ' (gave up after retries)', updated_at = ?2
       WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('pending', 'queued')
       RETURNING campaign_id`,
    )
    .bind(JSON.stringify(recipientIds), nowIso)
    .all<{ campaign_id: number }>();
  return [...new Set(results.map((row) => row.campaign_id))];
}

/**
 * A sending campaign is sent once none of its rows is waiting any more. The consumer passes the
 * campaigns it touched; the cron passes none, meaning all, in case a consumer died before this.
 */
export async function finishCampaigns(db: D1Database, campaignIds?: number[]) {
  if (campaignIds?.length === 0) return;
  await db
    .prepare(
      `UPDATE campaigns SET status = 'sent'
       WHERE status = 'sending' AND (?1 IS NULL OR id IN (SELECT value FROM json_each(?1)))
         AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = campaigns.id AND r.status IN ('pending', 'queued'))`,
    )
    .bind(campaignIds ? JSON.stringify(campaignIds) : null)
    .run();
}
