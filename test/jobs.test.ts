import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminJob, JobSummary } from "../schema/api/jobs";
import { londonToday } from "../schema/london-time";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { type StateFacts, stateOf } from "./helpers/job-state";
import { accept, admin, sentQuote } from "./helpers/quotes";

/**
 * The job as the thread (docs/decisions/023-the-job.md): every visit in exactly one job whichever
 * code wrote it, a quote accepted becoming one job with one visit, its state read from what hangs on
 * it, and "Invoice the job" making one draft of everything less the deposit paid.
 */

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

const today = londonToday();
const job = async (id: number) => (await admin<AdminJob>("GET", `/api/admin/jobs/${id}`)).body;
const jobOfVisit = async (visitId: number) =>
  (await query<{ job_id: number }>("SELECT job_id FROM service_records WHERE id = ?1", visitId))[0]!.job_id;

describe("every visit is in exactly one job", () => {
  it("whichever way it was written, with the visit's customer and property, and the visit's version untouched", async () => {
    const c = await createCustomer({ address: "3 Oak Road", postcode: "M32 0AA" });
    const byOwner = await admin("POST", "/api/admin/service-records", {
      customerId: c.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: today,
    });
    expect(byOwner.status).toBe(201);
    expect(byOwner.body.jobId).toEqual(expect.any(Number));
    const direct = await createServiceRecord({ customerId: c.id });
    const jobs = await query<{ id: number; customer_id: number; property_id: number | null; version: number }>(
      `SELECT j.id, j.customer_id, j.property_id, v.version FROM jobs AS j JOIN service_records AS v ON v.job_id = j.id
       WHERE v.id IN (?1, ?2) ORDER BY v.id`,
      byOwner.body.id,
      direct.id,
    );
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(2);
    expect(jobs.map((j) => [j.customer_id, j.version])).toEqual([
      [c.id, 1],
      [c.id, 1],
    ]);
    expect(jobs[0]!.property_id).toBe(byOwner.body.propertyId);
    expect(await query("SELECT id FROM service_records WHERE job_id IS NULL")).toEqual([]);
  });

  it("a second visit joins its job at the job's property; a job goes with its last visit, not while an invoice bills it", async () => {
    const c = await createCustomer();
    const g = await createCustomer();
    const first = await admin("POST", "/api/admin/service-records", {
      customerId: c.id,
      serviceType: "Boiler Repair",
      status: "completed",
      serviceDate: today,
    });
    const second = await admin("POST", "/api/admin/service-records", {
      jobId: first.body.jobId,
      serviceType: "Boiler Repair (return visit)",
      status: "scheduled",
      serviceDate: today,
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ jobId: first.body.jobId, customerId: c.id, propertyId: first.body.propertyId });
    const stranger = await admin("POST", "/api/admin/service-records", {
      jobId: first.body.jobId,
      customerId: g.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: today,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe("A job's visit is for the job's customer");
    expect(
      (
        await admin("POST", "/api/admin/service-records", {
          jobId: 999_999,
          serviceType: "X",
          status: "scheduled",
          serviceDate: today,
        })
      ).status,
    ).toBe(400);

    expect((await admin("DELETE", `/api/admin/service-records/${second.body.id}`)).status).toBe(200);
    expect(await query("SELECT id FROM jobs WHERE id = ?1", first.body.jobId)).toHaveLength(1);
    const billed = await admin("POST", "/api/admin/invoices", { fromServiceRecordId: first.body.id });
    expect(billed.body.jobId).toBe(first.body.jobId);
    expect((await admin("DELETE", `/api/admin/service-records/${first.body.id}`)).status).toBe(200);
    expect(await query("SELECT id FROM jobs WHERE id = ?1", first.body.jobId)).toHaveLength(1);

    const alone = await createServiceRecord({ customerId: c.id });
    const aloneJob = await jobOfVisit(alone.id);
    expect((await admin("DELETE", `/api/admin/service-records/${alone.id}`)).status).toBe(200);
    expect(await query("SELECT id FROM jobs WHERE id = ?1", aloneJob)).toHaveLength(0);
  });
});

describe("a boiler quote accepted with a deposit paid by bank transfer", () => {
  it("becomes one job with one visit, followed to paid, invoiced once less the deposit", async () => {
    const { c, quote, token } = await sentQuote();
    expect((await accept(token)).status).toBe(200);
    const deposit = await admin("POST", `/api/admin/estimates/${quote.id}/deposit-payments`, {
      amountPence: 25_000,
      method: "bank",
      paidOn: today,
      reference: "BACS 1234",
    });
    expect(deposit.status).toBe(201);
    const [visit] = await query<{ id: number; job_id: number }>(
      "SELECT id, job_id FROM service_records WHERE customer_id = ?1",
      c.id,
    );
    const accepted = await job(visit!.job_id);
    expect(accepted).toMatchObject({
      title: "A new combi boiler",
      state: "accepted",
      next: "Book a time for the visit",
      canInvoice: false,
    });
    expect(accepted.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["quote", "deposit", "visit"]));
    expect(accepted.events.find((e) => e.kind === "deposit")).toMatchObject({
      title: "Deposit £250.00 paid",
      detail: "Bank transfer",
    });

    const early = await admin("POST", "/api/admin/invoices", { fromJobId: visit!.job_id });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("Only a job whose visits are all completed can be invoiced: finish them first.");

    expect(
      (await admin("PATCH", `/api/admin/service-records/${visit!.id}`, { status: "completed", serviceDate: today })).status,
    ).toBe(200);
    expect((await job(visit!.job_id)).state).toBe("done");
    const draft = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromJobId: visit!.job_id });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ jobId: visit!.job_id, quoteId: quote.id, depositPence: 25_000 });
    expect(draft.body.lines.map((l) => l.description)).toEqual(["Worcester Greenstar 4000 25kW", "Fitting (days)"]);
    const twice = await admin("POST", "/api/admin/invoices", { fromJobId: visit!.job_id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This job already has a draft invoice.");
    expect((await job(visit!.job_id)).next).toBe("Issue the draft invoice");

    const issued = await admin<AdminInvoice>("POST", `/api/admin/invoices/${draft.body.id}/issue`);
    expect(issued.status).toBe(200);
    expect((await job(visit!.job_id)).state).toBe("invoiced");
    const paid = await admin("POST", `/api/admin/invoices/${draft.body.id}/payments`, {
      amountPence: issued.body.balancePence,
      method: "bank",
      paidOn: today,
      reference: null,
    });
    expect(paid.status).toBe(201);
    const done = await job(visit!.job_id);
    expect(done).toMatchObject({ state: "paid", next: "Nothing: paid in full" });
    expect(done.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["quote", "deposit", "visit", "invoice", "payment"]));
    expect(await query("SELECT id FROM service_records WHERE job_id = ?1", visit!.job_id)).toHaveLength(1);
  });
});

describe("a customer's jobs", () => {
  it("are theirs only, newest first, each with its state", async () => {
    const c = await createCustomer();
    const g = await createCustomer();
    await createServiceRecord({
      customerId: c.id,
      serviceType: "Annual Boiler Service",
      status: "completed",
      serviceDate: "2026-01-10",
    });
    await createServiceRecord({ customerId: c.id, serviceType: "Boiler Repair", status: "in-progress", serviceDate: today });
    await createServiceRecord({ customerId: g.id, serviceType: "Power flush", status: "scheduled", serviceDate: today });
    const { status, body } = await admin<JobSummary[]>("GET", `/api/admin/customers/${c.id}/jobs`);
    expect(status).toBe(200);
    expect(body.map((j) => [j.title, j.state])).toEqual([
      ["Boiler Repair", "in progress"],
      ["Annual Boiler Service", "done"],
    ]);
    expect((await admin("GET", "/api/admin/jobs/999999")).status).toBe(404);
  });
});

describe("a job's state", () => {
  const at = "2026-12-01T09:00:00.000Z";
  const paid = { status: "issued", paid: true };
  const accepted = { status: "accepted" };
  it("follows the work, then the money; a return visit puts a paid job back to work until it is done", async () => {
    const cases: [StateFacts, string][] = [
      [{ quote: accepted, visits: [{ status: "scheduled" }] }, "accepted"],
      [{ quote: accepted, visits: [{ status: "scheduled", visitStart: at }] }, "scheduled"],
      [{ visits: [{ status: "in-progress", visitStart: at }] }, "in progress"],
      [{ visits: [{ status: "completed", visitStart: at }] }, "done"],
      [{ visits: [{ status: "completed" }], invoices: [{ status: "issued" }] }, "invoiced"],
      [{ visits: [{ status: "completed" }], invoices: [paid, { status: "void" }] }, "paid"],
      [{ visits: [{ status: "completed" }], invoices: [paid, { status: "draft" }] }, "paid"],
      [{ visits: [{ status: "completed" }, { status: "scheduled", visitStart: at }], invoices: [paid] }, "scheduled"],
      [{ quote: { status: "cancelled" }, visits: [{ status: "scheduled" }] }, "cancelled"],
    ];
    for (const [facts, state] of cases) expect((await stateOf(facts)).state, JSON.stringify(facts)).toBe(state);
  });
});
