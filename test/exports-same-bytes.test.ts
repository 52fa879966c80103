import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceLine } from "../schema/api/invoices";
import { paymentMethodLabels } from "../schema/api/payment-methods";
import { penceToDecimal } from "../schema/format";
import { lineAmounts, type VatRate } from "../schema/money";
import { numberText } from "../schema/numbers";
import { CsvAmount, type CsvValue, writeCsv } from "../worker/lib/csv";
import { adminHeaders } from "./helpers/admin";
import { callApp, query } from "./helpers/factories-commerce";

// The accountant's two exports are read from their own indexes and sent as they are written
// (issue 45). Each must give the bytes of the plain way of writing it, kept here as the reference:
// every invoice read whole, ordered by SQLite, each row written with Papaparse's rules (writeCsv,
// held to them in csv-safety.test.ts) and toFixed's pounds. The documents below are what breaks a
// writer: formulas, quotes, commas and accents in names and lines, no customer, a void, a deposit,
// a part quantity, an owner not registered for VAT, numbers out of date order, a credit note on an
// invoice of the year before, and a refund beside a payment on the same day.
const FROM = "2011-04-06";
const TO = "2012-04-05";
const pounds = (pence: number): CsvValue => new CsvAmount(penceToDecimal(pence));
const uk = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");
const taxType = (rate: number, registered: boolean) =>
  !registered ? "No VAT" : rate === 20 ? "20% (VAT on Income)" : rate === 5 ? "5% (VAT on Income)" : "Zero Rated Income";

const line = (description: string, quantity: number, unitPence: number, vatRate: number, id = "l1") => ({
  id,
  description,
  quantity,
  unitPence,
  vatRate,
  productId: null,
});

beforeAll(async () => {
  const people = [
    ['=HYPERLINK("http://x")', "Smith", "=evil@example.com", '1, "The" Row', " M1 1AA"],
    ["Zoë", "Ødegård-Brontë", "zoe@example.com", "Flat 2\nOld Mill", "M2 2BB"],
    ["Pat", "", "pat@example.com", null, null],
  ] as const;
  const ids: number[] = [];
  for (const [first, last, email, address, postcode] of people) {
    const [row] = await query<{ id: number }>(
      "INSERT INTO customers (first_name, last_name, email, address, postcode) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
      first,
      last,
      email,
      address,
      postcode,
    );
    ids.push(row!.id);
  }
  const invoices: [
    customer: number | null,
    number: number,
    status: string,
    issue: string,
    registered: number,
    lines: object[],
    deposit: number,
  ][] = [
    [
      ids[0]!,
      9001,
      "issued",
      "2011-05-01",
      1,
      [line('+Boiler, "combi"', 1, 123_456, 20), line("-discount", 1.5, 999, 5, "l2")],
      0,
    ],
    [ids[1]!, 9003, "issued", "2011-05-02", 1, [line("Café £5 part", 2, 1, 0), line(" spaced ", 0.25, 333, 20, "l2")], 5_000],
    [ids[2]!, 9002, "void", "2011-06-03", 1, [line("@SUM(1)", 1, 7_500, 20)], 0],
    [null, 9004, "issued", "2011-07-04", 0, [line("Labour", 3, 4_500, 20)], 0],
    [ids[0]!, 8999, "issued", "2011-03-01", 1, [line("Last year's valve", 1, 20_000, 20)], 0],
    [ids[1]!, 9005, "draft", "2011-08-01", 1, [line("Not yet", 1, 100, 20)], 0],
  ];
  for (const [customer, number, status, issue, registered, lines, deposit] of invoices) {
    const net = lines.reduce((sum, l) => {
      const { quantity, unitPence, vatRate } = l as InvoiceLine;
      return sum + lineAmounts(quantity, unitPence, (registered ? vatRate : 0) as VatRate).grossPence;
    }, 0);
    await query(
      `INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, due_date, vat_registered, net_pence, gross_pence, deposit_pence)
       VALUES (?1, ?2, ?3, ?4, ?5, ?5, date(?5, '+30 days'), ?6, ?7, ?7, ?8)`,
      customer,
      status === "draft" ? null : number,
      status,
      JSON.stringify(lines),
      issue,
      registered,
      net,
      deposit,
    );
  }
  const id = async (number: number) => (await query<{ id: number }>("SELECT id FROM invoices WHERE number = ?1", number))[0]!.id;
  await query(
    `INSERT INTO credit_notes (invoice_id, number, lines, reason, issue_date, net_pence, vat_pence, gross_pence)
     VALUES (?1, 7001, ?2, 'Valve not fitted', '2011-04-10', 20000, 4000, 24000),
            (?3, 7002, ?4, 'Over-charged', '2011-09-01', 999, 50, 1049)`,
    await id(8999),
    JSON.stringify([line("Last year's valve", 1, 20_000, 20)]),
    await id(9001),
    JSON.stringify([line("-discount", 1, 999, 5, "l2")]),
  );
  await query(
    `INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on, reference)
     VALUES (?1, 5000, 'bank', '2011-06-01', 'INV, "9001"'), (?1, 1234, 'card', '2011-05-20', NULL),
            (?2, 100, 'cash', '2011-05-20', '=1+1'), (?3, 2500, 'cheque', '2011-03-05', NULL)`,
    await id(9001),
    await id(9003),
    await id(8999),
  );
  await query(
    `INSERT INTO invoice_refunds (invoice_id, amount_pence, method, refunded_on, reference)
     VALUES (?1, 1234, 'card', '2011-05-20', 'Over-paid')`,
    await id(9001),
  );
  // The sums the payments and credit notes keep, as their batches write them.
  await query(
    `UPDATE invoices SET
       paid_pence = (SELECT COALESCE(SUM(amount_pence), 0) FROM invoice_payments p WHERE p.invoice_id = invoices.id)
                  - (SELECT COALESCE(SUM(amount_pence), 0) FROM invoice_refunds r WHERE r.invoice_id = invoices.id),
       credited_pence = (SELECT COALESCE(SUM(gross_pence), 0) FROM credit_notes n WHERE n.invoice_id = invoices.id)`,
  );
});

async function download(file: string) {
  const res = await callApp(`/api/admin/export/${file}?from=${FROM}&to=${TO}`, { headers: await adminHeaders() });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The invoices' export as it was written before it was streamed: the reference. */
async function invoicesReference() {
  type Row = Record<string, string | number | null>;
  const rows = await query<Row>(
    `SELECT i.*, c.first_name, c.last_name, c.email, c.address, c.postcode FROM invoices i
     LEFT JOIN customers c ON c.id = i.customer_id
     WHERE i.status <> 'draft' AND i.issue_date BETWEEN ?1 AND ?2 ORDER BY i.number`,
    FROM,
    TO,
  );
  const notes = await query<Row>(
    `SELECT n.number, n.lines, n.issue_date, i.number AS invoice, i.vat_registered, c.first_name, c.last_name, c.email
     FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN customers c ON c.id = i.customer_id
     WHERE n.issue_date BETWEEN ?1 AND ?2 ORDER BY n.number`,
    FROM,
    TO,
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

/** The payments' export as it was written before: both kinds read whole, sorted by localeCompare. */
async function paymentsReference() {
  type Row = { id: number; on: string; amount: number; method: keyof typeof paymentMethodLabels; reference: string | null };
  const of = (table: string, on: string, sign: string) =>
    query<Row & { number: number; first_name: string | null; last_name: string | null }>(
      `SELECT m.id, m.${on} AS "on", ${sign}m.amount_pence AS amount, m.method, m.reference, i.number, c.first_name, c.last_name
       FROM ${table} m JOIN invoices i ON i.id = m.invoice_id LEFT JOIN customers c ON c.id = i.customer_id
       WHERE m.${on} BETWEEN ?1 AND ?2`,
      FROM,
      TO,
    );
  const rows = [
    ...(await of("invoice_payments", "paid_on", "")).map((p) => ({ ...p, refund: false })),
    ...(await of("invoice_refunds", "refunded_on", "-")).map((r) => ({ ...r, refund: true })),
  ].sort((a, b) => a.on.localeCompare(b.on) || Number(a.refund) - Number(b.refund) || a.id - b.id);
  return writeCsv(
    ["*Date", "*Amount", "Payee", "Description", "Reference"],
    rows.map((r) => {
      const number = numberText("invoice", r.number);
      const how = paymentMethodLabels[r.method].toLowerCase();
      const own = r.reference ? ` (${r.reference})` : "";
      return [
        uk(r.on),
        pounds(r.amount),
        r.first_name ? `${r.first_name} ${r.last_name}`.trim() : "Unknown customer",
        r.refund ? `Refund on ${number} by ${how}${own}` : `Payment for ${number} by ${how}${own}`,
        number,
      ];
    }),
  );
}

describe("the accountant's exports for a range", () => {
  it("write the invoices and credit notes byte for byte as the plain way did, in number order", async () => {
    const expected = await invoicesReference();
    expect(expected.split("\r\n")).toHaveLength(1 + 2 + 2 + 1 + 1 + 2);
    expect(new TextDecoder().decode(await download("invoices.csv"))).toBe(expected.slice(1));
    expect(await download("invoices.csv")).toEqual(new TextEncoder().encode(expected));
  });

  it("write the payments and refunds byte for byte as the plain way did", async () => {
    const expected = await paymentsReference();
    expect(expected.split("\r\n")).toHaveLength(1 + 4);
    expect(await download("payments.csv")).toEqual(new TextEncoder().encode(expected));
  });

  it("write the header alone, with its line break, for a range with nothing in it", async () => {
    const res = await callApp("/api/admin/export/payments.csv?from=2001-01-01&to=2001-12-31", { headers: await adminHeaders() });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(
      new TextEncoder().encode(`\uFEFF*Date,*Amount,Payee,Description,Reference\r\n`),
    );
  });
});
