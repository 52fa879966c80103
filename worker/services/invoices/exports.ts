import { and, asc, between, eq, ne, sql } from "drizzle-orm";
import type { InvoiceLine } from "../../../schema/api/invoices";
import { creditNotes, customers, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import { lineAmounts, type VatRate } from "../../../schema/money";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { type CsvValue, csvPounds, writeCsv } from "../../lib/csv";
import { balanceOf } from "./invoices";

/**
 * For the accountant: invoices and credit notes issued in a date range, one row per line in the
 * columns of Xero's sales invoice import (a credit note's lines with negative quantities, as Xero
 * and QuickBooks import them), each row also carrying its document's net, VAT by rate, gross, paid
 * and outstanding; and the payments received in a range. Dates as the UK writes them (dd/mm/yyyy).
 */
const ukDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");
const money = csvPounds;

const taxType = (rate: VatRate, registered: boolean) =>
  !registered ? "No VAT" : rate === 20 ? "20% (VAT on Income)" : rate === 5 ? "5% (VAT on Income)" : "Zero Rated Income";

const SALES_ACCOUNT = "200";

const HEADERS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POPostalCode",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "Currency",
  "Type",
  "DocumentNet",
  "DocumentVAT20",
  "DocumentVAT5",
  "DocumentVAT0",
  "DocumentGross",
  "Paid",
  "Outstanding",
] as const;

export async function invoicesCsv(db: Db, from: string, to: string): Promise<string> {
  // Two statements, not a batch: a batch's rows are keyed by column name, and a credit note's
  // whole row shares "id" and "number" with its invoice's.
  // Only the columns the rows use: the issued snapshot and the file's key stay in D1.
  const rows = await db
    .select({
      invoice: {
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        lines: invoices.lines,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        vatRegistered: invoices.vatRegistered,
        grossPence: invoices.grossPence,
        depositPence: invoices.depositPence,
        creditedPence: invoices.creditedPence,
        paidPence: invoices.paidPence,
      },
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      address: customers.address,
      postcode: customers.postcode,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(ne(invoices.status, "draft"), between(invoices.issueDate, from, to)))
    .orderBy(asc(invoices.number));
  const notes = await db
    .select({
      note: { number: creditNotes.number, lines: creditNotes.lines, issueDate: creditNotes.issueDate },
      invoiceNumber: invoices.number,
      invoiceId: invoices.id,
      vatRegistered: invoices.vatRegistered,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(between(creditNotes.issueDate, from, to))
    .orderBy(asc(creditNotes.number));
  // Credit notes of invoices issued before the range still need their customer.
  const contacts = new Map<number, { firstName: string | null; lastName: string | null; email: string | null }>(
    rows.map((r) => [r.invoice.id, r]),
  );
  const missing = [...new Set(notes.map((n) => n.invoiceId))].filter((id) => !contacts.has(id));
  // Every id as one JSON parameter: D1 binds at most 100 values a statement.
  const others = missing.length
    ? await db
        .select({ id: invoices.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
        .from(invoices)
        .leftJoin(customers, eq(customers.id, invoices.customerId))
        .where(inJsonList(invoices.id, missing))
    : [];
  for (const other of others) contacts.set(other.id, other);
  const contactOf = (id: number) => {
    const r = contacts.get(id);
    return { name: r?.firstName ? `${r.firstName} ${r.lastName}`.trim() : "Unknown customer", email: r?.email ?? "" };
  };
  const out: CsvValue[][] = [];
  const documentColumns = (lines: InvoiceLine[], registered: boolean, sign: 1 | -1) => {
    const byRate = { 20: 0, 5: 0, 0: 0 } as Record<VatRate, number>;
    let net = 0;
    for (const l of lines) {
      const a = lineAmounts(l.quantity, l.unitPence, registered ? (l.vatRate as VatRate) : 0);
      net += a.netPence;
      byRate[(registered ? l.vatRate : 0) as VatRate] += a.vatPence;
    }
    const vat = byRate[20] + byRate[5] + byRate[0];
    return [sign * net, sign * byRate[20], sign * byRate[5], sign * byRate[0], sign * (net + vat)].map(money);
  };
  for (const { invoice, firstName, lastName, email, address, postcode } of rows) {
    const lines = JSON.parse(invoice.lines) as InvoiceLine[];
    const number = numberText("invoice", invoice.number!);
    const summary = documentColumns(lines, invoice.vatRegistered, 1);
    const outstanding = invoice.status === "void" ? 0 : Math.max(0, balanceOf(invoice));
    for (const l of lines) {
      const a = lineAmounts(l.quantity, l.unitPence, invoice.vatRegistered ? (l.vatRate as VatRate) : 0);
      out.push([
        firstName ? `${firstName} ${lastName}`.trim() : "Unknown customer",
        email ?? "",
        address ?? "",
        postcode ?? "",
        number,
        invoice.status === "void" ? "VOID" : "",
        ukDate(invoice.issueDate),
        ukDate(invoice.dueDate),
        l.description,
        l.quantity,
        money(l.unitPence),
        SALES_ACCOUNT,
        taxType(l.vatRate as VatRate, invoice.vatRegistered),
        money(a.vatPence),
        "GBP",
        invoice.status === "void" ? "Invoice (void)" : "Invoice",
        ...summary,
        money(invoice.paidPence + invoice.depositPence),
        money(outstanding),
      ]);
    }
  }
  for (const { note, invoiceNumber, invoiceId, vatRegistered: registered } of notes) {
    const lines = JSON.parse(note.lines) as InvoiceLine[];
    const contact = contactOf(invoiceId);
    const summary = documentColumns(lines, registered, -1);
    for (const l of lines) {
      const a = lineAmounts(l.quantity, l.unitPence, registered ? (l.vatRate as VatRate) : 0);
      out.push([
        contact.name,
        contact.email,
        "",
        "",
        numberText("creditNote", note.number),
        `Against ${numberText("invoice", invoiceNumber!)}`,
        ukDate(note.issueDate),
        ukDate(note.issueDate),
        l.description,
        -l.quantity,
        money(l.unitPence),
        SALES_ACCOUNT,
        taxType(l.vatRate as VatRate, registered),
        money(-a.vatPence),
        "GBP",
        "Credit note",
        ...summary,
        money(0),
        money(0),
      ]);
    }
  }
  return writeCsv(HEADERS, out);
}

export async function paymentsCsv(db: Db, from: string, to: string): Promise<string> {
  const who = { number: invoices.number, firstName: customers.firstName, lastName: customers.lastName };
  // Refunds are money going back: the same columns, the amount negative, on the day it went back.
  const [payments, refunds] = await db.batch([
    db
      .select({
        id: invoicePayments.id,
        on: invoicePayments.paidOn,
        amount: invoicePayments.amountPence,
        method: invoicePayments.method,
        reference: invoicePayments.reference,
        ...who,
      })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(between(invoicePayments.paidOn, from, to)),
    db
      .select({
        id: invoiceRefunds.id,
        on: invoiceRefunds.refundedOn,
        amount: sql<number>`-${invoiceRefunds.amountPence}`,
        method: invoiceRefunds.method,
        reference: invoiceRefunds.reference,
        ...who,
      })
      .from(invoiceRefunds)
      .innerJoin(invoices, eq(invoices.id, invoiceRefunds.invoiceId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(between(invoiceRefunds.refundedOn, from, to)),
  ]);
  const rows = [...payments.map((p) => ({ ...p, refund: false })), ...refunds.map((r) => ({ ...r, refund: true }))].sort(
    (a, b) => a.on.localeCompare(b.on) || Number(a.refund) - Number(b.refund) || a.id - b.id,
  );
  return writeCsv(
    ["Date", "InvoiceNumber", "ContactName", "Amount", "Method", "Reference", "Currency"],
    rows.map((row) => [
      ukDate(row.on),
      numberText("invoice", row.number!),
      row.firstName ? `${row.firstName} ${row.lastName}`.trim() : "Unknown customer",
      money(row.amount),
      row.refund ? `${row.method} refund` : row.method,
      row.reference ?? "",
      "GBP",
    ]),
  );
}
