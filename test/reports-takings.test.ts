import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS, type PaymentMethod } from "../schema/api/payment-methods";
import type { TakingsReport } from "../schema/api/reports";
import { londonToday } from "../schema/london-time";
import { admin, adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Takings and sales by month (issue 45): the report against the test's own sums over the rows it
 * wrote in months nobody else writes (2019): payments and deposits in, refunds out, by method and
 * month; invoiced by issue date, drafts and voided invoices left out; a credit note in a later month.
 */

type Money = { net: number; vat: number };
const invoicesIn = [
  { status: "issued", issueDate: "2019-01-10", net: 10_000, vat: 2_000 },
  { status: "issued", issueDate: "2019-01-31", net: 25_000, vat: 5_000 },
  { status: "issued", issueDate: "2019-03-02", net: 100_000, vat: 5_000 },
  { status: "void", issueDate: "2019-01-15", net: 9_999, vat: 0 },
  { status: "draft", issueDate: null, net: 7_000, vat: 0 },
] as const;
const payments: { on: string; method: PaymentMethod; pence: number }[] = [
  { on: "2019-01-12", method: "card", pence: 12_000 },
  { on: "2019-02-01", method: "bank", pence: 20_000 },
  { on: "2019-02-14", method: "cash", pence: 10_000 },
  { on: "2019-03-31", method: "cheque", pence: 50_000 },
];
const refunds: { on: string; method: PaymentMethod; pence: number }[] = [{ on: "2019-03-05", method: "bank", pence: 4_000 }];
const deposits: { on: string; method: PaymentMethod; pence: number; refunded?: { at: string; pence: number } }[] = [
  { on: "2019-01-20", method: "card", pence: 25_000 },
  { on: "2019-02-20", method: "bank", pence: 30_000, refunded: { at: "2019-03-10T09:00:00.000Z", pence: 30_000 } },
];
const credit: Money & { issueDate: string } = { issueDate: "2019-02-05", net: 5_000, vat: 1_000 };

async function write() {
  const c = await createCustomer();
  const ids: number[] = [];
  for (const [n, inv] of invoicesIn.entries()) {
    const [row] = await query<{ id: number }>(
      `INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, net_pence, vat_pence, gross_pence)
       VALUES (?1, ?2, ?3, '[]', '2019-01-01', ?4, ?5, ?6, ?5 + ?6) RETURNING id`,
      c.id,
      inv.status === "draft" ? null : 770_000 + n,
      inv.status,
      inv.issueDate,
      inv.net,
      inv.vat,
    );
    ids.push(row!.id);
  }
  for (const p of payments)
    await query(
      "INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on) VALUES (?1, ?2, ?3, ?4)",
      ids[2],
      p.pence,
      p.method,
      p.on,
    );
  for (const r of refunds)
    await query(
      "INSERT INTO invoice_refunds (invoice_id, amount_pence, method, refunded_on) VALUES (?1, ?2, ?3, ?4)",
      ids[2],
      r.pence,
      r.method,
      r.on,
    );
  await query(
    `INSERT INTO credit_notes (invoice_id, number, lines, reason, issue_date, net_pence, vat_pence, gross_pence)
     VALUES (?1, 770001, '[]', 'Overcharged', ?2, ?3, ?4, ?3 + ?4)`,
    ids[0],
    credit.issueDate,
    credit.net,
    credit.vat,
  );
  const [quote] = await query<{ id: number }>(
    "INSERT INTO estimates (customer_id, status, title, valid_until) VALUES (?1, 'accepted', 'A boiler', '2019-06-01') RETURNING id",
    c.id,
  );
  for (const d of deposits)
    await query(
      `INSERT INTO estimate_payments (estimate_id, amount_pence, method, paid_on, refund_due_pence, refunded_pence, refunded_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)`,
      quote!.id,
      d.pence,
      d.method,
      d.on,
      d.refunded?.pence ?? 0,
      d.refunded?.at ?? null,
    );
}

const inMonth = (month: string, date: string | null) => date?.startsWith(month) ?? false;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("takings and sales by month", () => {
  it("adds up money in less money back by method, and invoiced less credited, each month", async () => {
    await write();
    const { status, body } = await admin<TakingsReport>("GET", "/api/admin/reports/takings?from=2019-01&to=2019-03");
    expect(status).toBe(200);
    expect(body.months.map((m) => m.month)).toEqual(["2019-01", "2019-02", "2019-03"]);
    for (const m of body.months) {
      for (const method of PAYMENT_METHODS) {
        const inn = sum(
          [...payments, ...deposits].filter((p) => p.method === method && inMonth(m.month, p.on)).map((p) => p.pence),
        );
        const out =
          sum(refunds.filter((r) => r.method === method && inMonth(m.month, r.on)).map((r) => r.pence)) +
          sum(
            deposits.filter((d) => d.method === method && inMonth(m.month, d.refunded?.at ?? null)).map((d) => d.refunded!.pence),
          );
        expect(m.takings[method], `${m.month} ${method}`).toBe(inn - out);
      }
      expect(m.takings.total).toBe(sum(PAYMENT_METHODS.map((method) => m.takings[method])));
      const issued = invoicesIn.filter((i) => i.status === "issued" && inMonth(m.month, i.issueDate));
      expect(m.invoiced, m.month).toEqual({
        netPence: sum(issued.map((i) => i.net)),
        vatPence: sum(issued.map((i) => i.vat)),
        grossPence: sum(issued.map((i) => i.net + i.vat)),
      });
      const credited = inMonth(m.month, credit.issueDate);
      expect(m.credited).toEqual({
        netPence: credited ? credit.net : 0,
        vatPence: credited ? credit.vat : 0,
        grossPence: credited ? credit.net + credit.vat : 0,
      });
    }
    // In words: March took the £500 cheque, less £40 and the £300 deposit given back by bank.
    expect(body.months[2]!.takings).toEqual({ card: 0, bank: -34_000, cash: 0, cheque: 50_000, total: 16_000 });
    expect(body.totals.takings.total).toBe(sum(body.months.map((m) => m.takings.total)));
    expect(body.totals.invoiced.grossPence).toBe(147_000);

    const csv = await callApp("/api/admin/reports/takings.csv?from=2019-01&to=2019-03", { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Month,Taken by card (£),Taken by bank (£),Taken by cash (£),Taken by cheque (£),Taken (£),Invoiced net (£),Invoiced VAT (£),Invoiced gross (£),Credited net (£),Credited VAT (£),Credited gross (£)",
    );
    expect(lines[3]).toBe("2019-03,0.00,-340.00,0.00,500.00,160.00,1000.00,50.00,1050.00,0.00,0.00,0.00");
  });

  it("covers the last twelve months unless told, and says what is wrong with a range", async () => {
    const { body } = await admin<TakingsReport>("GET", "/api/admin/reports/takings");
    expect(body.months).toHaveLength(12);
    expect(body.to).toBe(londonToday().slice(0, 7));
    for (const [params, error] of [
      ["from=2019-05&to=2019-01", "The first month is after the last"],
      ["from=2019-13", "The first month must be a month, like 2026-04"],
      ["from=2010-01&to=2019-12", "A report covers at most 60 months"],
    ] as const) {
      const bad = await admin("GET", `/api/admin/reports/takings?${params}`);
      expect(bad.status, params).toBe(400);
      expect(bad.body.error).toBe(error);
    }
  });
});
