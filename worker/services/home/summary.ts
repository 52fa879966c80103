import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { AdminSummary } from "../../../schema/api/home";
import {
  accountErasureRequests,
  campaignRecipients,
  campaigns,
  customers,
  estimateAcceptances,
  estimates,
  orders,
  products,
  quotes,
  serviceRecords,
} from "../../../schema/db";
import { addDays, londonToday, londonToUtc, mondayOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { moneyOwedQuery } from "../invoices/list";
import { decide, reminderCandidates } from "../reminders/reminders";

/**
 * The home screen: what needs the owner, each a count that links to its list. One D1 batch.
 * Days are London days.
 */
export async function adminSummary(db: Db, now = new Date()): Promise<AdminSummary> {
  // This week as the calendar shows it, Monday to Sunday.
  const monday = mondayOf(londonToday(now));
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const unrepliedUrgent = and(isNotNull(quotes.urgentReason), isNull(quotes.repliedAt));
  const monthStart = londonToUtc(`${londonToday(now).slice(0, 8)}01`, "00:00").toISOString();
  const fortnightAgo = new Date(now.getTime() - 14 * 86_400_000).toISOString();
  const [
    [urgentQuotes],
    urgent,
    [newQuotes],
    [toConfirm],
    [toDispatch],
    [visits],
    dueRecords,
    [lowStock],
    [failed],
    [month],
    accepted,
    [owed],
    [erasures],
  ] = await db.batch([
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
    // Quotes first sent this month, and what became of them.
    db
      .select({
        sent: count(),
        viewed: sql<number>`COALESCE(SUM(${estimates.viewedAt} IS NOT NULL), 0)`,
        accepted: sql<number>`COALESCE(SUM(${estimates.status} = 'accepted'), 0)`,
        acceptedPence: sql<number>`COALESCE((SELECT SUM(a.gross_pence) FROM ${estimateAcceptances} AS a WHERE a.accepted_at >= ${monthStart}), 0)`,
      })
      .from(estimates)
      .where(gte(estimates.sentAt, monthStart)),
    db
      .select({
        id: estimates.id,
        number: estimates.number,
        firstName: customers.firstName,
        lastName: customers.lastName,
        acceptedAt: estimateAcceptances.acceptedAt,
        grossPence: estimateAcceptances.grossPence,
      })
      .from(estimateAcceptances)
      .innerJoin(estimates, eq(estimates.id, estimateAcceptances.estimateId))
      .innerJoin(customers, eq(customers.id, estimates.customerId))
      .where(gte(estimateAcceptances.acceptedAt, fortnightAgo))
      .orderBy(desc(estimateAcceptances.acceptedAt))
      .limit(5),
    moneyOwedQuery(db),
    db.select({ n: count() }).from(accountErasureRequests).where(eq(accountErasureRequests.status, "open")),
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
    quotesThisMonth: {
      sent: month?.sent ?? 0,
      viewed: month?.viewed ?? 0,
      accepted: month?.accepted ?? 0,
      acceptedPence: month?.acceptedPence ?? 0,
    },
    acceptedQuotes: accepted.map((a) => ({
      id: a.id,
      number: numberText("estimate", a.number!),
      customerName: `${a.firstName} ${a.lastName}`.trim(),
      acceptedAt: a.acceptedAt,
      grossPence: a.grossPence,
    })),
    invoices: {
      overdue: owed?.overdueCount ?? 0,
      overduePence: owed?.overduePence ?? 0,
      owedPence: owed?.owedPence ?? 0,
    },
    erasureRequests: erasures?.n ?? 0,
  };
}
