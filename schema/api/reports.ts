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
