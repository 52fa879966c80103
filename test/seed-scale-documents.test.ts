import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { londonToday } from "../schema/london-time";
import { scaleStatements } from "../scripts/seed-data/scale.mjs";
import { COUNTS_SQL, PROBLEMS_SQL } from "../scripts/seed-data/scale-checks.mjs";
import { documentStatements } from "../scripts/seed-data/scale-documents.mjs";
import { admin, adminHeaders } from "./helpers/admin";
import { invoicesReference } from "./helpers/export-reference";
import { callApp } from "./helpers/factories-commerce";

// The ten-year seed's paperwork (what `npm run seed:scale` hands to wrangler after the visits), run
// small against the migrated test D1, after one document of each numbered kind the owner issued
// already: the checks the CLI prints must find nothing amiss, and the back office reads the rows.
const rows = async <T = Record<string, unknown>>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;
const run = async (statements: string[]) => {
  for (const sql of statements) await env.DB.prepare(sql).run();
};
// At most what 100 customers have: every landlord's visit and one in fifteen of the others take a record.
const VOLUME = { invoices: 150, quotes: 60, gasSafetyRecords: 50, serviceSheets: 100 };

beforeAll(async () => {
  await run(scaleStatements({ customers: 100, visitsPerCustomer: 3, subscribers: 3, quotes: 3, orders: 3 }));
  // The owner's own invoice INV-0001 and series counter, before the seed.
  await run([
    `INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, due_date, gross_pence, net_pence)
     VALUES ((SELECT MIN(id) FROM customers), 1, 'issued', '[]', '2026-01-01', '2026-01-01', '2026-01-31', 100, 100)`,
    "INSERT INTO number_series (series, last) VALUES ('invoice', 1)",
    // Two catalogue products, for the parts the invoiced visits take at cost.
    `INSERT INTO products (name, description, price_pence, image, brand, category)
     VALUES ('Seed valve', 'A part', 4000, '/images/parts/test.svg', 'Vaillant', 'Gas Valves'),
            ('Seed pump', 'A part', 9000, '/images/parts/test.svg', 'Grundfos', 'Pumps')`,
  ]);
  await run(documentStatements(VOLUME));
});

describe("seed:scale's documents", () => {
  it("loads every kind at the asked volume, quotes in every state", async () => {
    const [counts] = await rows<Record<string, number | string>>(COUNTS_SQL);
    expect(counts).toMatchObject({
      invoices: VOLUME.invoices + 1,
      quotes: VOLUME.quotes,
      gas_safety_records: VOLUME.gasSafetyRecords,
      service_sheets: VOLUME.serviceSheets,
    });
    expect(Number(counts!.payments)).toBeGreaterThan(VOLUME.invoices * 0.9);
    const states = await rows<{ status: string }>("SELECT DISTINCT status FROM estimates ORDER BY status");
    expect(states.map((s) => s.status)).toEqual(["accepted", "cancelled", "declined", "draft", "expired", "sent", "viewed"]);
    expect(await rows("SELECT COUNT(*) AS n FROM estimate_acceptances")).toEqual([
      { n: (await rows<{ n: number }>("SELECT COUNT(*) AS n FROM estimates WHERE status IN ('accepted', 'cancelled')"))[0]!.n },
    ]);
  });

  it("keeps every invoice's sums, the numbers and the jobs in agreement", async () => {
    const [problems] = await rows<Record<string, number>>(PROBLEMS_SQL);
    // The acceptances' SHA-256 is written by the CLI afterwards (SQL has none).
    expect({ ...problems, acceptances_unhashed: 0 }).toEqual(Object.fromEntries(Object.keys(problems!).map((k) => [k, 0])));
    expect(problems!.acceptances_unhashed).toBeGreaterThan(0);
  });

  it("numbers after what the series held, and moves the counters past them", async () => {
    const [inv] = await rows<{ lo: number; hi: number; n: number }>(
      "SELECT MIN(number) AS lo, MAX(number) AS hi, COUNT(number) AS n FROM invoices WHERE id > (SELECT MIN(id) FROM invoices)",
    );
    expect(inv).toEqual({ lo: 2, hi: inv!.n + 1, n: inv!.n });
    const series = await rows<{ series: string; last: number }>("SELECT series, last FROM number_series ORDER BY series");
    expect(series.find((s) => s.series === "invoice")!.last).toBe(inv!.hi);
    expect(series.map((s) => s.series)).toEqual(
      expect.arrayContaining(["creditNote", "estimate", "gasSafetyRecord", "invoice", "serviceSheet"]),
    );
  });

  it("is read by the back office's lists and pages", async () => {
    for (const tab of ["paid", "unpaid", "overdue", "void", "draft"]) {
      const list = await admin("GET", `/api/admin/invoices?status=${tab}&limit=5`);
      expect(list.status, tab).toBe(200);
    }
    const paid = await admin("GET", "/api/admin/invoices?status=paid&limit=1");
    const invoice = await admin("GET", `/api/admin/invoices/${paid.body[0].id}`);
    expect(invoice.status).toBe(200);
    expect(invoice.body.balancePence).toBe(0);
    const [accepted] = await rows<{ id: number; job_id: number }>(
      "SELECT id, job_id FROM estimates WHERE status = 'accepted' LIMIT 1",
    );
    expect((await admin("GET", `/api/admin/estimates/${accepted!.id}`)).status).toBe(200);
    expect((await admin("GET", `/api/admin/jobs/${accepted!.job_id}`)).status).toBe(200);
    const [record] = await rows<{ id: number; customer_id: number }>("SELECT id, customer_id FROM gas_safety_records LIMIT 1");
    expect((await admin("GET", `/api/admin/gas-safety-records/${record!.id}`)).status).toBe(200);
    const documents = await admin("GET", `/api/admin/customers/${record!.customer_id}/documents`);
    expect(documents.status).toBe(200);
    expect(documents.body.length).toBeGreaterThan(0);
    // The accountant's exports over all ten years: every payment's method has a label to write.
    for (const file of ["invoices.csv", "payments.csv"]) {
      const csv = await callApp(`/api/admin/export/${file}?from=2000-01-01&to=${londonToday()}`, {
        headers: await adminHeaders(),
      });
      expect(csv.status, file).toBe(200);
      const text = await csv.text();
      expect(text.split("\r\n").length, file).toBeGreaterThan(VOLUME.invoices / 2);
      // The invoices' lines from the cells the database kept as the seed wrote them (migration 0049),
      // the bytes of writing each afresh from its lines.
      if (file === "invoices.csv") expect(text).toBe((await invoicesReference(env.DB, "2000-01-01", londonToday())).slice(1));
    }
  });

  it("gives the invoiced visits parts at cost, some without a cost, for the jobs' margin report", async () => {
    const [ledger] = await rows<{ n: number; unpriced: number; invoiced: number }>(
      `SELECT COUNT(*) AS n, SUM(unit_cost_pence IS NULL) AS unpriced,
              (SELECT COUNT(*) FROM invoices WHERE status <> 'draft' AND pdf_key LIKE 'scale/%') AS invoiced
       FROM stock_movements WHERE reason = 'visit'`,
    );
    expect(ledger!.n).toBe(ledger!.invoiced);
    expect(ledger!.unpriced).toBeGreaterThan(0);
    const report = await admin("GET", "/api/admin/reports/margin");
    expect(report.status).toBe(200);
    expect(report.body.totals.partsCostPence).toBeGreaterThan(0);
    expect(report.body.totals.revenuePence).toBeGreaterThan(report.body.totals.partsCostPence);
  });
});
