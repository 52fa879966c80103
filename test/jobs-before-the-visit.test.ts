import { afterEach, describe, expect, it } from "vitest";
import type { AdminJob, JobSummary } from "../schema/api/jobs";
import type { AdminQuote } from "../schema/api/quotes";
import { createEnquiry } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { type StateFacts, stateOf } from "./helpers/job-state";
import { drainMail } from "./helpers/mail";
import { accept, admin, boilerQuote, customer, customerCall, sentQuote } from "./helpers/quotes";

/**
 * A job starts with its quote (docs/decisions/023-the-job.md): drafted, the quote is on a job of its
 * own at its customer and property, an enquiry being priced; sent, quoted; accepted, the visit it
 * books joins that job rather than making another; declined, the job is closed.
 */

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

const job = async (id: number) => (await admin<AdminJob>("GET", `/api/admin/jobs/${id}`)).body;
const jobsOf = async (customerId: number) => (await admin<JobSummary[]>("GET", `/api/admin/customers/${customerId}/jobs`)).body;

describe("a quote makes its job when it is drafted", () => {
  it("an enquiry being priced, then quoted, then accepted with its visit on the same job", async () => {
    const c = await customer();
    const enquiry = await createEnquiry({ email: c.email, service: "boiler-installation" });
    const drafted = await admin<AdminQuote>("POST", "/api/admin/estimates", { ...boilerQuote(c.id), enquiryId: enquiry.id });
    expect(drafted.status).toBe(201);
    expect(drafted.body.jobId).toEqual(expect.any(Number));
    const jobId = drafted.body.jobId!;

    const pricing = await job(jobId);
    expect(pricing).toMatchObject({
      title: "A new combi boiler",
      state: "enquiry",
      next: "Price it and send the quote",
      customerId: c.id,
      canInvoice: false,
    });
    expect(pricing.events.map((e) => e.kind)).toEqual(["enquiry", "quote"]);
    expect(await jobsOf(c.id)).toEqual([expect.objectContaining({ id: jobId, state: "enquiry" })]);

    const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${drafted.body.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const quoted = await job(jobId);
    expect(quoted).toMatchObject({ state: "quoted", next: "Wait for the customer's answer, or follow the quote up" });
    // Sent, the quote is at the customer's home: so is its job.
    expect(quoted.propertyId).toBe(sent.body.propertyId);
    expect(quoted.place).toBe("5 Elm Street, Urmston, M41 0AA");

    await drainMail();
    const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1 ORDER BY id DESC", c.email);
    const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    expect((await accept(token)).status).toBe(200);
    const { body: accepted } = await admin<AdminQuote>("GET", `/api/admin/estimates/${drafted.body.id}`);
    expect(accepted.jobId).toBe(jobId);
    const visits = await query<{ id: number; job_id: number }>(
      "SELECT id, job_id FROM service_records WHERE customer_id = ?1",
      c.id,
    );
    expect(visits).toEqual([{ id: accepted.visitId, job_id: jobId }]);
    expect(await query("SELECT id FROM jobs WHERE customer_id = ?1", c.id)).toEqual([{ id: jobId }]);
    const after = await job(jobId);
    expect(after).toMatchObject({ state: "accepted", next: "Book a time for the visit" });
    expect(after.events.map((e) => e.kind)).toEqual(["enquiry", "quote", "visit"]);
  });

  it("follows the property the owner picks for the quote, and only that customer's", async () => {
    const c = await customer();
    const other = await customer();
    const { body: flat } = await admin("POST", `/api/admin/customers/${c.id}/properties`, {
      address: "Flat 2, 10 Let Road, Stretford",
      postcode: "M32 0LL",
    });
    const drafted = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(c.id));
    // Two properties: the quote waits for the owner's choice, and so does its job.
    expect(drafted.body.propertyId).toBeNull();
    expect((await job(drafted.body.jobId!)).propertyId).toBeNull();
    await admin("PATCH", `/api/admin/estimates/${drafted.body.id}`, { propertyId: flat.id });
    expect(await job(drafted.body.jobId!)).toMatchObject({
      propertyId: flat.id,
      place: "Flat 2, 10 Let Road, Stretford, M32 0LL",
      customerId: c.id,
    });
    // A survey booked on a job with no property yet puts the job where the survey is.
    const { body: house } = await admin("POST", `/api/admin/customers/${c.id}/properties`, {
      address: "7 Survey Lane, Sale",
      postcode: "M33 7SL",
    });
    const unplaced = await admin<AdminQuote>("POST", "/api/admin/estimates", { ...boilerQuote(c.id), title: "A cylinder" });
    expect((await job(unplaced.body.jobId!)).propertyId).toBeNull();
    const survey = await admin("POST", "/api/admin/service-records", {
      jobId: unplaced.body.jobId,
      propertyId: house.id,
      serviceType: "Survey",
      status: "scheduled",
      serviceDate: "2026-12-03",
    });
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    expect(await job(unplaced.body.jobId!)).toMatchObject({ propertyId: house.id, state: "scheduled", title: "A cylinder" });
    const theirs = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(other.id));
    expect(theirs.body.jobId).not.toBe(drafted.body.jobId);
    expect((await jobsOf(c.id)).map((j) => j.id)).toEqual([unplaced.body.jobId, drafted.body.jobId]);
    expect((await jobsOf(other.id)).map((j) => j.id)).toEqual([theirs.body.jobId]);
  });

  it("a declined quote closes its job, saying why", async () => {
    const { quote, token } = await sentQuote();
    const declined = await customerCall("POST", `/api/estimates/${token}/decline`, { reason: "Too dear" });
    expect(declined.status).toBe(200);
    expect(await job(quote.jobId!)).toMatchObject({ state: "cancelled", next: "Nothing: the customer declined the quote" });
  });
});

describe("the state of a job before its visit", () => {
  it("reads the quote, then a survey visit, then the money", async () => {
    const at = "2026-12-01T09:00:00.000Z";
    const cases: [StateFacts, string, string][] = [
      [{ quote: { status: "draft" } }, "enquiry", "Price it and send the quote"],
      [{ quote: { status: "viewed" } }, "quoted", "Wait for the customer's answer, or follow the quote up"],
      // A survey booked before the quote is sent is the work to do now; once done, the pricing is.
      [{ quote: { status: "draft" }, visits: [{ status: "scheduled", visitStart: at }] }, "scheduled", "Carry out the visit"],
      [{ quote: { status: "draft" }, visits: [{ status: "completed" }] }, "enquiry", "Price it and send the quote"],
      [{ quote: { status: "accepted" } }, "accepted", "Book a time for the visit"],
      // Sent and past its date: expired, as the customer's link says.
      [{ quote: { status: "sent", validUntil: "2020-01-31" } }, "cancelled", "Nothing: the quote expired"],
      [{ quote: { status: "declined" } }, "cancelled", "Nothing: the customer declined the quote"],
      // A declined quote after a paid survey: the survey's money is the job's end.
      [
        { quote: { status: "declined" }, visits: [{ status: "completed" }], invoices: [{ status: "issued", paid: true }] },
        "paid",
        "Nothing: paid in full",
      ],
      [{ visits: [{ status: "completed" }] }, "done", "Invoice the job"],
    ];
    for (const [facts, state, next] of cases) expect(await stateOf(facts), JSON.stringify(facts)).toEqual({ state, next });
  });
});
