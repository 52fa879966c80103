import { sql } from "drizzle-orm";
import { type PaymentMethod, paymentMethodLabels } from "../../../schema/api/payment-methods";
import { creditNotes, customers, invoicePayments, invoiceRefunds, invoices } from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { csvCell, csvStream, poundsText } from "../../lib/csv";
import { balanceOf } from "./invoices";

/**
 * For the accountant: invoices and credit notes issued in a date range, one row per line in the
 * columns of Xero's sales invoice import (a credit note's lines with negative quantities, as Xero
 * and QuickBooks import them), each row also carrying its document's net, VAT by rate, gross, paid
 * and outstanding; and the payments received and refunded in a range, as Xero's bank statement import
 * reads them. Dates as the UK writes them (dd/mm/yyyy), amounts in pounds to the penny. A line's
 * cells (its description, quantity, unit amount, sales account 200, tax type and VAT) are written
 * by the database when its lines are (migration 0049), as this file wrote them before.
 */
const ukDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

/**
 * The invoices as the payments' rows read them (their number and customer), from the index that
 * holds just those: SQLite, without statistics, goes to the table by the id otherwise, and a tax
 * year's payments then read 13,000 invoices whole.
 */
const invoicesWho = sql`${invoices} AS i INDEXED BY invoices_who`;

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

/** A tax year's invoice as invoicesCsv reads it, in the order of its json_array. */
type InvoiceRow = [
  number: number | null,
  status: string,
  issueDate: string,
  dueDate: string | null,
  gross: number,
  deposit: number,
  credited: number,
  paid: number,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
  address: string | null,
  postcode: string | null,
  cells: DocumentCells | null,
];

/** A tax year's credit note as invoicesCsv reads it. */
type NoteRow = [
  number: number,
  issueDate: string,
  invoiceNumber: number | null,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
  cells: DocumentCells | null,
];

/**
 * A document's cells that never change once it is issued, kept on it by the database (migration
 * 0049): its net, VAT at 20, 5 and 0 % and gross, then each line's cells from its description to
 * "GBP", a credit note's signed.
 */
type DocumentCells = [totals: string, ...lines: string[]];

/**
 * The file as it is sent, a piece at a time (csvStream). The one statement is read first, so what
 * D1 refuses is an error answer, never a file cut short.
 */
export async function invoicesCsv(db: Db, from: string, to: string): Promise<ReadableStream<Uint8Array>> {
  // One statement answering a day's documents as one JSON value: D1 pays for each row, each value
  // and each character it hands over (13,000 invoices' 16 columns, their lines as JSON, were half
  // the export), and SQLite writes the JSON in C; a day's documents stay far under D1's 2 MB a
  // value. Each document's cells (already JSON) go in as they are, after its other columns. The
  // invoices read a range of invoices_export (every column here, in the order of issue_date, so the
  // grouping needs no sort), the credit notes their invoice's customer, whichever year it is of.
  const chunks = await db.all<{ part: number; rows: string }>(sql`
    SELECT 0 AS part, '[' || group_concat(rtrim(json_array(i.number, i.status, i.issue_date, i.due_date, i.gross_pence,
      i.deposit_pence, i.credited_pence, i.paid_pence, c.first_name, c.last_name, c.email, c.address, c.postcode), ']')
      || ',' || coalesce(i.export_cells, 'null') || ']') || ']' AS rows
    FROM ${invoices} AS i INDEXED BY invoices_export LEFT JOIN ${customers} AS c ON c.id = i.customer_id
    WHERE i.status <> 'draft' AND i.issue_date BETWEEN ${from} AND ${to}
    GROUP BY i.issue_date
    UNION ALL
    SELECT 1, '[' || group_concat(rtrim(json_array(n.number, n.issue_date, i.number, c.first_name, c.last_name, c.email), ']')
      || ',' || coalesce(n.export_cells, 'null') || ']') || ']'
    FROM ${creditNotes} AS n JOIN ${invoices} AS i ON i.id = n.invoice_id LEFT JOIN ${customers} AS c ON c.id = i.customer_id
    WHERE n.issue_date BETWEEN ${from} AND ${to}
    GROUP BY n.issue_date`);
  const rows: InvoiceRow[] = [];
  const notes: NoteRow[] = [];
  for (const chunk of chunks) (chunk.part === 0 ? rows : notes).push(...JSON.parse(chunk.rows));
  if (rows.some((r) => !r[13]) || notes.some((n) => !n[6]))
    throw new Error("A document has no export cells: migration 0049's triggers keep them");
  // By number, a missing one first.
  rows.sort((a, b) => (a[0] ?? Number.NEGATIVE_INFINITY) - (b[0] ?? Number.NEGATIVE_INFINITY));
  notes.sort((a, b) => a[0] - b[0]);
  return csvStream(HEADERS, invoiceLines(rows, notes));
}

/**
 * Each line's row: the document's cells before and after its lines' are written once and shared by
 * each of its rows. A number, "VOID" and a date never need escaping; the customer's cells do (a
 * missing one, null, is an empty cell).
 */
function* invoiceLines(rows: InvoiceRow[], notes: NoteRow[]): Generator<string> {
  for (const [
    n,
    status,
    issueDate,
    dueDate,
    gross,
    deposit,
    credited,
    paid,
    firstName,
    lastName,
    email,
    address,
    postcode,
    cells,
  ] of rows) {
    const void_ = status === "void";
    const before = `${csvCell(nameOf(firstName, lastName))},${csvCell(email)},${csvCell(address)},${csvCell(postcode)},${numberText("invoice", n!)},${void_ ? "VOID" : ""},${ukDate(issueDate)},${ukDate(dueDate)}`;
    const outstanding = void_
      ? 0
      : Math.max(0, balanceOf({ grossPence: gross, depositPence: deposit, creditedPence: credited, paidPence: paid }));
    const after = `${void_ ? "Invoice (void)" : "Invoice"},${cells![0]},${poundsText(paid + deposit)},${poundsText(outstanding)}`;
    for (let l = 1; l < cells!.length; l++) yield `${before},${cells![l]},${after}`;
  }
  for (const [number, issueDate, invoiceNumber, firstName, lastName, email, cells] of notes) {
    const on = ukDate(issueDate);
    const before = `${csvCell(nameOf(firstName, lastName))},${csvCell(email)},,,${numberText("creditNote", number)},Against ${numberText("invoice", invoiceNumber!)},${on},${on}`;
    const after = `Credit note,${cells![0]},0.00,0.00`;
    for (let l = 1; l < cells!.length; l++) yield `${before},${cells![l]},${after}`;
  }
}

/** The customer's name as the rows write it, or who it was not recorded for. */
const nameOf = (firstName: string | null, lastName: string | null) =>
  firstName ? `${firstName} ${lastName}`.trim() : "Unknown customer";

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
  // One statement answering a day's payments, and a day's refunds, as one JSON value (as the
  // invoices' export does: D1 pays for each row and each value it hands over), each from its own
  // index (invoice_payments_export, invoice_refunds_refunded_on, in the order of the day, so the
  // grouping needs no sort) and its invoice's number and customer from invoices_who, never the
  // invoices' whole rows. Refunds are money going back: the same columns, the amount negative.
  const chunks = await db.all<{ refund: number; rows: string }>(sql`
    SELECT 0 AS refund, '[' || group_concat(json_array(p.id, p.paid_on, p.amount_pence, p.method, p.reference, i.number,
      c.first_name, c.last_name)) || ']' AS rows
    FROM ${invoicePayments} AS p JOIN ${invoicesWho} ON i.id = p.invoice_id LEFT JOIN ${customers} AS c ON c.id = i.customer_id
    WHERE p.paid_on BETWEEN ${from} AND ${to}
    GROUP BY p.paid_on
    UNION ALL
    SELECT 1, '[' || group_concat(json_array(r.id, r.refunded_on, -r.amount_pence, r.method, r.reference, i.number,
      c.first_name, c.last_name)) || ']'
    FROM ${invoiceRefunds} AS r JOIN ${invoicesWho} ON i.id = r.invoice_id LEFT JOIN ${customers} AS c ON c.id = i.customer_id
    WHERE r.refunded_on BETWEEN ${from} AND ${to}
    GROUP BY r.refunded_on`);
  const payments: MoneyRow[] = [];
  const refunds: MoneyRow[] = [];
  for (const chunk of chunks) (chunk.refund ? refunds : payments).push(...JSON.parse(chunk.rows));
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
