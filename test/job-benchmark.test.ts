import { describe, expect, it } from "vitest";
import { BENCHMARK_OWED } from "../schema/api/installations";
import type { AdminJob, JobSummary } from "../schema/api/jobs";
import { admin } from "./helpers/admin";
import { acceptedJob, complete, issueBenchmarkAt } from "./helpers/building-regs";
import { query } from "./helpers/factories-commerce";

// Issue 47 part 4: the job knows what paperwork it owes. A job whose accepted quote fits a boiler is
// not done, nor invoiced as done, until its Benchmark commissioning checklist is issued at one of its
// visits; the fact is kept on the job's row by the database (migrations/0041_job_benchmark.sql).

const jobOf = async (jobId: number) => (await admin<AdminJob>("GET", `/api/admin/jobs/${jobId}`)).body;
const notify = (jobId: number) =>
  admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, { notifiedBy: "us", notifiedOn: "2026-09-20", reference: "GSR-1" });
const inProgressTab = async (customerId: number) =>
  (await admin<JobSummary[]>("GET", `/api/admin/jobs?state=${encodeURIComponent("in progress")}&limit=100`)).body.filter(
    (j) => j.customerId === customerId,
  );

describe("a job that fitted a boiler", () => {
  it("stays in progress with its visit done until its Benchmark is issued, and is not invoiced before", async () => {
    const { c, quoteId, visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    expect((await jobOf(jobId)).buildingRegs).toMatchObject({ benchmarkOwed: true });
    await complete(visitId, "2026-09-01");
    expect((await notify(jobId)).status).toBe(200);
    const owed = await jobOf(jobId);
    expect(owed).toMatchObject({
      state: "in progress",
      next: "Issue the Benchmark commissioning checklist for the boiler fitted",
      canInvoice: false,
      buildingRegs: { state: "notified", benchmarkOwed: true },
      benchmarkStart: { visitId, draftId: null },
    });
    expect((await inProgressTab(c.id)).map((j) => j.id)).toEqual([jobId]);
    for (const from of [{ fromJobId: jobId }, { fromServiceRecordId: visitId }, { fromQuoteId: quoteId }]) {
      const refused = await admin("POST", "/api/admin/invoices", from);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(BENCHMARK_OWED);
    }

    // A draft is not enough; issued, the job is done and invoiced.
    const { body: draft } = await admin("POST", "/api/admin/benchmark-records", {
      propertyId: (await query<{ property_id: number }>("SELECT property_id FROM service_records WHERE id = ?1", visitId))[0]!
        .property_id,
      serviceRecordId: visitId,
    });
    expect(draft.status).toBe("draft");
    expect(await jobOf(jobId)).toMatchObject({ state: "in progress", benchmarkStart: { visitId, draftId: draft.id } });
    await issueBenchmarkAt(visitId);
    expect(await jobOf(jobId)).toMatchObject({ state: "done", next: "Invoice the job", canInvoice: true, benchmarkStart: null });
    expect(await inProgressTab(c.id)).toEqual([]);
    expect((await admin("POST", "/api/admin/invoices", { fromJobId: jobId })).status).toBe(201);
  });

  it("owes its Benchmark only for itself: another customer's issued checklist clears nothing, a cylinder owes none", async () => {
    const a = await acceptedJob({ boiler: "boiler" });
    const b = await acceptedJob({ boiler: "boiler" });
    const cylinder = await acceptedJob({ filter: "cylinder" }, { optionalLineIds: ["filter"] });
    for (const j of [a, b, cylinder]) await complete(j.visitId, "2026-09-01");
    await issueBenchmarkAt(a.visitId);
    const [jobA, jobB, jobC] = await Promise.all([a, b, cylinder].map((j) => jobOf(j.jobId)));
    expect(jobA).toMatchObject({ state: "done", buildingRegs: { benchmarkOwed: false } });
    expect(jobB).toMatchObject({ state: "in progress", buildingRegs: { benchmarkOwed: true } });
    expect(jobC).toMatchObject({ state: "done", buildingRegs: { installations: ["cylinder"], benchmarkOwed: false } });
  });

  it("follows its visit when the visit moves to another job", async () => {
    const a = await acceptedJob({ boiler: "boiler" });
    await complete(a.visitId, "2026-09-01");
    await issueBenchmarkAt(a.visitId);
    expect((await jobOf(a.jobId)).state).toBe("done");
    // The visit (and its checklist) moved to a job of its own: the boiler's job owes it again.
    const [other] = await query<{ id: number }>("INSERT INTO jobs (customer_id) VALUES (?1) RETURNING id", a.c.id);
    await query("UPDATE service_records SET job_id = ?1 WHERE id = ?2", other!.id, a.visitId);
    const [row] = await query<{ benchmark_owed: number }>("SELECT benchmark_owed FROM jobs WHERE id = ?1", a.jobId);
    expect(row!.benchmark_owed).toBe(1);
  });
});
