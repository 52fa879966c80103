import { asc, eq, sql } from "drizzle-orm";
import type { DepositPayment } from "../../../schema/api/quotes";
import { invoices, quoteAcceptances, quotePayments, quotes } from "../../../schema/db/index";
import type { Db } from "../../db/client";
import { heldSql } from "../invoices/quote-deposit";

/**
 * The deposit's money, from its ledger (estimate_payments): what a quote holds is every payment's
 * amount less what is due back; what it can still take is the deposit less what it holds, no more
 * than its job's issued invoice still wants, and nothing once it is cancelled. The job's invoice
 * takes off what the quote holds, written in the same batch as any change to the ledger.
 */
const p = quotePayments;
type Row = typeof quotePayments.$inferSelect;

/** The balance of the quote's issued invoice (null when it has none): a late deposit is taken off it. */
const invoiceBalanceSql = (quoteId: number) =>
  sql<number | null>`(SELECT ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence}
    FROM ${invoices} WHERE ${invoices.quoteId} = ${quoteId} AND ${invoices.status} = 'issued' ORDER BY ${invoices.id} DESC LIMIT 1)`;

// Each piece is a subquery of one table keyed by the quote's id, so no column ever needs its table named.
const depositSql = (quoteId: number) =>
  sql<number>`(SELECT ${quoteAcceptances.depositPence} FROM ${quoteAcceptances} WHERE ${quoteAcceptances.quoteId} = ${quoteId})`;
const cancelledSql = (quoteId: number) =>
  sql<boolean>`(SELECT ${quotes.status} <> 'accepted' FROM ${quotes} WHERE ${quotes.id} = ${quoteId})`;
const leftSql = (quoteId: number) => sql<number>`(${depositSql(quoteId)} - ${heldSql(quoteId)})`;

/** What the quote can take now: nothing once cancelled, else what is left of the deposit, capped by its issued invoice's balance. */
export const depositCapSql = (quoteId: number) =>
  sql<number>`(CASE WHEN ${cancelledSql(quoteId)} THEN 0
    ELSE MAX(0, MIN(${leftSql(quoteId)}, COALESCE(${invoiceBalanceSql(quoteId)}, ${leftSql(quoteId)}))) END)`;

/** Why a payment (or part of one) the quote could not take goes back, in the customer's words. */
export const refundReasonSql = (quoteId: number) =>
  sql<string>`(CASE WHEN ${cancelledSql(quoteId)} THEN 'The quote was cancelled before this payment arrived'
    WHEN ${leftSql(quoteId)} <= 0 THEN 'The deposit was already paid'
    WHEN COALESCE(${invoiceBalanceSql(quoteId)}, 1) <= 0 THEN 'The job''s invoice was already paid in full'
    ELSE 'More than was still owed' END)`;

/** The quote's deposit payments, oldest first (one table a statement, for a batch). */
export const depositPaymentsQuery = (db: Db, quoteId: number) =>
  db.select().from(p).where(eq(p.quoteId, quoteId)).orderBy(asc(p.id));

export type DepositState = {
  /** What the quote holds (paid, less what is due back). */
  heldPence: number;
  /** When what it holds reached the deposit; null while short. */
  paidAt: string | null;
  /** When the last refund went back, once everything due back has gone. */
  refundedAt: string | null;
  /** Due back and not yet given back. */
  owedBackPence: number;
};

export function depositStateOf(depositPence: number, rows: Row[]): DepositState {
  let held = 0;
  let paidAt: string | null = null;
  for (const row of rows) {
    held += row.amountPence - row.refundDuePence;
    if (paidAt === null && depositPence > 0 && held >= depositPence) paidAt = row.createdAt;
  }
  const owedBack = rows.reduce((sum, r) => sum + r.refundDuePence - r.refundedPence, 0);
  const refunded = rows.filter((r) => r.refundedPence > 0 && r.refundedAt);
  return {
    heldPence: held,
    paidAt: held >= depositPence && depositPence > 0 ? paidAt : null,
    refundedAt:
      owedBack === 0 && refunded.length
        ? refunded
            .map((r) => r.refundedAt!)
            .sort()
            .at(-1)!
        : null,
    owedBackPence: owedBack,
  };
}

export const depositPaymentOf = (row: Row): DepositPayment => ({
  id: row.id,
  amountPence: row.amountPence,
  method: row.method,
  paidOn: row.paidOn,
  reference: row.reference,
  refundDuePence: row.refundDuePence,
  refundReason: row.refundReason,
  refundedPence: row.refundedPence,
  refundedAt: row.refundedAt,
  refundMethod: row.refundMethod,
});
