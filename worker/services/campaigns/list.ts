import { and, count as countRows, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CampaignRecipient, CampaignSummary, RecipientStatus } from "../../../schema/api/campaigns";
import type { ListResult } from "../../../schema/api/lists";
import { campaignRecipients, campaigns } from "../../../schema/db";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";

const r = campaignRecipients;

/**
 * The admin's campaign history, newest first, each with how many of its recipients are waiting,
 * sent, failed or unconfirmed (counted in D1, whatever the campaign's size): one round trip. The
 * recipients themselves are read a page at a time (listCampaignRecipients).
 */
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
  const [rows, tallies, [totals]] = await db.batch([
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(limit).offset(offset),
    db
      .select({ campaignId: r.campaignId, status: r.status, n: countRows() })
      .from(r)
      .where(inArray(r.campaignId, newest))
      .groupBy(r.campaignId, r.status),
    db.select({ total: countRows() }).from(campaigns).where(where),
  ]);
  const byCampaign = new Map<number, Partial<Record<RecipientStatus, number>>>();
  for (const { campaignId, status, n } of tallies) byCampaign.set(campaignId, { ...byCampaign.get(campaignId), [status]: n });
  const items = rows.map((row) => {
    const tally = byCampaign.get(row.id) ?? {};
    const count = (...statuses: RecipientStatus[]) => statuses.reduce((sum, status) => sum + (tally[status] ?? 0), 0);
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
        total: count("pending", "queued", "sending", "sent", "failed", "unknown"),
        queued: count("pending", "queued", "sending"),
        sent: count("sent"),
        failed: count("failed"),
        unknown: count("unknown"),
      },
    };
  });
  return { items, total: totals?.total ?? 0 };
}

/** Those that need the owner first: failed, then unconfirmed, then the rest in the order they were added. */
const needsOwnerFirst = sql`CASE ${r.status} WHEN 'failed' THEN 0 WHEN 'unknown' THEN 1 ELSE 2 END`;

/** One page of a campaign's recipients (GET /api/admin/campaigns/:id/recipients), with the campaign's check in the same round trip. */
export async function listCampaignRecipients(
  db: Db,
  campaignId: number,
  { q, status, limit, offset }: { q?: string; status?: RecipientStatus; limit: number; offset: number },
): Promise<ListResult<CampaignRecipient>> {
  const conditions: (SQL | undefined)[] = [
    eq(r.campaignId, campaignId),
    status ? eq(r.status, status) : undefined,
    q ? sql`instr(lower(${r.email}), ${q.toLowerCase()}) > 0` : undefined,
  ];
  const where = and(...conditions);
  const [campaign, items, [totals]] = await db.batch([
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)),
    db
      .select({ email: r.email, status: r.status, attempts: r.attempts, lastError: r.lastError, sentAt: r.sentAt })
      .from(r)
      .where(where)
      .orderBy(needsOwnerFirst, r.id)
      .limit(limit)
      .offset(offset),
    db.select({ total: countRows() }).from(r).where(where),
  ]);
  if (campaign.length === 0) throw notFound("Campaign");
  return { items, total: totals?.total ?? 0 };
}
