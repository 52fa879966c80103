import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { creditNotes, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import { depositSum } from "./quote-deposit";

const i = invoices;

/**
 * The sums an invoice keeps, written from their rows in the batch that adds one. The outer invoice
 * is named in full: inside an UPDATE, Drizzle writes a bare "id", which the subquery would read as
 * its own table's.
 */
const outerId = sql.raw(`"invoices"."id"`);
/** What the customer has paid on the invoice being updated, less what was given back. */
const paidSum = sql`((SELECT COALESCE(SUM(${invoicePayments.amountPence}), 0) FROM ${invoicePayments} WHERE ${invoicePayments.invoiceId} = ${outerId})
  - (SELECT COALESCE(SUM(${invoiceRefunds.amountPence}), 0) FROM ${invoiceRefunds} WHERE ${invoiceRefunds.invoiceId} = ${outerId}))`;
export const creditedSum = sql`(SELECT COALESCE(SUM(${creditNotes.grossPence}), 0) FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${outerId})`;

/**
 * The sums of the invoices `where` names again (the deposit its quote holds, what was credited and
 * paid) and, once nothing is left to pay, when each was paid.
 */
const refreshSumsWhere = (db: Db, where: SQL, now: string) =>
  db
    .update(i)
    .set({
      depositPence: depositSum,
      paidPence: paidSum,
      creditedPence: creditedSum,
      paidAt: sql`CASE WHEN ${i.grossPence} - ${depositSum} - ${creditedSum} - ${paidSum} <= 0 THEN COALESCE(${i.paidAt}, ${now}) ELSE NULL END`,
      updatedAt: now,
    })
    .where(where);

/** One invoice's sums again. */
export const refreshSums = (db: Db, id: number, now: string) => refreshSumsWhere(db, eq(i.id, id), now);

/** The sums of a quote's live invoices (a draft or the issued one), after its deposit changed. */
export const refreshDepositOf = (db: Db, quoteId: number, now: string) =>
  refreshSumsWhere(db, and(eq(i.quoteId, quoteId), ne(i.status, "void"))!, now);
