import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MarginReport } from "../schema/api/reports-margin";
import { londonToday } from "../schema/london-time";
import { admin, adminHeaders } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Jobs' margins (issue 45): the report against the test's own sums over what it wrote, invoices in
 * months nobody else writes (2015): two customers' jobs, a credit note, a voided invoice left out, a
 * job first invoiced before the range left out, parts taken through the job sheet (the real ledger
 * path), one whose cost price changed after it was used, one given back, and one without a cost.
 */

const invoicesOf = {
  a: [
    { status: "issued", issueDate: "2015-03-10", net: 50_000 },
    { status: "void", issueDate: "2015-03-15", net: 99_999 },
  ],
  b: [
    { status: "issued", issueDate: "2015-04-20", net: 30_000 },
    // A later invoice on the same job: counted in the job's month (April), not May's.
    { status: "issued", issueDate: "2015-05-05", net: 8_000 },
  ],
  // First invoiced in February, before the range: not counted in March with its second invoice.
  c: [
    { status: "issued", issueDate: "2015-02-10", net: 11_000 },
    { status: "issued", issueDate: "2015-03-20", net: 12_000 },
  ],
} as const;
const creditOnA = { net: 5_000, issueDate: "2015-04-02" };

async function visitFor(customerId: number, jobId?: number) {
  const made = await admin("POST", "/api/admin/service-records", {
    customerId,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
    ...(jobId ? { jobId } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const [row] = await query<{ job_id: number }>("SELECT job_id FROM service_records WHERE id = ?1", made.body.id);
  return { visitId: made.body.id as number, jobId: row!.job_id };
}

async function syncParts(visitId: number, baseVersion: string, parts: { productId: number; quantity: number }[]) {
  const synced = await callApp(`/api/admin/visits/${visitId}/sheet`, {
    method: "PUT",
    json: { baseVersion, arrivedAt: new Date().toISOString(), workDone: "Repaired", labourMinutes: 60, parts },
    headers: { ...(await adminHeaders()), "Idempotency-Key": `margin-${crypto.randomUUID()}` },
  });
  expect(synced.status, await synced.clone().text()).toBe(200);
}

const setCost = async (productId: number, costPrice: string | null) =>
  expect((await admin("PATCH", `/api/admin/products/${productId}`, { costPrice })).status).toBe(200);

async function writeInvoices(
  jobId: number,
  customerId: number,
  list: readonly { status: string; issueDate: string; net: number }[],
) {
  const ids: number[] = [];
  for (const inv of list) {
    const [row] = await query<{ id: number }>(
      `INSERT INTO invoices (customer_id, job_id, number, status, lines, supply_date, issue_date, net_pence, vat_pence, gross_pence)
       VALUES (?1, ?2, (SELECT COALESCE(MAX(number), 0) + 1 FROM invoices), ?3, '[]', ?4, ?4, ?5, ?5 / 5, ?5 + ?5 / 5) RETURNING id`,
      customerId,
      jobId,
      inv.status,
      inv.issueDate,
      inv.net,
    );
    ids.push(row!.id);
  }
  return ids;
}

async function write() {
  const ann = await createCustomer({ firstName: "Ann", lastName: `Margin-${crypto.randomUUID().slice(0, 6)}` });
  const bob = await createCustomer({ firstName: "Bob", lastName: `Margin-${crypto.randomUUID().slice(0, 6)}` });
  const valve = await createProduct({ stockQuantity: 10, costPence: 1_250 });
  const filter = await createProduct({ stockQuantity: 10, costPence: null });
  const pump = await createProduct({ stockQuantity: 10, costPence: 3_000 });

  const a = await visitFor(ann.id);
  await syncParts(a.visitId, "1", [
    { productId: valve.id, quantity: 2 },
    { productId: filter.id, quantity: 1 },
  ]);
  // The valve's cost changes after job A used two: job A keeps £12.50 each, job B pays the new one.
  await setCost(valve.id, "99.99");
  const b = await visitFor(bob.id);
  await syncParts(b.visitId, "1", [
    { productId: valve.id, quantity: 1 },
    { productId: pump.id, quantity: 2 },
  ]);
  // The pump's cost changes, then one pump goes back from job B: it goes back at the £30 it was taken at.
  await setCost(pump.id, "50.00");
  await syncParts(b.visitId, "2", [
    { productId: valve.id, quantity: 1 },
    { productId: pump.id, quantity: 1 },
  ]);
  const b2 = await visitFor(bob.id, b.jobId);
  expect(b2.jobId).toBe(b.jobId);
  await syncParts(b2.visitId, "1", [{ productId: filter.id, quantity: 2 }]);
  const c = await visitFor(bob.id);
  await syncParts(c.visitId, "1", [{ productId: pump.id, quantity: 1 }]);

  const [aIssued] = await writeInvoices(a.jobId, ann.id, invoicesOf.a);
  await writeInvoices(b.jobId, bob.id, invoicesOf.b);
  await writeInvoices(c.jobId, bob.id, invoicesOf.c);
  await query(
    `INSERT INTO credit_notes (invoice_id, number, lines, reason, issue_date, net_pence, vat_pence, gross_pence)
     VALUES (?1, (SELECT COALESCE(MAX(number), 0) + 1 FROM credit_notes), '[]', 'Overcharged', ?2, ?3, ?3 / 5, ?3 + ?3 / 5)`,
    aIssued,
    creditOnA.issueDate,
    creditOnA.net,
  );
  return { a, b, c, ann, bob };
}

const sum = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0);
const issuedNet = (list: readonly { status: string; net: number }[]) =>
  sum(list.filter((i) => i.status === "issued").map((i) => i.net));

describe("jobs' margins", () => {
  it("gives each job its revenue less credits, its parts at the cost they were used at, and the margin, by month", async () => {
    const { a, b, c, ann, bob } = await write();
    const counter = countingD1(env.DB as unknown as Parameters<typeof countingD1>[0]);
    const res = await callApp("/api/admin/reports/margin?from=2015-03&to=2015-05", {
      headers: await adminHeaders(),
      env: { DB: counter.db },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MarginReport;
    expect(counter.trips.length).toBeLessThanOrEqual(2); // the session check, then the report's one batch

    // The test's own sums: job A's issued invoice less its credit note; two valves at £12.50; one filter with no cost.
    const jobA = { revenue: issuedNet(invoicesOf.a) - creditOnA.net, parts: 2 * 1_250, without: 1 };
    // Job B: one valve at its new £99.99, two pumps taken at £30 and one given back at £30; two filters on its second visit.
    const jobB = { revenue: issuedNet(invoicesOf.b), parts: 9_999 + 2 * 3_000 - 3_000, without: 2 };
    expect(body.months.map((m) => m.month)).toEqual(["2015-03", "2015-04", "2015-05"]);
    const [march, april, may] = body.months;
    expect(march!.jobs).toEqual([
      {
        jobId: a.jobId,
        title: "Boiler Repair",
        customer: `Ann ${ann.lastName}`,
        firstIssued: "2015-03-10",
        revenuePence: jobA.revenue,
        partsCostPence: jobA.parts,
        partsWithoutCost: jobA.without,
        marginPence: jobA.revenue - jobA.parts,
        marginRate: (jobA.revenue - jobA.parts) / jobA.revenue,
      },
    ]);
    expect(april!.jobs).toEqual([
      expect.objectContaining({
        jobId: b.jobId,
        customer: `Bob ${bob.lastName}`,
        firstIssued: "2015-04-20",
        revenuePence: jobB.revenue,
        partsCostPence: jobB.parts,
        partsWithoutCost: jobB.without,
        marginPence: jobB.revenue - jobB.parts,
      }),
    ]);
    expect(may).toMatchObject({ jobCount: 0, revenuePence: 0, marginRate: null, jobs: [] });
    expect(body.months.flatMap((m) => m.jobs.map((j) => j.jobId))).not.toContain(c.jobId);
    expect(april).toMatchObject({ jobCount: 1, revenuePence: jobB.revenue, partsCostPence: jobB.parts, partsWithoutCost: 2 });
    expect(body.totals).toEqual({
      jobCount: 2,
      revenuePence: jobA.revenue + jobB.revenue,
      partsCostPence: jobA.parts + jobB.parts,
      partsWithoutCost: jobA.without + jobB.without,
      marginPence: jobA.revenue + jobB.revenue - jobA.parts - jobB.parts,
      marginRate: (jobA.revenue + jobB.revenue - jobA.parts - jobB.parts) / (jobA.revenue + jobB.revenue),
    });

    const csv = await callApp("/api/admin/reports/margin.csv?from=2015-03&to=2015-05", { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toContain("job-margins.csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Month,Job,Title,Customer,First invoiced,Revenue net (£),Parts at cost (£),Parts without a cost,Margin (£),Margin (%)",
    );
    expect(lines[1]).toBe(`2015-03,${a.jobId},Boiler Repair,Ann ${ann.lastName},2015-03-10,450.00,25.00,1,425.00,94.4`);
    expect(lines[2]).toBe(`2015-04,${b.jobId},Boiler Repair,Bob ${bob.lastName},2015-04-20,380.00,129.99,2,250.01,65.8`);
  });

  it("reads no document table whole", async () => {
    const counter = countingD1(env.DB as unknown as Parameters<typeof countingD1>[0]);
    await callApp("/api/admin/reports/margin?from=2015-03&to=2015-05", {
      headers: await adminHeaders(),
      env: { DB: counter.db },
    });
    const statements = counter.trips.at(-1)!;
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      const params = statement.match(/\?/g)?.length ?? 0;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`)
        .bind(...Array.from({ length: params }, () => "2015-03-01"))
        .all<{ detail: string }>();
      const scans = plan.results
        .map((r) => r.detail)
        .filter((d) => /^SCAN (invoices|credit_notes|stock_movements|service_records|jobs)\b/.test(d));
      expect(scans, statement).toEqual([]);
      // The jobs are found by the issue date's index, never by the status's (nearly every invoice is issued).
      expect(plan.results.map((r) => r.detail).join("\n"), statement).toMatch(/SEARCH r USING INDEX invoices_issue_date/);
      expect(plan.results.map((r) => r.detail).join("\n"), statement).not.toMatch(/invoices_status_due/);
    }
  });

  it("says what is wrong with a range", async () => {
    for (const [params, error] of [
      ["from=2015-05&to=2015-01", "The first month is after the last"],
      ["to=May", "The last month must be a month, like 2026-04"],
    ] as const) {
      const bad = await admin("GET", `/api/admin/reports/margin?${params}`);
      expect(bad.status, params).toBe(400);
      expect(bad.body.error).toBe(error);
    }
  });
});
