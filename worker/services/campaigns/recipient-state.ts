import { and, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { campaignRecipients, campaigns, emailSubscribers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
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

const r = campaignRecipients;
const isWaiting = inArray(r.status, ["pending", "queued"]);

export async function claimRecipient(db: Db, recipientId: number, nowIso: string): Promise<ClaimedRecipient | null> {
  const [claim, [row]] = await db.batch([
    db
      .update(r)
      .set({ queuedAt: null, attempts: sql`${r.attempts} + 1`, updatedAt: nowIso })
      .where(and(eq(r.id, recipientId), eq(r.status, "queued"), isNotNull(r.queuedAt)))
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
        isActive: sql<number | null>`(SELECT ${emailSubscribers.isActive} FROM ${emailSubscribers}
          WHERE ${emailSubscribers.email} = ${r.email} COLLATE NOCASE)`.as("is_active"),
      })
      .from(r)
      .innerJoin(campaigns, eq(campaigns.id, r.campaignId))
      .where(eq(r.id, recipientId)),
  ]);
  if (claim.length === 0 || !row) return null;
  const { email, campaignId, isActive, ...campaign } = row;
  return { id: recipientId, email, campaignId, campaign, isActiveSubscriber: isActive === 1 };
}

/** A claimed row: queued and held by this delivery. */
const held = (recipientId: number) => and(eq(r.id, recipientId), eq(r.status, "queued"));

export async function markSent(db: Db, recipientId: number, providerMessageId: string, nowIso: string) {
  await db
    .update(r)
    .set({ status: "sent", sentAt: nowIso, providerMessageId, lastError: null, updatedAt: nowIso })
    .where(held(recipientId));
}

export async function markFailed(db: Db, recipientId: number, error: string, nowIso: string) {
  await db
    .update(r)
    .set({ status: "failed", lastError: error.slice(0, 500), updatedAt: nowIso })
    .where(held(recipientId));
}

/** Gives the claim back after a transient failure; the Queue redelivers the message after its delay. */
export async function releaseForRetry(db: Db, recipientId: number, error: string, nowIso: string) {
  await db
    .update(r)
    .set({ queuedAt: nowIso, lastError: error.slice(0, 500), updatedAt: nowIso })
    .where(and(held(recipientId), isNull(r.queuedAt)));
}

/** Messages that used up their retries: their rows (if still waiting) become failed. */
export async function markDeadLettered(db: Db, recipientIds: number[], nowIso: string): Promise<number[]> {
  if (recipientIds.length === 0) return [];
  const rows = await db
    .update(r)
    .set({
      status: "failed",
      lastError: sql`COALESCE(${r.lastError}, 'No answer from the mail service') || ' (gave up after retries)'`,
      updatedAt: nowIso,
    })
    .where(and(inJsonList(r.id, recipientIds), isWaiting))
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
