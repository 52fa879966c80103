import { describe, expect, it } from "vitest";
import { type OwedReport, owedAges } from "../schema/api/reports";
import { addDays, londonToday } from "../schema/london-time";
import { admin, adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Money owed, aged (issue 45): the report's figures against the test's own sums over the invoices it
 * wrote, not the same query: only issued invoices with a balance count (drafts, voids and paid ones do
 * not), part payments, deposits and credit notes come off, each in the age since it was issued.
 */

const today = londonToday();
let number = 880_000;

type Fixture = {
  status: "issued" | "draft" | "void";
  daysAgo: number;
  gross: number;
  paid?: number;
  credited?: number;
  deposit?: number;
};

async function invoice(customerId: number, f: Fixture) {
  number += 1;
  const issueDate = addDays(today, -f.daysAgo);
  await query(
    `INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, due_date, gross_pence, net_pence,
       paid_pence, credited_pence, deposit_pence, paid_at)
     VALUES (?1, ?2, ?3, '[]', ?4, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10)`,
    customerId,
    f.status === "draft" ? null : number,
    f.status,
    issueDate,
    addDays(issueDate, 30),
    f.gross,
    f.paid ?? 0,
    f.credited ?? 0,
    f.deposit ?? 0,
    f.gross - (f.paid ?? 0) - (f.credited ?? 0) - (f.deposit ?? 0) <= 0 ? `${issueDate}T12:00:00.000Z` : null,
  );
  return { number: `INV-${String(number).padStart(4, "0")}`, ...f };
}

const owed = (f: Fixture) =>
  f.status === "issued" ? Math.max(0, f.gross - (f.paid ?? 0) - (f.credited ?? 0) - (f.deposit ?? 0)) : 0;
const ageOf = (days: number) => (days <= 30 ? "0-30" : days <= 60 ? "31-60" : days <= 90 ? "61-90" : "over 90");

describe("money owed, aged", () => {
  it("counts each invoice's balance in its age, by customer, the most owed first, with its CSV", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const ann = await createCustomer({ firstName: "Ann", lastName: `Owes-${tag}` });
    const bob = await createCustomer({ firstName: "Bob", lastName: `Owes-${tag}` });
    const annInvoices = [
      await invoice(ann.id, { status: "issued", daysAgo: 0, gross: 12_000 }),
      await invoice(ann.id, { status: "issued", daysAgo: 30, gross: 50_000, paid: 20_000 }),
      await invoice(ann.id, { status: "issued", daysAgo: 31, gross: 30_000, credited: 5_000 }),
      await invoice(ann.id, { status: "issued", daysAgo: 75, gross: 250_000, deposit: 25_000, paid: 100_000 }),
      await invoice(ann.id, { status: "issued", daysAgo: 200, gross: 9_000 }),
      // Not owed: paid in full, credited in full, a draft and a void.
      await invoice(ann.id, { status: "issued", daysAgo: 10, gross: 8_000, paid: 8_000 }),
      await invoice(ann.id, { status: "issued", daysAgo: 100, gross: 8_000, credited: 8_000 }),
      await invoice(ann.id, { status: "draft", daysAgo: 5, gross: 7_000 }),
      await invoice(ann.id, { status: "void", daysAgo: 120, gross: 6_000 }),
    ];
    const bobInvoices = [await invoice(bob.id, { status: "issued", daysAgo: 91, gross: 4_000 })];

    const { status, body } = await admin<OwedReport>("GET", "/api/admin/reports/owed");
    expect(status).toBe(200);
    expect(body.asOf).toBe(today);
    for (const [who, fixtures] of [
      [ann, annInvoices],
      [bob, bobInvoices],
    ] as const) {
      const row = body.customers.find((c) => c.customerId === who.id)!;
      const mine = fixtures.filter((f) => owed(f) > 0);
      expect(row.invoices.map((i) => i.number)).toEqual(mine.map((f) => f.number).reverse());
      for (const age of owedAges)
        expect(row.totals[age], `${who.firstName} ${age}`).toBe(
          mine.filter((f) => ageOf(f.daysAgo) === age).reduce((sum, f) => sum + owed(f), 0),
        );
      expect(row.totals.total).toBe(mine.reduce((sum, f) => sum + owed(f), 0));
    }
    // Ann's: £120 + £300 (0-30), £250 (31-60), £1,250 (61-90), £90 (over 90).
    expect(body.customers.find((c) => c.customerId === ann.id)!.totals).toEqual({
      "0-30": 42_000,
      "31-60": 25_000,
      "61-90": 125_000,
      "over 90": 9_000,
      total: 201_000,
    });
    // Most owed first; the whole report's totals are its customers' sums.
    const totals = body.customers.map((c) => c.totals.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const age of owedAges) expect(body.totals[age]).toBe(body.customers.reduce((sum, c) => sum + c.totals[age], 0));

    const csv = await callApp("/api/admin/reports/owed.csv", { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // The byte-order mark first, so Excel reads the £ (decoding takes it off again).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe("Customer,Invoice,Issued,Due,Days since issue,Age,Owed (£)");
    expect(text).toContain(
      `Ann Owes-${tag},${annInvoices[3]!.number},${addDays(today, -75)},${addDays(today, -45)},75,61-90,1250.00`,
    );
    expect(text).not.toContain(annInvoices[5]!.number);
  });

  it("is the owner's only", async () => {
    expect((await callApp("/api/admin/reports/owed")).status).toBe(401);
    expect((await callApp("/api/admin/reports/owed.csv")).status).toBe(401);
  });
});
