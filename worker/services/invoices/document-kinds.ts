import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type InvoiceLine, invoiceTotals } from "../../../schema/api/invoices";
import { creditNotes, invoices } from "../../../schema/db";
import { addDays, londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { DocumentKind } from "../documents/kind";
import { type InvoiceSnapshot, renderCreditNote, renderInvoice } from "./render";

/** An invoice and its credit notes as the documents room sees them, and when their links end. */
const rules = settings.documentLinks;
const later = (a: string, b: string) => (a > b ? a : b);

type InvoiceState = {
  status: string;
  issueDate: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  grossPence: number;
  depositPence: number;
  creditedPence: number;
  paidPence: number;
};

/**
 * An invoice's links end a year after it was paid (or voided); while anything is owed, never. Paid is
 * the balance at nothing or less, as the invoice's own state says; one settled at issue (a deposit that
 * covered it all) has no payment date and counts from its issue.
 */
export function invoiceLastDay(invoice: InvoiceState): string | null {
  if (invoice.status === "void")
    return invoice.voidedAt ? addDays(londonDateOf(invoice.voidedAt), rules.invoiceDaysAfterPaid) : null;
  const balance = invoice.grossPence - invoice.depositPence - invoice.creditedPence - invoice.paidPence;
  if (invoice.status !== "issued" || balance > 0) return null;
  const settled = invoice.paidAt ? londonDateOf(invoice.paidAt) : invoice.issueDate;
  return settled ? addDays(settled, rules.invoiceDaysAfterPaid) : null;
}

/** A credit note's: a year after its issue, and never before its invoice's (none while the invoice is owed). */
export function creditNoteLastDay(note: { issueDate: string }, invoice: InvoiceState): string | null {
  const invoiceLast = invoiceLastDay(invoice);
  return invoiceLast === null ? null : later(invoiceLast, addDays(note.issueDate, rules.creditNoteDays));
}

export const invoiceKind: DocumentKind<"invoice"> = {
  name: "invoice",
  async source(db, id) {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row?.number || !row.snapshot || !row.issueDate || !row.dueDate) return null;
    const number = numberText("invoice", row.number);
    const lines = JSON.parse(row.lines) as InvoiceLine[];
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () =>
        renderInvoice({
          number,
          issueDate: row.issueDate!,
          supplyDate: row.supplyDate,
          dueDate: row.dueDate!,
          lines,
          vatRegistered: row.vatRegistered,
          totals: invoiceTotals(lines, row.vatRegistered),
          depositPence: row.depositPence,
          notes: row.notes,
          snapshot: JSON.parse(row.snapshot!) as InvoiceSnapshot,
        }),
    };
  },
  file: { table: invoices, id: invoices.id },
  async linkState(db, link) {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, link.id));
    return { current: row?.linkVersion === link.version, lastDay: row ? invoiceLastDay(row) : null };
  },
  linksEnd: true,
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: invoices.linkVersion })
      .from(invoices)
      .where(and(eq(invoices.id, id), ne(invoices.status, "draft"), inArray(invoices.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};

export const creditNoteKind: DocumentKind<"credit-note"> = {
  name: "credit-note",
  async source(db, id) {
    const [[note], [invoice]] = await db.batch([
      db.select().from(creditNotes).where(eq(creditNotes.id, id)),
      db
        .select({ number: invoices.number, issueDate: invoices.issueDate, vatRegistered: invoices.vatRegistered })
        .from(invoices)
        .where(eq(invoices.id, sql`(SELECT ${creditNotes.invoiceId} FROM ${creditNotes} WHERE ${creditNotes.id} = ${id})`)),
    ]);
    if (!note?.snapshot || !invoice?.number) return null;
    const number = numberText("creditNote", note.number);
    const lines = JSON.parse(note.lines) as InvoiceLine[];
    return {
      number,
      pdfKey: note.pdfKey,
      pdfSha256: note.pdfSha256,
      render: () =>
        renderCreditNote({
          number,
          invoiceNumber: numberText("invoice", invoice.number!),
          invoiceIssueDate: invoice.issueDate!,
          issueDate: note.issueDate,
          reason: note.reason,
          lines,
          vatRegistered: invoice.vatRegistered,
          totals: invoiceTotals(lines, invoice.vatRegistered),
          snapshot: JSON.parse(note.snapshot!) as InvoiceSnapshot,
        }),
    };
  },
  file: { table: creditNotes, id: creditNotes.id },
  async linkState(db, link) {
    const [row] = await db
      .select({ note: creditNotes, invoice: invoices })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(eq(creditNotes.id, link.id));
    return { current: row?.note.linkVersion === link.version, lastDay: row ? creditNoteLastDay(row.note, row.invoice) : null };
  },
  linksEnd: true,
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: creditNotes.linkVersion })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(eq(creditNotes.id, id), inArray(invoices.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};
