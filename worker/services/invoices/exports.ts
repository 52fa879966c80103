import { and, asc, between, eq, ne, sql } from "drizzle-orm";
import type { InvoiceLine } from "../../../schema/api/invoices";
import { paymentMethodLabels } from "../../../schema/api/payment-methods";
import { creditNotes, customers, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import { lineAmounts, type VatRate } from "../../../schema/money";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { type CsvValue, csvCells, csvPounds, writeCsv, writeCsvLines } from "../../lib/csv";
import { balanceOf } from "./invoices";

/**
 * For the accountant: invoices and credit notes issued in a date range, one row per line in the
 * columns of Xero's sales invoice import (a credit note's lines with negative quantities, as Xero
 * and QuickBooks import them), each row also carrying its document's net, VAT by rate, gross, paid
 * and outstanding; and the payments received and refunded in a range, as Xero's bank statement import
 * reads them. Dates as the UK writes them (dd/mm/yyyy), amounts in pounds to the penny.
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

/** A document's lines with their amounts, worked out once for its rows and its totals. */
function withAmounts(json: string, registered: boolean) {
  return (JSON.parse(json) as InvoiceLine[]).map((line) => {
    const rate = (registered ? line.vatRate : 0) as VatRate;
    return { line, rate, ...lineAmounts(line.quantity, line.unitPence, rate) };
  });
}

/** The document's net, VAT by rate and gross, signed, as the last columns of each of its rows. */
function documentColumns(lines: ReturnType<typeof withAmounts>, sign: 1 | -1): CsvValue[] {
  const byRate = { 20: 0, 5: 0, 0: 0 } as Record<VatRate, number>;
  let net = 0;
  for (const l of lines) {
    net += l.netPence;
    byRate[l.rate] += l.vatPence;
  }
  const vat = byRate[20] + byRate[5] + byRate[0];
  return [sign * net, sign * byRate[20], sign * byRate[5], sign * byRate[0], sign * (net + vat)].map(money);
}

export async function invoicesCsv(db: Db, from: string, to: string): Promise<string> {
  // Two statements, not a batch: a batch's rows are keyed by column name, and a credit note's
  // whole row shares "id" and "number" with its invoice's.
  // Only the columns the rows use (the issued snapshot and the file's key stay in D1), read as
  // arrays: a tax year is 13,000 invoices, and mapping each to an object cost a fifth of the export.
  const rows = await db
    .select({
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
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      address: customers.address,
      postcode: customers.postcode,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(ne(invoices.status, "draft"), between(invoices.issueDate, from, to)))
    .orderBy(asc(invoices.number))
    .values();
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
  type Contact = { firstName: string | null; lastName: string | null; email: string | null };
  const contacts = new Map<number, Contact>();
  for (const r of rows)
    contacts.set(r[0] as number, {
      firstName: r[11] as string | null,
      lastName: r[12] as string | null,
      email: r[13] as string | null,
    });
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
  // A document's own cells are escaped once and shared by each of its lines' rows.
  const out: string[] = [];
  for (const row of rows) {
    const [
      ,
      n,
      status,
      json,
      issueDate,
      dueDate,
      vatRegistered,
      gross,
      deposit,
      credited,
      paid,
      firstName,
      lastName,
      email,
      address,
      postcode,
    ] = row as [
      number,
      number,
      string,
      string,
      string,
      string | null,
      number,
      number,
      number,
      number,
      number,
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
    ];
    const registered = Boolean(vatRegistered);
    const lines = withAmounts(json, registered);
    const void_ = status === "void";
    const head = [
      firstName ? `${firstName} ${lastName}`.trim() : "Unknown customer",
      email ?? "",
      address ?? "",
      postcode ?? "",
      numberText("invoice", n),
      void_ ? "VOID" : "",
      ukDate(issueDate),
      ukDate(dueDate),
    ];
    const outstanding = void_
      ? 0
      : Math.max(0, balanceOf({ grossPence: gross, depositPence: deposit, creditedPence: credited, paidPence: paid }));
    const before = csvCells(head);
    const after = csvCells([...documentColumns(lines, 1), money(paid + deposit), money(outstanding)]);
    for (const l of lines) {
      const own = csvCells([
        l.line.description,
        l.line.quantity,
        money(l.line.unitPence),
        SALES_ACCOUNT,
        taxType(l.line.vatRate as VatRate, registered),
        money(l.vatPence),
        "GBP",
        void_ ? "Invoice (void)" : "Invoice",
      ]);
      out.push(`${before},${own},${after}`);
    }
  }
  for (const { note, invoiceNumber, invoiceId, vatRegistered: registered } of notes) {
    const lines = withAmounts(note.lines, registered);
    const contact = contactOf(invoiceId);
    const before = csvCells([
      contact.name,
      contact.email,
      "",
      "",
      numberText("creditNote", note.number),
      `Against ${numberText("invoice", invoiceNumber!)}`,
      ukDate(note.issueDate),
      ukDate(note.issueDate),
    ]);
    const after = csvCells([...documentColumns(lines, -1), money(0), money(0)]);
    for (const l of lines) {
      const own = csvCells([
        l.line.description,
        -l.line.quantity,
        money(l.line.unitPence),
        SALES_ACCOUNT,
        taxType(l.line.vatRate as VatRate, registered),
        money(-l.vatPence),
        "GBP",
        "Credit note",
      ]);
      out.push(`${before},${own},${after}`);
    }
  }
  return writeCsvLines(HEADERS, out);
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
  // Xero's precoded bank statement import: its *Date and signed *Amount, the payer, what it was, and
  // the invoice's number as the reference its bank reconciliation matches on.
  return writeCsv(
    ["*Date", "*Amount", "Payee", "Description", "Reference"],
    rows.map((row) => {
      const number = numberText("invoice", row.number!);
      const how = paymentMethodLabels[row.method].toLowerCase();
      const own = row.reference ? ` (${row.reference})` : "";
      return [
        ukDate(row.on),
        money(row.amount),
        row.firstName ? `${row.firstName} ${row.lastName}`.trim() : "Unknown customer",
        row.refund ? `Refund on ${number} by ${how}${own}` : `Payment for ${number} by ${how}${own}`,
        number,
      ];
    }),
  );
}
