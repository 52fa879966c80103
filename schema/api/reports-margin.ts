/**
 * GET /api/admin/reports/margin (issue 45's reports): each job's revenue, parts at cost and margin,
 * by the month its first invoice was issued. Its own file, beside reports.ts, so the reports being
 * added in parallel touch different lines.
 */

/** The jobs each month lists, the lowest margin first (every job is in the CSV). */
export const MARGIN_JOBS_SHOWN = 10;

/** Sums over jobs: what was invoiced, what the parts cost, and what is left. */
export type MarginSums = {
  jobCount: number;
  /** Issued invoices net of VAT, less their credit notes' net; voided invoices left out. */
  revenuePence: number;
  /** Parts used at the cost recorded when each was used (those with a cost). */
  partsCostPence: number;
  /** Parts used that had no cost price: not counted as free, but not in partsCostPence either. */
  partsWithoutCost: number;
  /** Revenue less parts at cost: an upper bound while partsWithoutCost is above 0. */
  marginPence: number;
  /** Margin ÷ revenue, null with no revenue. */
  marginRate: number | null;
};

export type MarginJob = Omit<MarginSums, "jobCount"> & {
  jobId: number;
  title: string;
  customer: string;
  /** The first issued invoice's date: the job counts in its month. */
  firstIssued: string;
};

export type MarginMonth = MarginSums & { month: string; jobs: MarginJob[] };

export type MarginReport = { from: string; to: string; months: MarginMonth[]; totals: MarginSums };

/** A margin's rate, null with no revenue to divide by. */
export const marginRateOf = (marginPence: number, revenuePence: number) => (revenuePence > 0 ? marginPence / revenuePence : null);

/** "2 parts without a cost", or null when every part had one. */
export const withoutCostText = (parts: number) =>
  parts > 0 ? `${parts} ${parts === 1 ? "part" : "parts"} without a cost` : null;
