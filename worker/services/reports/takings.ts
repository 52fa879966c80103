import { and, between, sql } from "drizzle-orm";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../schema/api/payment-methods";
import { addMonths, type Money, type TakingsMonth, type TakingsReport } from "../../../schema/api/reports";
import { creditNotes, invoicePayments, invoiceRefunds, invoices, quotePayments } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { csvPounds, writeCsv } from "../../lib/csv";

/**
 * Takings and sales by month (issue 45's reports). Takings are the cash basis: invoice payments and
 * quote deposits received, less what was given back (invoice refunds, deposits refunded), by method,
 * on the day the money moved. Invoiced is the issued invoices (not drafts, not voided ones) by issue
 * date, and credited the credit notes by theirs. One D1 batch of six grouped reads, each a range of
 * its date's index (the deposits' table is a quote's few rows).
 */
export async function takingsReport(db: Db, range: { from?: string; to?: string }): Promise<TakingsReport> {
  const to = range.to ?? londonToday().slice(0, 7);
  const from = range.from ?? addMonths(to, -11);
  const [first, last] = [`${from}-01`, `${to}-31`];
  const monthOf = (column: unknown) => sql<string>`substr(${column}, 1, 7)`;
  const [paid, refunded, deposits, depositsBack, issued, credits] = await db.batch([
    db
      .select({
        month: monthOf(invoicePayments.paidOn),
        method: invoicePayments.method,
        pence: sql<number>`SUM(${invoicePayments.amountPence})`,
      })
      .from(invoicePayments)
      .where(between(invoicePayments.paidOn, first, last))
      .groupBy(sql`1, 2`),
    db
      .select({
        month: monthOf(invoiceRefunds.refundedOn),
        method: invoiceRefunds.method,
        pence: sql<number>`SUM(${invoiceRefunds.amountPence})`,
      })
      .from(invoiceRefunds)
      .where(between(invoiceRefunds.refundedOn, first, last))
      .groupBy(sql`1, 2`),
    db
      .select({
        month: monthOf(quotePayments.paidOn),
        method: quotePayments.method,
        pence: sql<number>`SUM(${quotePayments.amountPence})`,
      })
      .from(quotePayments)
      .where(between(quotePayments.paidOn, first, last))
      .groupBy(sql`1, 2`),
    db
      .select({
        month: monthOf(quotePayments.refundedAt),
        method: sql<PaymentMethod>`COALESCE(${quotePayments.refundMethod}, ${quotePayments.method})`,
        pence: sql<number>`SUM(${quotePayments.refundedPence})`,
      })
      .from(quotePayments)
      // A time, so the range runs to the end of the last day ("T" sorts before any hour written after it).
      .where(and(sql`${quotePayments.refundedPence} > 0`, between(quotePayments.refundedAt, first, `${last}T~`)))
      .groupBy(sql`1, 2`),
    db
      .select({ month: monthOf(invoices.issueDate), ...moneyOf(invoices) })
      .from(invoices)
      // The unary + keeps the status out of the plan: nearly every invoice is issued, so the range of
      // the issue date's index is the read that stays small (test/list-plans.test.ts).
      .where(and(sql`+${invoices.status} = 'issued'`, between(invoices.issueDate, first, last)))
      .groupBy(sql`1`),
    db
      .select({ month: monthOf(creditNotes.issueDate), ...moneyOf(creditNotes) })
      .from(creditNotes)
      .where(between(creditNotes.issueDate, first, last))
      .groupBy(sql`1`),
  ]);
  const months: TakingsMonth[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(emptyMonth(m));
  const at = new Map(months.map((m) => [m.month, m]));
  const take = (rows: { month: string; method: PaymentMethod; pence: number }[], sign: 1 | -1) => {
    for (const row of rows) {
      const month = at.get(row.month);
      if (!month) continue;
      month.takings[row.method] += sign * row.pence;
      month.takings.total += sign * row.pence;
    }
  };
  take(paid, 1);
  take(deposits, 1);
  take(refunded, -1);
  take(depositsBack, -1);
  for (const row of issued) if (at.has(row.month)) at.get(row.month)!.invoiced = moneyRow(row);
  for (const row of credits) if (at.has(row.month)) at.get(row.month)!.credited = moneyRow(row);
  const totals = emptyMonth("");
  for (const month of months) {
    for (const key of [...PAYMENT_METHODS, "total"] as const) totals.takings[key] += month.takings[key];
    addMoney(totals.invoiced, month.invoiced);
    addMoney(totals.credited, month.credited);
  }
  const { month: _, ...sums } = totals;
  return { from, to, months, totals: sums };
}

const moneyOf = (t: typeof invoices | typeof creditNotes) => ({
  netPence: sql<number>`SUM(${t.netPence})`,
  vatPence: sql<number>`SUM(${t.vatPence})`,
  grossPence: sql<number>`SUM(${t.grossPence})`,
});
const moneyRow = ({ netPence, vatPence, grossPence }: Money): Money => ({ netPence, vatPence, grossPence });
const noMoney = (): Money => ({ netPence: 0, vatPence: 0, grossPence: 0 });
const addMoney = (sum: Money, more: Money) => {
  sum.netPence += more.netPence;
  sum.vatPence += more.vatPence;
  sum.grossPence += more.grossPence;
};
const emptyMonth = (month: string): TakingsMonth => ({
  month,
  takings: { card: 0, bank: 0, cash: 0, cheque: 0, total: 0 },
  invoiced: noMoney(),
  credited: noMoney(),
});

/** The same as a CSV: one row per month, pounds without the sign. */
export async function takingsCsv(db: Db, range: { from?: string; to?: string }): Promise<string> {
  const report = await takingsReport(db, range);
  return writeCsv(
    [
      "Month",
      ...PAYMENT_METHODS.map((m) => `Taken by ${m} (£)`),
      "Taken (£)",
      "Invoiced net (£)",
      "Invoiced VAT (£)",
      "Invoiced gross (£)",
      "Credited net (£)",
      "Credited VAT (£)",
      "Credited gross (£)",
    ],
    report.months.map((m) => [
      m.month,
      ...PAYMENT_METHODS.map((method) => csvPounds(m.takings[method])),
      csvPounds(m.takings.total),
      csvPounds(m.invoiced.netPence),
      csvPounds(m.invoiced.vatPence),
      csvPounds(m.invoiced.grossPence),
      csvPounds(m.credited.netPence),
      csvPounds(m.credited.vatPence),
      csvPounds(m.credited.grossPence),
    ]),
  );
}
