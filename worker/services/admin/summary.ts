import { and, count, eq, gte, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { AdminSummary } from "../../../schema/api/home";
import { campaignRecipients, campaigns, orders, products, quotes, serviceRecords } from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";

/** A London day `plusDays` from the day of `date`. */
const day = (date: Date, plusDays = 0) => addDays(londonToday(date), plusDays);

/** A customer already booked for a visit after this one's due date needs no reminder. */
const laterVisitBooked = sql`EXISTS (SELECT 1 FROM service_records AS later WHERE later.customer_id = ${serviceRecords.customerId}
  AND later.id <> ${serviceRecords.id} AND later.status IN ('scheduled', 'pending') AND later.service_date >= ${serviceRecords.serviceDate})`;

/**
 * The home screen: what needs the owner, each a count that links to its list. One D1 batch.
 * Days are London days.
 */
export async function adminSummary(db: Db, now = new Date()): Promise<AdminSummary> {
  const today = day(now);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [[newQuotes], [toConfirm], [toDispatch], [visits], [reminders], [lowStock], [failed]] = await db.batch([
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
          gte(serviceRecords.serviceDate, today),
          lte(serviceRecords.serviceDate, day(now, 6)),
        ),
      ),
    db
      .select({ n: count() })
      .from(serviceRecords)
      .where(
        and(
          isNotNull(serviceRecords.customerId),
          lte(serviceRecords.nextServiceDue, day(now, settings.reminders.leadDays)),
          gte(serviceRecords.nextServiceDue, day(now, -settings.reminders.leadDays)),
          sql`NOT ${laterVisitBooked}`,
        ),
      ),
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
    newQuotes: newQuotes?.n ?? 0,
    ordersToConfirm: toConfirm?.n ?? 0,
    ordersToDispatch: toDispatch?.n ?? 0,
    visitsThisWeek: visits?.n ?? 0,
    remindersDue: reminders?.n ?? 0,
    lowStockProducts: lowStock?.n ?? 0,
    failedCampaignSends: failed?.n ?? 0,
  };
}
