import { asc, desc, inArray } from "drizzle-orm";
import type { CampaignRecipient, CampaignSummary, RecipientStatus } from "../../../schema/api/campaigns";
import { campaignRecipients, campaigns } from "../../../schema/db";
import type { Db } from "../../db/client";

/** The admin's campaign history, newest first, each with its recipients and their status: one round trip. */
export async function listCampaigns(db: Db, limit: number): Promise<CampaignSummary[]> {
  const newest = db.select({ id: campaigns.id }).from(campaigns).orderBy(desc(campaigns.id)).limit(limit);
  const [rows, recipients] = await db.batch([
    db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(limit),
    db
      .select({
        campaignId: campaignRecipients.campaignId,
        email: campaignRecipients.email,
        status: campaignRecipients.status,
        attempts: campaignRecipients.attempts,
        lastError: campaignRecipients.lastError,
        sentAt: campaignRecipients.sentAt,
      })
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.campaignId, newest))
      .orderBy(asc(campaignRecipients.id)),
  ]);
  const byCampaign = new Map<number, CampaignRecipient[]>();
  for (const { campaignId, ...recipient } of recipients) {
    const list = byCampaign.get(campaignId) ?? [];
    list.push(recipient);
    byCampaign.set(campaignId, list);
  }
  return rows.map((row) => {
    const list = byCampaign.get(row.id) ?? [];
    const count = (...statuses: RecipientStatus[]) => list.filter((r) => statuses.includes(r.status)).length;
    return {
      id: row.id,
      subject: row.subject,
      title: row.title,
      content: row.content,
      offer: row.offer,
      ctaText: row.ctaText,
      ctaLink: row.ctaLink,
      status: row.status,
      sendAt: row.sendAt,
      startedAt: row.startedAt,
      createdAt: row.createdAt,
      counts: {
        total: list.length,
        queued: count("pending", "queued", "sending"),
        sent: count("sent"),
        failed: count("failed"),
        unknown: count("unknown"),
      },
      recipients: list,
    };
  });
}
