import { and, between, eq, gte, sql } from "drizzle-orm";
import { VAT_STAGGERS } from "../../../schema/api/billing";
import type { Money } from "../../../schema/api/reports";
import {
  lastDayOf,
  VAT_KINDS,
  type VatKind,
  type VatQuarter,
  type VatReport,
  vatKindLabels,
  vatQuartersIn,
} from "../../../schema/api/reports-vat";
import { creditNotes, invoices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { csvPounds, writeCsv } from "../../lib/csv";
import { billingOf, billingRowQuery } from "../settings/billing-settings";

/**
 * VAT by VAT quarter (issue 45's reports): output VAT by rate, for the quarters of the owner's
 * stagger, from issued invoices (not drafts, not voided ones) at their tax point, less credit notes
 * at their own date (a credit in a later quarter reduces that quarter). One D1 batch: the billing
 * settings (the stagger) and two reads grouped by month and rate, over the months any stagger's
 * quarters could need, folded into the owner's quarters here.
 *
 * A line's amounts are not stored (only each document's totals), so they are worked out in SQL by
 * schema/money.ts's rule in integer arithmetic: net = quantity × unit price, half-up to the penny;
 * VAT = net × rate, half-up, per line. A document's lines add up to its stored totals by that rule.
 * An invoice issued while not registered for VAT charged none: its lines are "outside" whatever
 * rate they carry (effectiveRate), and so are its credit notes'.
 */
export async function vatReport(db: Db, range: { from?: string; to?: string }): Promise<VatReport> {
  const thisMonth = londonToday().slice(0, 7);
  const months = VAT_STAGGERS.flatMap((s) => vatQuartersIn(s, range, thisMonth).flatMap((q) => [q.from, q.to])).sort();
  const [first, last] = months.length ? [`${months[0]}-01`, lastDayOf(months.at(-1)!)] : ["", ""];
  const [billingRows, invoiced, credited] = await db.batch([
    billingRowQuery(db),
    invoiceLinesByMonth(db, first, last),
    creditLinesByMonth(db, first, last),
  ]);
  const stagger = billingOf(billingRows[0]).vatStagger;
  const quarters = vatQuartersIn(stagger, range, thisMonth).map((q) => emptyQuarter(q.from, q.to));
  const quarterOf = (month: string) => quarters.find((q) => q.from <= month && month <= q.to);
  for (const [rows, sign] of [
    [invoiced, 1],
    [credited, -1],
  ] as const) {
    for (const row of rows) {
      const quarter = quarterOf(row.month);
      if (!quarter) continue;
      const money = { netPence: row.netPence, vatPence: row.vatPence, grossPence: row.netPence + row.vatPence };
      addMoney(quarter.sales[row.kind], money, sign);
      if (sign === -1) addMoney(quarter.credits[row.kind], money, 1);
    }
  }
  const totals = emptyQuarter("", "");
  for (const quarter of quarters) {
    quarter.box1Pence = quarter.sales["20"].vatPence + quarter.sales["5"].vatPence + quarter.sales["0"].vatPence;
    quarter.box6Pence = quarter.sales["20"].netPence + quarter.sales["5"].netPence + quarter.sales["0"].netPence;
    for (const kind of VAT_KINDS) {
      addMoney(totals.sales[kind], quarter.sales[kind], 1);
      addMoney(totals.credits[kind], quarter.credits[kind], 1);
    }
    totals.box1Pence += quarter.box1Pence;
    totals.box6Pence += quarter.box6Pence;
  }
  const { from: _, to: __, ...sums } = totals;
  return { stagger, quarters, totals: sums };
}

/** The rate a line is taxed at (0 when its document charged no VAT), and how it is reported. */
const rateOf = (registered: unknown, line: unknown) =>
  sql`(CASE WHEN ${registered} THEN json_extract(${line}, '$.vatRate') ELSE 0 END)`;
const kindOf = (registered: unknown, line: unknown) =>
  sql<VatKind>`(CASE WHEN ${registered} THEN CAST(json_extract(${line}, '$.vatRate') AS TEXT) ELSE 'outside' END)`;
// Quantities have at most two decimals: hundredths times pence is a whole number, so the division
// below is integer division and "+ 50" makes it half-up, exactly as lineAmounts does.
const lineNet = (line: unknown) =>
  sql`((CAST(round(json_extract(${line}, '$.quantity') * 100) AS INTEGER) * json_extract(${line}, '$.unitPence') + 50) / 100)`;
const lineSums = (registered: unknown, line: unknown) => ({
  kind: kindOf(registered, line),
  netPence: sql<number>`SUM(${lineNet(line)})`,
  vatPence: sql<number>`SUM((${lineNet(line)} * ${rateOf(registered, line)} + 50) / 100)`,
});
const line = sql.raw("line.value");

/**
 * The tax point (VAT Act 1994 s.6): the invoice's date when it was issued within 14 days of the
 * work (which it always follows here: the work's date is never after the day of issue), otherwise
 * the date of the work. It is never after the issue date, so the issue date's index bounds the read
 * from below; the upper bound is the tax point's own.
 */
const taxPoint = sql<string>`(CASE WHEN ${invoices.issueDate} <= date(${invoices.supplyDate}, '+14 days') THEN ${invoices.issueDate} ELSE ${invoices.supplyDate} END)`;

function invoiceLinesByMonth(db: Db, first: string, last: string) {
  return (
    db
      .select({ month: sql<string>`substr(${taxPoint}, 1, 7)`, ...lineSums(invoices.vatRegistered, line) })
      .from(invoices)
      .crossJoin(sql`json_each(${invoices.lines}) AS line`)
      // The unary + keeps the status out of the plan: with an equality to choose, SQLite reads every
      // issued invoice from invoices_status_due instead of the issue dates' range (EXPLAIN, in the test).
      .where(and(sql`+${invoices.status} = 'issued'`, gte(invoices.issueDate, first), between(taxPoint, first, last)))
      .groupBy(sql`1, 2`)
  );
}

/**
 * Credit notes by their own date, of invoices still issued (a void one's corrections go with it).
 * Their date has no index (a table of a few hundred rows in ten years): read whole, as takings does.
 */
function creditLinesByMonth(db: Db, first: string, last: string) {
  return (
    db
      .select({ month: sql<string>`substr(${creditNotes.issueDate}, 1, 7)`, ...lineSums(invoices.vatRegistered, line) })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .crossJoin(sql`json_each(${creditNotes.lines}) AS line`)
      // Not the status's index either: the few credit notes lead, each finding its invoice by id.
      .where(and(sql`+${invoices.status} = 'issued'`, between(creditNotes.issueDate, first, last)))
      .groupBy(sql`1, 2`)
  );
}

const noMoney = (): Money => ({ netPence: 0, vatPence: 0, grossPence: 0 });
const byKind = () => Object.fromEntries(VAT_KINDS.map((k) => [k, noMoney()])) as Record<VatKind, Money>;
const emptyQuarter = (from: string, to: string): VatQuarter => ({
  from,
  to,
  sales: byKind(),
  credits: byKind(),
  box1Pence: 0,
  box6Pence: 0,
});
const addMoney = (sum: Money, more: Money, sign: 1 | -1) => {
  sum.netPence += sign * more.netPence;
  sum.vatPence += sign * more.vatPence;
  sum.grossPence += sign * more.grossPence;
};

/** The same as a CSV: one row per quarter and rate, then the quarter's boxes 1 and 6. */
export async function vatCsv(db: Db, range: { from?: string; to?: string }): Promise<string> {
  const report = await vatReport(db, range);
  return writeCsv(
    [
      "Period start",
      "Period end",
      "VAT",
      "Net (£)",
      "VAT (£)",
      "Gross (£)",
      "of which credit notes, net (£)",
      "of which credit notes, VAT (£)",
    ],
    report.quarters.flatMap((q) => {
      const period = [`${q.from}-01`, lastDayOf(q.to)];
      return [
        ...VAT_KINDS.map((kind) => [
          ...period,
          vatKindLabels[kind],
          csvPounds(q.sales[kind].netPence),
          csvPounds(q.sales[kind].vatPence),
          csvPounds(q.sales[kind].grossPence),
          csvPounds(-q.credits[kind].netPence),
          csvPounds(-q.credits[kind].vatPence),
        ]),
        [...period, "Box 1, VAT due on sales", "", csvPounds(q.box1Pence), "", "", ""],
        [...period, "Box 6, sales before VAT", csvPounds(q.box6Pence), "", "", "", ""],
      ];
    }),
  );
}
