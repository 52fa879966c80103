import { sql } from "drizzle-orm";
import { quotePayments } from "../../../schema/db";

/**
 * What a quote holds of its deposit, as its job's invoice takes it off: the quote's deposit ledger
 * (estimate_payments: every payment less what is due back; docs/decisions/022). Here, below the quotes,
 * because the invoices read it and the quotes keep it (services/quotes/deposit-ledger.ts).
 */
const p = quotePayments;

/** What the quote holds as its deposit (payments less what is due back), for one quote id. */
export const heldSql = (quoteId: number) =>
  sql<number>`(SELECT COALESCE(SUM(${p.amountPence} - ${p.refundDuePence}), 0) FROM ${p} WHERE ${p.quoteId} = ${quoteId})`;

/**
 * The invoice's deposit, for the invoice being updated: what its quote holds. The outer invoice is
 * named in full: inside an UPDATE, Drizzle writes a bare "estimate_id", which the subquery would
 * read as its own table's.
 */
export const depositSum = sql`(SELECT COALESCE(SUM(${p.amountPence} - ${p.refundDuePence}), 0) FROM ${p} WHERE ${p.quoteId} = ${sql.raw('"invoices"."estimate_id"')})`;
