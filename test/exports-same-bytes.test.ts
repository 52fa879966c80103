import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceLine } from "../schema/api/invoices";
import { paymentMethodLabels } from "../schema/api/payment-methods";
import { lineAmounts, type VatRate } from "../schema/money";
import { numberText } from "../schema/numbers";
import { writeCsv } from "../worker/lib/csv";
import { adminHeaders } from "./helpers/admin";
import { invoicesReference, pounds, uk } from "./helpers/export-reference";
import { callApp, query } from "./helpers/factories-commerce";

// The accountant's two exports are read from their own indexes and sent as they are written
// (issue 45), the invoices' lines from the cells the database keeps (migration 0049). Each must give
// the bytes of the plain way of writing it (the invoices' in ./helpers/export-reference.ts): every
// invoice read whole, ordered by SQLite, each row written with Papaparse's rules and toFixed's
// pounds. The documents below are what breaks a writer: formulas (after a ', a tab, a line break),
// quotes, commas, line breaks, a byte-order mark and accents in names and lines, no customer, a
// void, a deposit, part quantities (1.15, 0.07, 2.5, 10,000), a line at no price, an owner not
// registered for VAT, numbers out of date order, a credit note on an invoice of the year before and
// one of part of a line, and a refund beside a payment on the same day.
const FROM = "2011-04-06";
const TO = "2012-04-05";

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
    [null, 9004, "issued", "2011-07-04", 0, [line("Labour", 3, 4_500, 20), line("Flue, 5% rate", 1.15, 1_999, 5, "l2")], 0],
    [
      ids[2]!,
      9006,
      "issued",
      "2011-07-05",
      1,
      [
        line("'=already quoted", 0.07, 12_345, 20),
        line("\tTabbed", 10_000, 1, 5, "l2"),
        line("Two\nlines", 2.5, 0, 0, "l3"),
        line('Say "hi"', 0.1, 99_999_999, 20, "l4"),
        line("\uFEFFmark", 1.1, 5, 20, "l5"),
        line("'quoted", 33.33, 3_333, 20, "l6"),
      ],
      0,
    ],
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
            (?3, 7002, ?4, 'Over-charged', '2011-09-01', 999, 50, 1049),
            (?5, 7003, ?6, 'Half the flue', '2011-09-02', 1000, 0, 1000)`,
    await id(8999),
    JSON.stringify([line("Last year's valve", 1, 20_000, 20)]),
    await id(9001),
    JSON.stringify([line("-discount", 1, 999, 5, "l2")]),
    await id(9004),
    JSON.stringify([line("Flue, 5% rate", 0.5, 1_999, 5, "l2"), line("Labour", 0.25, 4_500, 20)]),
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
    const expected = await invoicesReference(env.DB, FROM, TO);
    expect(expected.split("\r\n")).toHaveLength(1 + 2 + 2 + 1 + 2 + 6 + 1 + 1 + 2);
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
