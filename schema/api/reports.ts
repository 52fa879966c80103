import type { PaymentMethod } from "./payment-methods";
import { z } from "./z";

/**
 * The owner's reports (issue 45): each read from the documents as they stand, with its CSV.
 */

/** The ages money owed is counted in: days since the invoice was issued. */
export const owedAges = ["0-30", "31-60", "61-90", "over 90"] as const;
export type OwedAge = (typeof owedAges)[number];

/** Pence owed in each age, and in all. */
export type OwedTotals = Record<OwedAge, number> & { total: number };

export type OwedInvoice = {
  id: number;
  number: string;
  issueDate: string;
  dueDate: string | null;
  /** Days since it was issued, on the report's day. */
  ageDays: number;
  age: OwedAge;
  balancePence: number;
};

export type OwedCustomer = {
  customerId: number | null;
  name: string;
  totals: OwedTotals;
  invoices: OwedInvoice[];
};

/** GET /api/admin/reports/owed: money owed on issued invoices, aged, by customer (most owed first). */
export type OwedReport = {
  asOf: string;
  totals: OwedTotals;
  customers: OwedCustomer[];
};

/** The age an invoice issued `days` ago is counted in. */
export const owedAgeOf = (days: number): OwedAge =>
  days <= 30 ? "0-30" : days <= 60 ? "31-60" : days <= 90 ? "61-90" : "over 90";

export const emptyOwedTotals = (): OwedTotals => ({ "0-30": 0, "31-60": 0, "61-90": 0, "over 90": 0, total: 0 });

const month = (what: string) =>
  z
    .string({ error: `${what} must be a month, like 2026-04` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${what} must be a month, like 2026-04`);

/** The most months one takings report covers (five years). */
export const MAX_REPORT_MONTHS = 60;

/** The months of a report, first to last: ?from=2026-01&to=2026-12 (both optional: the last twelve). */
export const monthRangeSchema = z
  .object({ from: month("The first month").optional(), to: month("The last month").optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "The first month is after the last", path: ["from"] })
  .refine((v) => !v.from || !v.to || monthsBetween(v.from, v.to) < MAX_REPORT_MONTHS, {
    message: `A report covers at most ${MAX_REPORT_MONTHS} months`,
    path: ["to"],
  });

/** Whole months from one to another ("2026-01" → "2026-03" is 2). */
export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/** The month `n` months after `month` ("2026-11", 2 → "2027-01"). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export type Money = { netPence: number; vatPence: number; grossPence: number };

/** One month: money taken (received less given back, by how), and invoiced less credited by time of issue. */
export type TakingsMonth = {
  month: string;
  /** Cash basis: payments and deposits received, less refunds, by method; and in all. */
  takings: Record<PaymentMethod, number> & { total: number };
  invoiced: Money;
  credited: Money;
};

/** GET /api/admin/reports/takings. */
export type TakingsReport = { from: string; to: string; months: TakingsMonth[]; totals: Omit<TakingsMonth, "month"> };

/** One month's quotes, counted by the month they were first sent, as they stand now. */
export type QuotesMonth = {
  month: string;
  sent: number;
  accepted: number;
  declined: number;
  /** Past their date unanswered. */
  expired: number;
  /** Accepted, then cancelled within the 14 days. */
  cancelled: number;
  /** Still waiting for an answer. */
  open: number;
  /** What the accepted ones came to (the option and extras chosen, VAT included when charged). */
  acceptedPence: number;
  /** Accepted ÷ sent, null with none sent. */
  conversion: number | null;
  averageAcceptedPence: number | null;
};

/** GET /api/admin/reports/quotes. */
export type QuotesReport = { from: string; to: string; months: QuotesMonth[]; totals: Omit<QuotesMonth, "month"> };
