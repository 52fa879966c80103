import { asc, count as countRows, desc, inArray, sql } from "drizzle-orm";
import type { CampaignRecipient, CampaignSummary, RecipientStatus } from "../../../schema/api/campaigns";
import type { ListResult } from "../../../schema/api/lists";
import { campaignRecipients, campaigns } from "../../../schema/db";
import type { Db } from "../../db/client";

/** The admin's campaign history, newest first, each with its recipients and their status: one round trip. */
export async function listCampaigns(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<ListResult<CampaignSummary>> {
  const where = q ? sql`instr(lower(${campaigns.subject}), ${q.toLowerCase()}) > 0` : undefined;
  const newest = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.id))
    .limit(limit)
    .offset(offset);
  const [rows, recipients, [totals]] = await db.batch([
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(limit).offset(offset),
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
    db.select({ total: countRows() }).from(campaigns).where(where),
  ]);
  const byCampaign = new Map<number, CampaignRecipient[]>();
  for (const { campaignId, ...recipient } of recipients) {
    const list = byCampaign.get(campaignId) ?? [];
    list.push(recipient);
    byCampaign.set(campaignId, list);
  }
  const items = rows.map((row) => {
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
  return { items, total: totals?.total ?? 0 };
}
