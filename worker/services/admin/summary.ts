import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { AdminSummary } from "../../../schema/api/home";
import { campaignRecipients, campaigns, orders, products, quotes, serviceRecords } from "../../../schema/db";
import { addDays, londonToday, mondayOf } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { decide, reminderCandidates } from "../reminders";

/**
 * The home screen: what needs the owner, each a count that links to its list. One D1 batch.
 * Days are London days.
 */
export async function adminSummary(db: Db, now = new Date()): Promise<AdminSummary> {
  // This week as the calendar shows it, Monday to Sunday.
  const monday = mondayOf(londonToday(now));
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const unrepliedUrgent = and(isNotNull(quotes.urgentReason), isNull(quotes.repliedAt));
  const [[urgentQuotes], urgent, [newQuotes], [toConfirm], [toDispatch], [visits], dueRecords, [lowStock], [failed]] =
    await db.batch([
      db.select({ n: count() }).from(quotes).where(unrepliedUrgent),
      db
        .select({
          id: quotes.id,
          name: quotes.name,
          phone: quotes.phone,
          reason: sql<string>`${quotes.urgentReason}`,
          createdAt: quotes.createdAt,
        })
        .from(quotes)
        .where(unrepliedUrgent)
        .orderBy(desc(quotes.createdAt))
        .limit(5),
      db.select({ n: count() }).from(quotes).where(eq(quotes.isRead, false)),
      db
        .select({ n: count() })
        .from(orders)
        .where(
          and(eq(orders.fulfilmentStatus, "new"), or(eq(orders.paymentMethod, "order_form"), eq(orders.paymentStatus, "paid"))),
        ),
      db.select({ n: count() }).from(orders).where(eq(orders.fulfilmentStatus, "confirmed")),
      db
        .select({ n: count() })
        .from(serviceRecords)
        .where(
          and(
            eq(serviceRecords.status, "scheduled"),
            gte(serviceRecords.serviceDate, monday),
            lte(serviceRecords.serviceDate, addDays(monday, 6)),
          ),
        ),
      // The Reminders screen's own list, counted the same way (reminders.ts decide).
      reminderCandidates(db, now.getTime()),
      db
        .select({ n: count() })
        .from(products)
        .where(and(isNotNull(products.stockQuantity), lte(products.stockQuantity, products.lowStockThreshold))),
      db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(
          and(
            inArray(campaignRecipients.status, ["failed", "unknown"]),
            inArray(
              campaignRecipients.campaignId,
              db.select({ id: campaigns.id }).from(campaigns).where(gte(campaigns.createdAt, monthAgo)),
            ),
          ),
        ),
    ]);
  return {
    urgentQuotes: urgentQuotes?.n ?? 0,
    urgent,
    newQuotes: newQuotes?.n ?? 0,
    ordersToConfirm: toConfirm?.n ?? 0,
    ordersToDispatch: toDispatch?.n ?? 0,
    visitsThisWeek: visits?.n ?? 0,
    remindersDue: decide(dueRecords, now.getTime()).length,
    lowStockProducts: lowStock?.n ?? 0,
    failedCampaignSends: failed?.n ?? 0,
  };
}
