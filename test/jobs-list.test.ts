import { describe, expect, it } from "vitest";
import type { JobSummary } from "../schema/api/jobs";
import type { AdminQuote } from "../schema/api/quotes";
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

  it("says what is wrong with a bad filter", async () => {
    const unknown = await admin("GET", "/api/admin/jobs?state=lost");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Unknown state");
    const tooMany = await admin("GET", "/api/admin/jobs?limit=500");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("The limit must be between 1 and 100");
  });
});
