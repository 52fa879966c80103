import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { campaignRecipients, campaigns, emailSubscribers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import type { CampaignContent } from "../mail/campaign-email";
import { gaveUp } from "../mail/delivery-state";

/**
 * The life of one recipient row: pending (scheduled) → queued → sending → sent | failed, or
 * unknown. A delivery claims a queued row by moving it to `sending` just before the provider is
 * called. Only one delivery can take it (the conditional UPDATE below), so a message delivered
 * twice, or re-enqueued by the cron while the first copy is in flight, sends nothing the second
 * time; and a row left `sending` (the Worker died between the call and its record) is never sent
 * again by itself: the cron marks it unknown for the owner to decide.
 */
export type ClaimedRecipient = {
  id: number;
  email: string;
  campaignId: number;
  campaign: CampaignContent;
  isActiveSubscriber: boolean;
};

const r = campaignRecipients;
const isWaiting = inArray(r.status, ["pending", "queued", "sending"]);

export async function claimRecipient(db: Db, recipientId: number, nowIso: string): Promise<ClaimedRecipient | null> {
  const [claim, [row]] = await db.batch([
    db
      .update(r)
      .set({ status: "sending", attempts: sql`${r.attempts} + 1`, updatedAt: nowIso })
      .where(and(eq(r.id, recipientId), eq(r.status, "queued")))
      .returning({ id: r.id }),
    // Batched rows come back keyed by column name: only columns whose names differ are selected.
    db
      .select({
        email: r.email,
        campaignId: r.campaignId,
        subject: campaigns.subject,
        title: campaigns.title,
        content: campaigns.content,
        offer: campaigns.offer,
        ctaText: campaigns.ctaText,
        ctaLink: campaigns.ctaLink,
        subscriberStatus: sql<string | null>`(SELECT ${emailSubscribers.status} FROM ${emailSubscribers}
          WHERE ${emailSubscribers.email} = ${r.email} COLLATE NOCASE)`.as("subscriber_status"),
      })
      .from(r)
      .innerJoin(campaigns, eq(campaigns.id, r.campaignId))
      .where(eq(r.id, recipientId)),
  ]);
  if (claim.length === 0 || !row) return null;
  const { email, campaignId, subscriberStatus, ...campaign } = row;
  return { id: recipientId, email, campaignId, campaign, isActiveSubscriber: subscriberStatus === "active" };
}

/** Messages that used up their retries: their rows (if still waiting) become failed. */
export async function markDeadLettered(db: Db, recipientIds: number[], nowIso: string): Promise<number[]> {
  if (recipientIds.length === 0) return [];
  const rows = await db
    .update(r)
    .set({
      status: "failed",
      lastError: gaveUp(r),
      updatedAt: nowIso,
    })
    .where(and(inJsonList(r.id, recipientIds), inArray(r.status, ["pending", "queued"])))
    .returning({ campaignId: r.campaignId });
  return [...new Set(rows.map((row) => row.campaignId))];
}

/**
 * A sending campaign is sent once none of its rows is waiting any more. The consumer passes the
 * campaigns it touched; the cron passes none, meaning all, in case a consumer died before this.
 */
export async function finishCampaigns(db: Db, campaignIds?: number[]) {
  if (campaignIds?.length === 0) return;
  await db
    .update(campaigns)
    .set({ status: "sent" })
    .where(
      and(
        eq(campaigns.status, "sending"),
        campaignIds ? inJsonList(campaigns.id, campaignIds) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(r)
            .where(and(eq(r.campaignId, campaigns.id), isWaiting)),
        ),
      ),
    );
}
