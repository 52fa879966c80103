import { and, eq, gte, lt, sql } from "drizzle-orm";
import { addMonths, type QuotesMonth, type QuotesReport } from "../../../schema/api/reports";
import { quoteAcceptances, quotes } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { csvPounds, writeCsv } from "../../lib/csv";

/**
 * Quotes by the month they were sent (issue 45's reports): how many, how they stand now (accepted,
 * declined, expired, cancelled, still open), the conversion (accepted ÷ sent) and the average
 * accepted value. One grouped read; a sent quote past its date unanswered counts as expired, as the
 * customer's link says.
 */
export async function quotesReport(db: Db, range: { from?: string; to?: string }): Promise<QuotesReport> {
  const today = londonToday();
  const to = range.to ?? today.slice(0, 7);
  const from = range.from ?? addMonths(to, -11);
  const open = sql`${quotes.status} IN ('sent', 'viewed')`;
  const count = (when: ReturnType<typeof sql>) => sql<number>`SUM(CASE WHEN ${when} THEN 1 ELSE 0 END)`;
  const rows = await db
    .select({
      month: sql<string>`substr(${quotes.sentAt}, 1, 7)`,
      sent: sql<number>`COUNT(*)`,
      accepted: count(sql`${quotes.status} = 'accepted'`),
      declined: count(sql`${quotes.status} = 'declined'`),
      expired: count(sql`${quotes.status} = 'expired' OR (${open} AND ${quotes.validUntil} < ${today})`),
      cancelled: count(sql`${quotes.status} = 'cancelled'`),
      open: count(sql`${open} AND ${quotes.validUntil} >= ${today}`),
      acceptedPence: sql<number>`COALESCE(SUM(CASE WHEN ${quotes.status} = 'accepted' THEN ${quoteAcceptances.grossPence} END), 0)`,
    })
    .from(quotes)
    .leftJoin(quoteAcceptances, eq(quoteAcceptances.quoteId, quotes.id))
    .where(and(gte(quotes.sentAt, `${from}-01`), lt(quotes.sentAt, `${addMonths(to, 1)}-01`)))
    .groupBy(sql`1`);
  const found = new Map(rows.map((r) => [r.month, r]));
  const months: QuotesMonth[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(withRates({ ...zero(), ...found.get(m), month: m }));
  const sums = zero();
  for (const m of months) for (const key of countKeys) sums[key] += m[key];
  return { from, to, months, totals: withRates({ ...sums, month: "" }) };
}

const countKeys = ["sent", "accepted", "declined", "expired", "cancelled", "open", "acceptedPence"] as const;
type Counts = Record<(typeof countKeys)[number], number>;
const zero = (): Counts => ({ sent: 0, accepted: 0, declined: 0, expired: 0, cancelled: 0, open: 0, acceptedPence: 0 });
const withRates = <T extends Counts & { month: string }>(m: T): T & Pick<QuotesMonth, "conversion" | "averageAcceptedPence"> => ({
  ...m,
  conversion: m.sent > 0 ? m.accepted / m.sent : null,
  averageAcceptedPence: m.accepted > 0 ? Math.round(m.acceptedPence / m.accepted) : null,
});

/** The same as a CSV: one row per month. */
export async function quotesCsv(db: Db, range: { from?: string; to?: string }): Promise<string> {
  const report = await quotesReport(db, range);
  return writeCsv(
    [
      "Month",
      "Sent",
      "Accepted",
      "Declined",
      "Expired",
      "Cancelled",
      "Open",
      "Conversion (%)",
      "Accepted (£)",
      "Average accepted (£)",
    ],
    report.months.map((m) => [
      m.month,
      m.sent,
      m.accepted,
      m.declined,
      m.expired,
      m.cancelled,
      m.open,
      m.conversion === null ? "" : (m.conversion * 100).toFixed(1),
      csvPounds(m.acceptedPence),
      m.averageAcceptedPence === null ? "" : csvPounds(m.averageAcceptedPence),
    ]),
  );
}
