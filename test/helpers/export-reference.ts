import type { InvoiceLine } from "../../schema/api/invoices";
import { penceToDecimal } from "../../schema/format";
import { lineAmounts, type VatRate } from "../../schema/money";
import { numberText } from "../../schema/numbers";
import { CsvAmount, type CsvValue, writeCsv } from "../../worker/lib/csv";

// The accountant's invoices export written the plain way, kept as the reference the export is held
// to byte for byte (test/exports-same-bytes.test.ts, and each way a document is written in
// test/export-cells.test.ts): every invoice read whole, ordered by SQLite, each line's cells worked
// out afresh from its lines with Papaparse's rules (writeCsv, held to them in csv-safety.test.ts) and
// toFixed's pounds, where the export reads the cells the database keeps (migration 0049).
export const pounds = (pence: number): CsvValue => new CsvAmount(penceToDecimal(pence));
export const uk = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");
const taxType = (rate: number, registered: boolean) =>
  !registered ? "No VAT" : rate === 20 ? "20% (VAT on Income)" : rate === 5 ? "5% (VAT on Income)" : "Zero Rated Income";

/** The invoices' export of `from` to `to` in `db`, as it was written before it was streamed. */
export async function invoicesReference(db: D1Database, from: string, to: string) {
  type Row = Record<string, string | number | null>;
  const query = async (sql: string, ...binds: unknown[]) =>
    (
      await db
        .prepare(sql)
        .bind(...binds)
        .all<Row>()
    ).results;
  const rows = await query(
    `SELECT i.*, c.first_name, c.last_name, c.email, c.address, c.postcode FROM invoices i
     LEFT JOIN customers c ON c.id = i.customer_id
     WHERE i.status <> 'draft' AND i.issue_date BETWEEN ?1 AND ?2 ORDER BY i.number`,
    from,
    to,
  );
  const notes = await query(
    `SELECT n.number, n.lines, n.issue_date, i.number AS invoice, i.vat_registered, c.first_name, c.last_name, c.email
     FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN customers c ON c.id = i.customer_id
     WHERE n.issue_date BETWEEN ?1 AND ?2 ORDER BY n.number`,
    from,
    to,
  );
  const data: CsvValue[][] = [];
  const write = (r: Row, head: CsvValue[], sign: 1 | -1, type: string, last: CsvValue[]) => {
    const registered = Boolean(r.vat_registered);
    const lines = (JSON.parse(r.lines as string) as InvoiceLine[]).map((l) => ({
      l,
      rate: registered ? l.vatRate : 0,
      ...lineAmounts(l.quantity, l.unitPence, (registered ? l.vatRate : 0) as VatRate),
    }));
    const byRate: Record<number, number> = { 20: 0, 5: 0, 0: 0 };
    for (const x of lines) byRate[x.rate]! += x.vatPence;
    const net = lines.reduce((s, x) => s + x.netPence, 0);
    const vat = byRate[20]! + byRate[5]! + byRate[0]!;
    const doc = [net, byRate[20]!, byRate[5]!, byRate[0]!, net + vat].map((p) => pounds(sign * p));
    for (const x of lines)
      data.push([
        ...head,
        x.l.description,
        sign === 1 ? x.l.quantity : -x.l.quantity,
        pounds(x.l.unitPence),
        "200",
        taxType(x.l.vatRate, registered),
        pounds(sign * x.vatPence),
        "GBP",
        type,
        ...doc,
        ...last,
      ]);
  };
  const name = (r: Row) => (r.first_name ? `${r.first_name} ${r.last_name}`.trim() : "Unknown customer");
  for (const r of rows) {
    const void_ = r.status === "void";
    const [gross, deposit, credited, paid] = [r.gross_pence, r.deposit_pence, r.credited_pence, r.paid_pence] as number[];
    const head = [name(r), r.email ?? "", r.address ?? "", r.postcode ?? "", numberText("invoice", r.number as number)];
    write(
      r,
      [...head, void_ ? "VOID" : "", uk(r.issue_date as string), uk(r.due_date as string)],
      1,
      void_ ? "Invoice (void)" : "Invoice",
      [pounds(paid! + deposit!), pounds(void_ ? 0 : Math.max(0, gross! - deposit! - credited! - paid!))],
    );
  }
  for (const n of notes) {
    const on = uk(n.issue_date as string);
    const head = [name(n), n.email ?? "", "", "", numberText("creditNote", n.number as number)];
    write(n, [...head, `Against ${numberText("invoice", n.invoice as number)}`, on, on], -1, "Credit note", [
      pounds(0),
      pounds(0),
    ]);
  }
  return writeCsv(HEADERS, data);
}

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
];
