import { and, eq, sql } from "drizzle-orm";
import { addMonths } from "../../../schema/api/reports";
import {
  MARGIN_JOBS_SHOWN,
  type MarginJob,
  type MarginMonth,
  type MarginReport,
  type MarginSums,
  marginRateOf,
} from "../../../schema/api/reports-margin";
import { creditNotes, customers, invoices, jobs, serviceRecords, stockMovements } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { csvPounds, writeCsv } from "../../lib/csv";
import { jobTitleSql } from "../jobs/job-state";

/**
 * Jobs' margins (issue 45's reports): each job's revenue (its issued invoices net of VAT, less their
 * credit notes; voided invoices left out), its parts at cost (what its visits' job sheets took from
 * the stock ledger, at the unit cost each movement recorded, so a later change of a cost price
 * rewrites nothing) and what is left. A job counts in the month its first invoice was issued, whole:
 * a later invoice or credit note on it changes that month's figures. Parts without a cost price are
 * counted, not priced at nothing. Parts of products not counted in stock never reach the ledger.
 */
export async function marginReport(db: Db, range: { from?: string; to?: string }): Promise<MarginReport> {
  const to = range.to ?? londonToday().slice(0, 7);
  const from = range.from ?? addMonths(to, -11);
  const jobsFound = await jobMargins(db, `${from}-01`, `${to}-31`);
  const months: MarginMonth[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) {
    const its = jobsFound
      .filter((j) => j.firstIssued.startsWith(m))
      .sort((a, b) => a.marginPence - b.marginPence || a.jobId - b.jobId);
    months.push({ month: m, ...sumsOf(its), jobs: its.slice(0, MARGIN_JOBS_SHOWN) });
  }
  return { from, to, months, totals: sumsOf(jobsFound) };
}

/**
 * Every job whose first issued invoice falls between the dates, with its sums: one D1 batch of three
 * grouped reads. The jobs are found by an index range on the invoices' issue date; each one's
 * invoices, credit notes and visits' ledger rows by their indexes on the job, invoice and visit.
 */
async function jobMargins(db: Db, first: string, last: string): Promise<MarginJob[]> {
  // The unary + keeps SQLite off the status index: "issued" is nearly every invoice, the dates a few.
  const inRange = sql`(SELECT r.job_id FROM invoices AS r
    WHERE r.issue_date BETWEEN ${first} AND ${last} AND +r.status = 'issued' AND r.job_id IS NOT NULL)`;
  const isIssued = sql`+${invoices.status} = 'issued'`;
  const m = stockMovements;
  const [invoiced, credited, parts] = await db.batch([
    db
      .select({
        jobId: jobs.id,
        title: jobTitleSql,
        firstName: customers.firstName,
        lastName: customers.lastName,
        firstIssued: sql<string>`MIN(${invoices.issueDate})`,
        netPence: sql<number>`SUM(${invoices.netPence})`,
      })
      .from(jobs)
      .innerJoin(invoices, and(eq(invoices.jobId, jobs.id), isIssued))
      .leftJoin(customers, eq(customers.id, jobs.customerId))
      .where(sql`${jobs.id} IN ${inRange}`)
      .groupBy(jobs.id)
      // A job first invoiced before the range counts in its own month, not again here.
      .having(sql`MIN(${invoices.issueDate}) >= ${first}`),
    db
      .select({ jobId: invoices.jobId, netPence: sql<number>`SUM(${creditNotes.netPence})` })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(isIssued, sql`${invoices.jobId} IN ${inRange}`))
      .groupBy(invoices.jobId),
    db
      .select({
        jobId: serviceRecords.jobId,
        // A part given back (a positive change) takes its cost off again; SUM leaves out the unpriced.
        costPence: sql<number>`COALESCE(SUM(-${m.change} * ${m.unitCostPence}), 0)`,
        withoutCost: sql<number>`COALESCE(SUM(CASE WHEN ${m.unitCostPence} IS NULL THEN -${m.change} END), 0)`,
      })
      .from(m)
      .innerJoin(serviceRecords, eq(serviceRecords.id, m.serviceRecordId))
      .where(and(eq(m.reason, "visit"), sql`${serviceRecords.jobId} IN ${inRange}`))
      .groupBy(serviceRecords.jobId),
  ]);
  const credits = new Map(credited.map((c) => [c.jobId, c.netPence]));
  const used = new Map(parts.map((p) => [p.jobId, p]));
  return invoiced.map((row) => {
    const revenuePence = row.netPence - (credits.get(row.jobId) ?? 0);
    const partsCostPence = used.get(row.jobId)?.costPence ?? 0;
    const marginPence = revenuePence - partsCostPence;
    return {
      jobId: row.jobId,
      title: row.title,
      customer: row.firstName === null ? "No customer on file" : `${row.firstName} ${row.lastName ?? ""}`.trim(),
      firstIssued: row.firstIssued,
      revenuePence,
      partsCostPence,
      partsWithoutCost: used.get(row.jobId)?.withoutCost ?? 0,
      marginPence,
      marginRate: marginRateOf(marginPence, revenuePence),
    };
  });
}

function sumsOf(list: MarginJob[]): MarginSums {
  const sum = (pick: (j: MarginJob) => number) => list.reduce((total, j) => total + pick(j), 0);
  const revenuePence = sum((j) => j.revenuePence);
  const marginPence = sum((j) => j.marginPence);
  return {
    jobCount: list.length,
    revenuePence,
    partsCostPence: sum((j) => j.partsCostPence),
    partsWithoutCost: sum((j) => j.partsWithoutCost),
    marginPence,
    marginRate: marginRateOf(marginPence, revenuePence),
  };
}

/** The same as a CSV: one row per job (every job, not only those the screen lists), by month. */
export async function marginCsv(db: Db, range: { from?: string; to?: string }): Promise<string> {
  const to = range.to ?? londonToday().slice(0, 7);
  const from = range.from ?? addMonths(to, -11);
  const rows = (await jobMargins(db, `${from}-01`, `${to}-31`)).sort(
    (a, b) => a.firstIssued.localeCompare(b.firstIssued) || a.jobId - b.jobId,
  );
  return writeCsv(
    [
      "Month",
      "Job",
      "Title",
      "Customer",
      "First invoiced",
      "Revenue net (£)",
      "Parts at cost (£)",
      "Parts without a cost",
      "Margin (£)",
      "Margin (%)",
    ],
    rows.map((j) => [
      j.firstIssued.slice(0, 7),
      j.jobId,
      j.title,
      j.customer,
      j.firstIssued,
      csvPounds(j.revenuePence),
      csvPounds(j.partsCostPence),
      j.partsWithoutCost,
      csvPounds(j.marginPence),
      j.marginRate === null ? "" : (j.marginRate * 100).toFixed(1),
    ]),
  );
}
