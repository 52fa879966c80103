import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { XeroSyncItem } from "../../../schema/api/xero";
import {
  creditNotes,
  customers,
  invoicePayments,
  invoiceRefunds,
  invoices,
  quotePayments,
  xeroContactChanges,
  xeroSync,
} from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";

/**
 * What Xero refused, as the owner reads it on the settings screen: each document named by its
 * number ("INV-0012", "payment of £20.00 on INV-0012", "customer Pat Payer", "the new name or e-mail
 * of customer Pat Payer") beside Xero's words.
 * One statement: each row joined to the document of its kind and to the invoice it is on.
 */
const SHOWN = 50;
const s = xeroSync;
const on = alias(invoices, "on_invoice");

export const failedItemsQuery = (db: Db, ofTenant: SQL | undefined) =>
  db
    .select({
      kind: s.kind,
      documentId: s.documentId,
      attempts: s.attempts,
      error: s.lastError,
      // Named apart: two columns both called "number" would come back from D1 as one.
      invoiceNumber: sql<number | null>`${on.number}`.as("invoice_number"),
      creditNoteNumber: sql<number | null>`${creditNotes.number}`.as("credit_note_number"),
      amountPence: sql<
        number | null
      >`COALESCE(${invoicePayments.amountPence}, ${invoiceRefunds.amountPence}, ${quotePayments.amountPence})`,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(s)
    .leftJoin(creditNotes, and(eq(s.kind, "credit_note"), eq(creditNotes.id, s.documentId)))
    .leftJoin(invoicePayments, and(eq(s.kind, "payment"), eq(invoicePayments.id, s.documentId)))
    .leftJoin(invoiceRefunds, and(eq(s.kind, "refund"), eq(invoiceRefunds.id, s.documentId)))
    .leftJoin(quotePayments, and(eq(s.kind, "deposit"), eq(quotePayments.id, s.documentId)))
    .leftJoin(
      on,
      eq(
        on.id,
        sql`CASE WHEN ${inArray(s.kind, ["invoice", "void"])} THEN ${s.documentId}
          ELSE COALESCE(${creditNotes.invoiceId}, ${invoicePayments.invoiceId}, ${invoiceRefunds.invoiceId}) END`,
      ),
    )
    .leftJoin(xeroContactChanges, and(eq(s.kind, "contact_update"), eq(xeroContactChanges.id, s.documentId)))
    .leftJoin(
      customers,
      eq(customers.id, sql`CASE WHEN ${eq(s.kind, "contact")} THEN ${s.documentId} ELSE ${xeroContactChanges.customerId} END`),
    )
    .where(and(eq(s.state, "failed"), ofTenant))
    .orderBy(desc(s.updatedAt))
    .limit(SHOWN);

type Row = Awaited<ReturnType<typeof failedItemsQuery>>[number];

function documentOf(row: Row): string {
  const invoice = row.invoiceNumber === null ? "an invoice" : numberText("invoice", row.invoiceNumber);
  const amount = row.amountPence === null ? "" : ` of ${formatPence(row.amountPence)}`;
  const customer = row.firstName === null ? "a customer" : `customer ${`${row.firstName} ${row.lastName ?? ""}`.trim()}`;
  switch (row.kind) {
    case "contact":
      return customer;
    case "invoice":
      return invoice;
    case "void":
      return `the void of ${invoice}`;
    case "credit_note":
      return row.creditNoteNumber === null ? `a credit note on ${invoice}` : numberText("creditNote", row.creditNoteNumber);
    case "payment":
      return `the payment${amount} on ${invoice}`;
    case "refund":
      return `the refund${amount} on ${invoice}`;
    case "contact_update":
      return `the new name or e-mail of ${customer}`;
    case "deposit":
      return `the deposit${amount} paid on a quote`;
  }
}

export const failedItem = (row: Row): XeroSyncItem => ({
  kind: row.kind,
  documentId: row.documentId,
  document: documentOf(row),
  state: "failed",
  attempts: row.attempts,
  error: row.error,
});
