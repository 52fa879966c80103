import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { AdminSummary } from "../../../schema/api/home";
import {
  accountErasureRequests,
  campaignRecipients,
  campaigns,
  customers,
  enquiries,
  orders,
  products,
  quoteAcceptances,
  quotes,
  serviceRecords,
} from "../../../schema/db";
import { addDays, londonToday, londonToUtc, mondayOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { moneyOwedQuery } from "../invoices/list";
import { notificationsDueReads, toNotificationDue } from "../jobs/building-regs";
import { kindsDue, reminderDueRows } from "../reminders/reminders";

/**
 * The home screen: what needs the owner, each a count that links to its list. One D1 batch.
 * Days are London days.
 */
export async function adminSummary(db: Db, now = new Date()): Promise<AdminSummary> {
  // This week as the calendar shows it, Monday to Sunday.
  const monday = mondayOf(londonToday(now));
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const unrepliedUrgent = and(isNotNull(enquiries.urgentReason), isNull(enquiries.repliedAt));
  const monthStart = londonToUtc(`${londonToday(now).slice(0, 8)}01`, "00:00").toISOString();
  const fortnightAgo = new Date(now.getTime() - 14 * 86_400_000).toISOString();
  const [
    [urgentEnquiries],
    urgent,
    [newEnquiries],
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
    [notificationsDue],
    notificationRows,
  ] = await db.batch([
    db.select({ n: count() }).from(enquiries).where(unrepliedUrgent),
    db
      .select({
        id: enquiries.id,
        name: enquiries.name,
        phone: enquiries.phone,
        reason: sql<string>`${enquiries.urgentReason}`,
        createdAt: enquiries.createdAt,
      })
      .from(enquiries)
      .where(unrepliedUrgent)
      .orderBy(desc(enquiries.createdAt))
      .limit(5),
    db.select({ n: count() }).from(enquiries).where(eq(enquiries.isRead, false)),
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
    // The Reminders screen's own list, counted the same way (reminders.ts kindsDue), from the
    // columns that decide how many (not the later visits and details the sending needs).
    reminderDueRows(db, now.getTime()),
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
        viewed: sql<number>`COALESCE(SUM(${quotes.viewedAt} IS NOT NULL), 0)`,
        accepted: sql<number>`COALESCE(SUM(${quotes.status} = 'accepted'), 0)`,
        acceptedPence: sql<number>`COALESCE((SELECT SUM(a.gross_pence) FROM ${quoteAcceptances} AS a WHERE a.accepted_at >= ${monthStart}), 0)`,
      })
      .from(quotes)
      .where(gte(quotes.sentAt, monthStart)),
    db
      .select({
        id: quotes.id,
        number: quotes.number,
        firstName: customers.firstName,
        lastName: customers.lastName,
        acceptedAt: quoteAcceptances.acceptedAt,
        grossPence: quoteAcceptances.grossPence,
      })
      .from(quoteAcceptances)
      .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
      .innerJoin(customers, eq(customers.id, quotes.customerId))
      .where(gte(quoteAcceptances.acceptedAt, fortnightAgo))
      .orderBy(desc(quoteAcceptances.acceptedAt))
      .limit(5),
    moneyOwedQuery(db),
    db.select({ n: count() }).from(accountErasureRequests).where(eq(accountErasureRequests.status, "open")),
    // Building Regulations notifications past day 20 of their 30 and not recorded (issue 47).
    ...notificationsDueReads(db, now),
  ]);
  return {
    urgentEnquiries: urgentEnquiries?.n ?? 0,
    urgent,
    newEnquiries: newEnquiries?.n ?? 0,
    ordersToConfirm: toConfirm?.n ?? 0,
    ordersToDispatch: toDispatch?.n ?? 0,
    visitsThisWeek: visits?.n ?? 0,
    remindersDue: dueRecords.reduce((n, record) => n + kindsDue(record, now.getTime()).length, 0),
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
    notificationsDue: {
      count: notificationsDue?.n ?? 0,
      jobs: notificationRows.map((row) => toNotificationDue(row, londonToday(now))),
    },
  };
}
