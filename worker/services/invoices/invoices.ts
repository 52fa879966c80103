import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type AdminInvoice, type InvoiceLine, type InvoiceState, invoiceTotals } from "../../../schema/api/invoices";
import { creditNotes, customers, invoiceEvents, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink } from "../../lib/document-link";
import { notFound } from "../../lib/errors";
import { documentUrl } from "../documents/files";
import { madeToday } from "../documents/link-rules";
import { creditNoteKind, invoiceKind } from "./document-kinds";

/**
 * Invoices: a draft is edited freely and has no number; issuing numbers it (INV-0001, in the batch
 * that fixes it), fixes its lines, dates and the business's details, renders its PDF once and
 * e-mails the customer a link to pay. Payments and credit notes are added in batches that also
 * write the invoice's sums from their rows, guarded so nothing is paid or credited beyond what is
 * owed; the balance is always computed from those sums.
 *
 * This file is what every verb shares: the invoice loaded, its owner's shape, its balance and state,
 * its history. The verbs each have their file beside it (drafts, issue, payments, credit notes, void,
 * the list, the customer's page) and import from here, never the other way.
 */
const i = invoices;
export const LINK_PURPOSE = "invoice";

export type Row = typeof invoices.$inferSelect;
export type EventKind = (typeof invoiceEvents.$inferInsert)["kind"];

export const invoiceEvent = (db: Db, invoiceId: number, kind: EventKind, at: string, detail: string | null = null) =>
  db.insert(invoiceEvents).values({ invoiceId, kind, at, detail });

/** An event written only when `when` holds (the change it records happened in this batch). */
export const invoiceEventWhen = (db: Db, invoiceId: number, kind: EventKind, at: string, detail: string | null, when: SQL) =>
  db.insert(invoiceEvents).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        invoiceId: sql<number>`${invoiceId}`.as("invoice_id"),
        kind: sql<EventKind>`${kind}`.as("kind"),
        detail: sql<string | null>`${detail}`.as("detail"),
        at: sql<string>`${at}`.as("at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );

export const balanceOf = (row: Pick<Row, "grossPence" | "depositPence" | "creditedPence" | "paidPence">) =>
  row.grossPence - row.depositPence - row.creditedPence - row.paidPence;

/** The balance in SQL, for guards and lists. */
export const balanceSql = sql<number>`(${i.grossPence} - ${i.depositPence} - ${i.creditedPence} - ${i.paidPence})`;

export function stateOf(row: Pick<Row, "status" | "grossPence" | "depositPence" | "creditedPence" | "paidPence">): InvoiceState {
  if (row.status !== "issued") return row.status;
  if (balanceOf(row) <= 0) return "paid";
  return row.paidPence > 0 || row.depositPence > 0 || row.creditedPence > 0 ? "part-paid" : "issued";
}

/** ISO dates sort as text: the date, or today when it is later (work is not supplied in the future). */
export const notAfterToday = (date: string) => [date, londonToday()].sort()[0]!;

export const isOverdue = (
  row: Pick<Row, "status" | "dueDate" | "grossPence" | "depositPence" | "creditedPence" | "paidPence">,
  today = londonToday(),
) => row.status === "issued" && balanceOf(row) > 0 && row.dueDate !== null && row.dueDate < today;

export const totalsColumns = (lines: InvoiceLine[], vatRegistered: boolean) => {
  const t = invoiceTotals(lines, vatRegistered);
  return { netPence: t.netPence, vatPence: t.vatPence, grossPence: t.grossPence };
};

export type Loaded = {
  invoice: Row;
  customer: typeof customers.$inferSelect | null;
  payments: (typeof invoicePayments.$inferSelect)[];
  refunds: (typeof invoiceRefunds.$inferSelect)[];
  notes: (typeof creditNotes.$inferSelect)[];
  events: (typeof invoiceEvents.$inferSelect)[];
};

/** The invoice with its customer, payments, credit notes and history: one batch, one table a statement. */
export async function loadInvoice(db: Db, id: number): Promise<Loaded> {
  const [[invoice], [customer], payments, refunds, notes, events] = await db.batch([
    db.select().from(i).where(eq(i.id, id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, sql`(SELECT ${i.customerId} FROM ${i} WHERE ${i.id} = ${id})`)),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.id)),
    db.select().from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, id)).orderBy(asc(invoiceRefunds.id)),
    db.select().from(creditNotes).where(eq(creditNotes.invoiceId, id)).orderBy(asc(creditNotes.id)),
    db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id)).orderBy(asc(invoiceEvents.id)),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { invoice, customer: customer ?? null, payments, refunds, notes, events };
}

export const nameOf = (c: { firstName: string; lastName: string } | null) =>
  c ? `${c.firstName} ${c.lastName}`.trim() : "Unknown customer";

/** The path of the customer's page for an issued invoice (e-mails put the site's address before it). */
export const invoiceLink = async (env: AppEnv, id: number, linkVersion: number) =>
  `/invoice/${await createDocumentLink(env, LINK_PURPOSE, { id, version: linkVersion, ...madeToday() })}`;

async function toAdmin(env: AppEnv, { invoice, customer, payments, refunds, notes, events }: Loaded): Promise<AdminInvoice> {
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const issued = invoice.number !== null;
  return {
    id: invoice.id,
    number: issued ? numberText("invoice", invoice.number!) : null,
    state: stateOf(invoice),
    overdue: isOverdue(invoice),
    customerId: invoice.customerId,
    customerName: nameOf(customer),
    customerEmail: customer?.email ?? null,
    propertyId: invoice.propertyId,
    serviceRecordId: invoice.serviceRecordId,
    jobId: invoice.jobId,
    quoteId: invoice.quoteId,
    lines,
    notes: invoice.notes,
    supplyDate: invoice.supplyDate,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    vatRegistered: invoice.vatRegistered,
    totals: invoiceTotals(lines, invoice.vatRegistered),
    depositPence: invoice.depositPence,
    paidPence: invoice.paidPence,
    creditedPence: invoice.creditedPence,
    balancePence: balanceOf(invoice),
    chase: invoice.chase,
    voidReason: invoice.voidReason,
    payments: payments.map((p) => ({
      id: p.id,
      amountPence: p.amountPence,
      method: p.method,
      paidOn: p.paidOn,
      reference: p.reference,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountPence: r.amountPence,
      method: r.method,
      refundedOn: r.refundedOn,
      reference: r.reference,
    })),
    creditNotes: await Promise.all(
      notes.map(async (n) => ({
        id: n.id,
        number: numberText("creditNote", n.number),
        reason: n.reason,
        issueDate: n.issueDate,
        grossPence: n.grossPence,
        pdfUrl: await documentUrl(env, creditNoteKind, n.id, n.linkVersion),
      })),
    ),
    events: events.map((ev) => ({ kind: ev.kind, at: ev.at, detail: ev.detail })),
    pdfUrl: issued ? await documentUrl(env, invoiceKind, invoice.id, invoice.linkVersion) : null,
    payLink: issued ? await invoiceLink(env, invoice.id, invoice.linkVersion) : null,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

export async function getInvoice(env: AppEnv, db: Db, id: number): Promise<AdminInvoice> {
  return toAdmin(env, await loadInvoice(db, id));
}
