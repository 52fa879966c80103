import type { CampaignRecipient, CampaignStatus, CampaignSummary, RecipientStatus } from "../../../schema/api/campaigns";

type CampaignRow = {
  id: number;
  subject: string;
  title: string;
  content: string;
  offer: string | null;
  cta_text: string;
  cta_link: string;
  status: CampaignStatus;
  send_at: string | null;
  started_at: string | null;
  created_at: string;
};

type RecipientRow = {
  campaign_id: number;
  email: string;
  status: RecipientStatus;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
};

/** The admin's campaign history, newest first, each with its recipients and their status: one round trip. */
export async function listCampaigns(db: D1Database, limit: number): Promise<CampaignSummary[]> {
  const [campaigns, recipients] = await db.batch([
    db.prepare("SELECT * FROM campaigns ORDER BY id DESC LIMIT ?1").bind(limit),
    db
      .prepare(
        `SELECT campaign_id, email, status, attempts, last_error, sent_at FROM campaign_recipients
         WHERE campaign_id IN (SELECT id FROM campaigns ORDER BY id DESC LIMIT ?1) ORDER BY id`,
      )
      .bind(limit),
  ]);
  const byCampaign = new Map<number, CampaignRecipient[]>();
  for (const row of (recipients?.results ?? []) as RecipientRow[]) {
    const list = byCampaign.get(row.campaign_id) ?? [];
    list.push({ email: row.email, status: row.status, attempts: row.attempts, lastError: row.last_error, sentAt: row.sent_at });
    byCampaign.set(row.campaign_id, list);
  }
  return ((campaigns?.results ?? []) as CampaignRow[]).map((row) => {
    const list = byCampaign.get(row.id) ?? [];
    const count = (...statuses: RecipientStatus[]) => list.filter((r) => statuses.includes(r.status)).length;
    return {
      id: row.id,
      subject: row.subject,
      title: row.title,
      content: row.content,
      offer: row.offer,
      ctaText: row.cta_text,
      ctaLink: row.cta_link,
      status: row.status,
      sendAt: row.send_at,
      startedAt: row.started_at,
      createdAt: row.created_at,
      counts: { total: list.length, queued: count("pending", "queued"), sent: count("sent"), failed: count("failed") },
      recipients: list,
    };
  });
}
