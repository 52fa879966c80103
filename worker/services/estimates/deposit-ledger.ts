import { asc, eq, sql } from "drizzle-orm";
import type { DepositPayment } from "../../../schema/api/estimates";
import { estimateAcceptances, estimatePayments, estimates, invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import { heldSql } from "../invoices/quote-deposit";

/**
 * The deposit's money, from its ledger (estimate_payments): what a quote holds is every payment's
 * amount less what is due back; what it can still take is the deposit less what it holds, no more
 * than its job's issued invoice still wants, and nothing once it is cancelled. The job's invoice
 * takes off what the quote holds, written in the same batch as any change to the ledger.
 */
const p = estimatePayments;
type Row = typeof estimatePayments.$inferSelect;

/** The balance of the quote's issued invoice (null when it has none): a late deposit is taken off it. */
const invoiceBalanceSql = (estimateId: number) =>
  sql<number | null>`(SELECT ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence}
    FROM ${invoices} WHERE ${invoices.estimateId} = ${estimateId} AND ${invoices.status} = 'issued' ORDER BY ${invoices.id} DESC LIMIT 1)`;

// Each piece is a subquery of one table keyed by the quote's id, so no column ever needs its table named.
const depositSql = (estimateId: number) =>
  sql<number>`(SELECT ${estimateAcceptances.depositPence} FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${estimateId})`;
const cancelledSql = (estimateId: number) =>
  sql<boolean>`(SELECT ${estimates.status} <> 'accepted' FROM ${estimates} WHERE ${estimates.id} = ${estimateId})`;
const leftSql = (estimateId: number) => sql<number>`(${depositSql(estimateId)} - ${heldSql(estimateId)})`;

/** What the quote can take now: nothing once cancelled, else what is left of the deposit, capped by its issued invoice's balance. */
export const depositCapSql = (estimateId: number) =>
  sql<number>`(CASE WHEN ${cancelledSql(estimateId)} THEN 0
    ELSE MAX(0, MIN(${leftSql(estimateId)}, COALESCE(${invoiceBalanceSql(estimateId)}, ${leftSql(estimateId)}))) END)`;

/** Why a payment (or part of one) the quote could not take goes back, in the customer's words. */
export const refundReasonSql = (estimateId: number) =>
  sql<string>`(CASE WHEN ${cancelledSql(estimateId)} THEN 'The quote was cancelled before this payment arrived'
    WHEN ${leftSql(estimateId)} <= 0 THEN 'The deposit was already paid'
    WHEN COALESCE(${invoiceBalanceSql(estimateId)}, 1) <= 0 THEN 'The job''s invoice was already paid in full'
    ELSE 'More than was still owed' END)`;

/** The quote's deposit payments, oldest first (one table a statement, for a batch). */
export const depositPaymentsQuery = (db: Db, estimateId: number) =>
  db.select().from(p).where(eq(p.estimateId, estimateId)).orderBy(asc(p.id));

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
