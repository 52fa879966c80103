import { and, asc, between, eq, ne, sql } from "drizzle-orm";
import type { InvoiceLine } from "../../../schema/api/invoices";
import { type PaymentMethod, paymentMethodLabels } from "../../../schema/api/payment-methods";
import { creditNotes, customers, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import { lineAmounts, type VatRate } from "../../../schema/money";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { csvCell, csvCells, csvStream, poundsText } from "../../lib/csv";
import { balanceOf } from "./invoices";

/**
 * For the accountant: invoices and credit notes issued in a date range, one row per line in the
 * columns of Xero's sales invoice import (a credit note's lines with negative quantities, as Xero
 * and QuickBooks import them), each row also carrying its document's net, VAT by rate, gross, paid
 * and outstanding; and the payments received and refunded in a range, as Xero's bank statement import
 * reads them. Dates as the UK writes them (dd/mm/yyyy), amounts in pounds to the penny.
 */
const ukDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

/**
 * The invoices as the payments' rows read them (their number and customer), from the index that
 * holds just those: SQLite, without statistics, goes to the table by the id otherwise, and a tax
 * year's payments then read 13,000 invoices whole.
 */
const invoicesWho = sql`${invoices} INDEXED BY invoices_who`;

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

/** The document's net, VAT by rate and gross, signed, as the last cells of each of its rows. */
function documentCells(lines: ReturnType<typeof withAmounts>, sign: 1 | -1): string {
  const byRate = { 20: 0, 5: 0, 0: 0 } as Record<VatRate, number>;
  let net = 0;
  for (const l of lines) {
    net += l.netPence;
    byRate[l.rate] += l.vatPence;
  }
  const vat = byRate[20] + byRate[5] + byRate[0];
  return [sign * net, sign * byRate[20], sign * byRate[5], sign * byRate[0], sign * (net + vat)].map(poundsText).join(",");
}

/** A line's cells from its description to its document's type, its quantity and VAT signed. */
function lineCells(l: ReturnType<typeof withAmounts>[number], registered: boolean, sign: 1 | -1, type: string): string {
  const { description, quantity, unitPence, vatRate } = l.line;
  return `${csvCell(description)},${csvCell(sign * quantity)},${poundsText(unitPence)},${SALES_ACCOUNT},${csvCell(taxType(vatRate as VatRate, registered))},${poundsText(sign * l.vatPence)},GBP,${type}`;
}

/** A tax year's invoice as invoicesCsv reads it, in the order of its select. */
type InvoiceRow = [
  id: number,
  number: number | null,
  status: string,
  lines: string,
  issueDate: string,
  dueDate: string | null,
  vatRegistered: number,
  gross: number,
  deposit: number,
  credited: number,
  paid: number,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
  address: string | null,
  postcode: string | null,
];

/**
 * The file as it is sent, a piece at a time (csvStream). Both statements are read first, so what D1
 * refuses is an error answer, never a file cut short.
 */
export async function invoicesCsv(db: Db, from: string, to: string): Promise<ReadableStream<Uint8Array>> {
  // Two statements, not a batch: a batch's rows are keyed by column name, and a credit note's
  // whole row shares "id" and "number" with its invoice's.
  // Only the columns the rows use, all of them in one index (invoices_export: a range of it, not
  // 13,000 whole rows with their issued snapshots), read as arrays: mapping each of a tax year's
  // 13,000 invoices to an object cost a fifth of the export. Ordered here, not by a sort in SQLite.
  const rows = (await db
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
    .values()) as InvoiceRow[];
  // As SQLite orders them: by number, a missing one first.
  rows.sort((a, b) => (a[1] ?? Number.NEGATIVE_INFINITY) - (b[1] ?? Number.NEGATIVE_INFINITY));
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
  for (const r of rows) contacts.set(r[0], { firstName: r[11], lastName: r[12], email: r[13] });
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
  return csvStream(HEADERS, invoiceLines(rows, notes, contactOf));
}

/** Each line's row: a document's own cells are written once and shared by each of its lines' rows. */
function* invoiceLines(
  rows: InvoiceRow[],
  notes: {
    note: { number: number; lines: string; issueDate: string };
    invoiceNumber: number | null;
    invoiceId: number;
    vatRegistered: boolean;
  }[],
  contactOf: (id: number) => { name: string; email: string },
): Generator<string> {
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
    ] = row;
    const registered = Boolean(vatRegistered);
    const lines = withAmounts(json, registered);
    const void_ = status === "void";
    const before = csvCells([
      firstName ? `${firstName} ${lastName}`.trim() : "Unknown customer",
      email ?? "",
      address ?? "",
      postcode ?? "",
      numberText("invoice", n!),
      void_ ? "VOID" : "",
      ukDate(issueDate),
      ukDate(dueDate),
    ]);
    const outstanding = void_
      ? 0
      : Math.max(0, balanceOf({ grossPence: gross, depositPence: deposit, creditedPence: credited, paidPence: paid }));
    const after = `${documentCells(lines, 1)},${poundsText(paid + deposit)},${poundsText(outstanding)}`;
    const type = void_ ? "Invoice (void)" : "Invoice";
    for (const l of lines) yield `${before},${lineCells(l, registered, 1, type)},${after}`;
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
    const after = `${documentCells(lines, -1)},0.00,0.00`;
    for (const l of lines) yield `${before},${lineCells(l, registered, -1, "Credit note")},${after}`;
  }
}

/** A payment's or a refund's columns, in the order paymentsCsv reads them. */
type MoneyRow = [
  id: number,
  on: string,
  amount: number,
  method: PaymentMethod,
  reference: string | null,
  number: number | null,
  firstName: string | null,
  lastName: string | null,
];

export async function paymentsCsv(db: Db, from: string, to: string): Promise<ReadableStream<Uint8Array>> {
  // The invoice's number as SQL: drizzle checks a column against the tables it joined by name.
  const who = { number: sql<number | null>`${invoices.number}`, firstName: customers.firstName, lastName: customers.lastName };
  // Read as arrays, each from its own index (invoice_payments_export, invoice_refunds_refunded_on)
  // and its invoice's number and customer from invoices_who, never the invoices' whole rows.
  // Refunds are money going back: the same columns, the amount negative, on the day it went back.
  const [payments, refunds] = (await Promise.all([
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
      .innerJoin(invoicesWho, eq(invoices.id, invoicePayments.invoiceId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(between(invoicePayments.paidOn, from, to))
      .values(),
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
      .innerJoin(invoicesWho, eq(invoices.id, invoiceRefunds.invoiceId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(between(invoiceRefunds.refundedOn, from, to))
      .values(),
  ])) as [MoneyRow[], MoneyRow[]];
  // By day (yyyy-mm-dd, so as text), a day's payments before its refunds, then as they were recorded.
  const rows = [...payments.map((p) => [p, false] as const), ...refunds.map((r) => [r, true] as const)].sort(
    ([a, aRefund], [b, bRefund]) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : Number(aRefund) - Number(bRefund) || a[0] - b[0]),
  );
  // Xero's precoded bank statement import: its *Date and signed *Amount, the payer, what it was, and
  // the invoice's number as the reference its bank reconciliation matches on.
  return csvStream(
    ["*Date", "*Amount", "Payee", "Description", "Reference"],
    (function* () {
      for (const [[, on, amount, method, reference, n, firstName, lastName], refund] of rows) {
        const number = numberText("invoice", n!);
        const how = paymentMethodLabels[method].toLowerCase();
        const own = reference ? ` (${reference})` : "";
        const payee = firstName ? `${firstName} ${lastName}`.trim() : "Unknown customer";
        const what = refund ? `Refund on ${number} by ${how}${own}` : `Payment for ${number} by ${how}${own}`;
        yield `${csvCell(ukDate(on))},${poundsText(amount)},${csvCell(payee)},${csvCell(what)},${csvCell(number)}`;
      }
    })(),
  );
}
