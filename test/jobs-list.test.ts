import { describe, expect, it } from "vitest";
import type { JobSummary } from "../schema/api/jobs";
import type { AdminQuote } from "../schema/api/quotes";
import { JOB_STAGE_SQL } from "../schema/db/jobs";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { admin, boilerQuote } from "./helpers/quotes";

/**
 * Every job in one list (GET /api/admin/jobs): newest first, searched by whose, where and what,
 * filtered by the state the database reads, paged with its count, at more jobs than one page.
 */

const list = async (params: Record<string, string | number>) => {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const { status, body, res } = await admin<JobSummary[]>("GET", `/api/admin/jobs?${search}`);
  return { status, body, total: Number(res.headers.get("X-Total-Count")) };
};

describe("the list of every job", () => {
  it("finds a job by customer, address, postcode, title or number, and by state, nobody else's", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const { body: ann } = await admin<{ id: number }>("POST", "/api/admin/customers", {
      firstName: "Ann",
      lastName: `Landlord-${tag}`,
      email: `ann-${tag}@example.com`,
      address: `4 Quay Street ${tag}`,
      postcode: "M3 3JE",
    });
    const [home] = await query<{ id: number }>("SELECT id FROM properties WHERE customer_id = ?1", ann.id);
    const bob = await createCustomer({
      firstName: "Bob",
      lastName: `Other-${tag}`,
      address: "1 Elsewhere Road",
      postcode: "SK4 1AA",
    });
    const made = await createServiceRecord({
      customerId: ann.id,
      propertyId: home!.id,
      serviceType: "Power flush",
      status: "scheduled",
    });
    // The trigger gives the visit its job after the insert's RETURNING: read it back.
    const [visit] = await query<{ jobId: number }>("SELECT job_id AS jobId FROM service_records WHERE id = ?1", made.id);
    const drafted = await admin<AdminQuote>("POST", "/api/admin/estimates", {
      ...boilerQuote(ann.id),
      title: `Combi swap ${tag}`,
    });
    await createServiceRecord({ customerId: bob.id, serviceType: "Power flush", status: "completed" });

    const byName = await list({ q: `landlord-${tag}` });
    expect(byName.status).toBe(200);
    expect(byName.total).toBe(2);
    // Newest first: the quote's job was made after the visit's.
    expect(byName.body.map((j) => [j.id, j.title, j.state, j.customerName])).toEqual([
      [drafted.body.jobId, `Combi swap ${tag}`, "enquiry", `Ann Landlord-${tag}`],
      [visit!.jobId, "Power flush", "scheduled", `Ann Landlord-${tag}`],
    ]);
    expect((await list({ q: `${tag} quay street` })).body.map((j) => j.place)).toEqual([
      `4 Quay Street ${tag}, M3 3JE`,
      `4 Quay Street ${tag}, M3 3JE`,
    ]);
    expect((await list({ q: `m3 3je ${tag}` })).total).toBe(2);
    expect((await list({ q: `combi swap ${tag}` })).body.map((j) => j.id)).toEqual([drafted.body.jobId]);
    expect((await list({ q: `ann-${tag}@example` })).total).toBe(2);
    expect((await list({ q: `job ${visit!.jobId}` })).body.map((j) => j.id)).toEqual([visit!.jobId]);
    expect((await list({ q: `landlord-${tag}`, state: "enquiry" })).body.map((j) => j.id)).toEqual([drafted.body.jobId]);
    expect((await list({ q: `landlord-${tag}`, state: "paid" })).total).toBe(0);
    expect((await list({ q: `other-${tag}` })).body.map((j) => [j.customerId, j.state])).toEqual([[bob.id, "done"]]);
  });

  it("finds a job by a word only its title or its place has, through each index", async () => {
    const tag = crypto.randomUUID().slice(0, 6).replace(/\d/g, "q");
    const { body: cara } = await admin<{ id: number }>("POST", "/api/admin/customers", {
      firstName: "Cara",
      lastName: "Plain",
      email: `cara-${tag}@example.com`,
      address: `${tag}worth Mill Lane`,
      postcode: "OL1 1AA",
    });
    const [home] = await query<{ id: number }>("SELECT id FROM properties WHERE customer_id = ?1", cara.id);
    const made = await createServiceRecord({
      customerId: cara.id,
      propertyId: home!.id,
      serviceType: `Descale${tag}`,
      status: "scheduled",
    });
    const [visit] = await query<{ jobId: number }>("SELECT job_id AS jobId FROM service_records WHERE id = ?1", made.id);
    const quote = await admin<AdminQuote>("POST", "/api/admin/estimates", {
      ...boilerQuote(cara.id),
      title: `Zephyr${tag} flue`,
    });
    expect((await list({ q: `zephyr${tag}` })).body.map((j) => j.id)).toEqual([quote.body.jobId]);
    expect((await list({ q: `descale${tag}` })).body.map((j) => j.id)).toEqual([visit!.jobId]);
    // The quote is for her home too: both jobs are there, newest first.
    expect((await list({ q: `${tag}worth mill` })).body.map((j) => j.id)).toEqual([quote.body.jobId, visit!.jobId]);
    // Every word must be the job's: the title's word and the place's together find only the visit's job.
    expect((await list({ q: `descale${tag} ${tag}worth` })).body.map((j) => j.id)).toEqual([visit!.jobId]);
    expect((await list({ q: `zephyr${tag} descale${tag}` })).total).toBe(0);
  });

  it("pages through more jobs than a page, counting them all", async () => {
    const c = await createCustomer({ lastName: `Many-${crypto.randomUUID().slice(0, 6)}` });
    await query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 130)
       INSERT INTO service_records (customer_id, service_type, status, service_date)
       SELECT ?1, 'Annual Boiler Service', 'completed', date('2016-01-01', '+' || i || ' days') FROM n`,
      c.id,
    );
    const first = await list({ q: c.lastName, limit: 100 });
    expect(first.total).toBe(130);
    expect(first.body).toHaveLength(100);
    const rest = await list({ q: c.lastName, limit: 100, offset: 100 });
    expect(rest.body).toHaveLength(30);
    expect(new Set([...first.body, ...rest.body].map((j) => j.id)).size).toBe(130);
    expect((await list({ q: c.lastName, state: "done" })).total).toBe(130);
  });

  it("keeps each job's facts on its row as its visits, quote and invoices change, whichever way they are written", async () => {
    const c = await createCustomer();
    const other = await createCustomer();
    const visit = await createServiceRecord({ customerId: c.id, serviceType: "Boiler Repair", status: "scheduled" });
    const second = await createServiceRecord({ customerId: c.id, serviceType: "Boiler Repair", status: "scheduled" });
    const [{ jobId } = { jobId: 0 }] = await query<{ jobId: number }>(
      "SELECT job_id AS jobId FROM service_records WHERE id = ?1",
      visit.id,
    );
    const quote = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(c.id));
    await createServiceRecord({ customerId: other.id, serviceType: "Boiler Repair", status: "completed" });
    const writes = [
      ["UPDATE service_records SET status = 'in-progress' WHERE id = ?1", visit.id],
      ["UPDATE service_records SET visit_start = '2026-12-01T09:00:00.000Z' WHERE id = ?1", visit.id],
      // The second visit joins the first one's job; its own job is left with none.
      ["UPDATE service_records SET job_id = ?1 WHERE id = ?2", jobId, second.id],
      ["UPDATE service_records SET status = 'completed' WHERE job_id = ?1", jobId],
      ["UPDATE estimates SET status = 'sent', valid_until = '2020-01-01' WHERE id = ?1", quote.body.id],
      ["UPDATE estimates SET job_id = ?1 WHERE id = ?2", jobId, quote.body.id],
      [
        "INSERT INTO invoices (customer_id, status, lines, supply_date, job_id) VALUES (?1, 'issued', '[]', '2026-12-01', ?2)",
        c.id,
        jobId,
      ],
      ["UPDATE invoices SET paid_at = '2026-12-02T10:00:00.000Z' WHERE job_id = ?1", jobId],
      [
        "INSERT INTO invoices (customer_id, status, lines, supply_date, job_id) VALUES (?1, 'issued', '[]', '2026-12-01', ?2)",
        c.id,
        jobId,
      ],
      ["UPDATE invoices SET status = 'void' WHERE job_id = ?1 AND paid_at IS NULL", jobId],
      ["DELETE FROM service_records WHERE id = ?1", second.id],
    ] as const;
    for (const [statement, ...values] of writes) {
      await query(statement, ...values);
      // Every job's stored facts against its rows, counted here the long way.
      const drift = await query(
        `SELECT j.id FROM jobs j WHERE
           j.visits <> (SELECT count(*) FROM service_records v WHERE v.job_id = j.id)
           OR j.visits_to_do <> (SELECT count(*) FROM service_records v WHERE v.job_id = j.id AND v.status <> 'completed')
           OR j.visits_under_way <> (SELECT count(*) FROM service_records v WHERE v.job_id = j.id AND v.status = 'in-progress')
           OR j.visits_timed <> (SELECT count(*) FROM service_records v WHERE v.job_id = j.id AND v.visit_start IS NOT NULL)
           OR j.invoices_issued <> (SELECT count(*) FROM invoices i WHERE i.job_id = j.id AND i.status = 'issued')
           OR j.invoices_unpaid <> (SELECT count(*) FROM invoices i WHERE i.job_id = j.id AND i.status = 'issued' AND i.paid_at IS NULL)
           OR j.quote_status IS NOT (SELECT q.status FROM estimates q WHERE q.job_id = j.id ORDER BY q.id LIMIT 1)
           OR j.quote_valid_until IS NOT (SELECT q.valid_until FROM estimates q WHERE q.job_id = j.id ORDER BY q.id LIMIT 1)`,
      );
      expect(drift, statement).toEqual([]);
    }
    // The job: its quote sent and past its date, its visits done, its invoice paid (the void one not counted).
    const job = await admin<{ state: string }>("GET", `/api/admin/jobs/${jobId}`);
    expect(job.body.state).toBe("paid");
    expect((await list({ q: `job ${jobId}`, state: "paid" })).body.map((j) => j.id)).toEqual([jobId]);
    expect((await list({ q: `job ${jobId}`, state: "quoted" })).total).toBe(0);
    // The quote's own job, left with nothing but itself moved away, is an empty job: done.
    expect((await list({ q: `job ${quote.body.jobId}` })).body.map((j) => j.state)).toEqual(["done"]);
  });

  it("says what is wrong with a bad filter", async () => {
    const unknown = await admin("GET", "/api/admin/jobs?state=lost");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Unknown state");
    const tooMany = await admin("GET", "/api/admin/jobs?limit=500");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("The limit must be between 1 and 100");
  });
});

describe("the job's stage column", () => {
  // The stage is a generated column: the database computes it from the SQL its migration wrote.
  // schema/db/jobs.ts keeps that SQL for Drizzle; the two must say the same, or the code's idea of
  // a state and the database's drift apart without a test noticing.
  it("is computed by the database from exactly the SQL schema/db/jobs.ts names", async () => {
    const [table] = await query<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'jobs'");
    const flat = (text: string) => text.replace(/\s+/g, " ").trim();
    expect(flat(table?.sql ?? "")).toContain(`\`stage\` text GENERATED ALWAYS AS (${flat(JOB_STAGE_SQL)}) VIRTUAL`);
  });
});
