import { afterEach, describe, expect, it } from "vitest";
import { account, signIn } from "./helpers/account";
import { acceptedJob, complete, issueBenchmarkAt } from "./helpers/building-regs";
import { query } from "./helpers/factories-commerce";
import { admin } from "./helpers/quotes";

/**
 * The Building Regulations notification beyond the job's own screen (issue 47 part 2): a job whose
 * work is complete is invoiced as done only once its notification is recorded, whichever route the
 * invoice takes (the job, its accepted quote, one of its visits), while a deposit invoice from the
 * quote before the work is done is not held up; and the customer's "Download my data" holds the
 * notifications recorded for their jobs.
 */

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

const BOILER_OWED =
  "This job fitted a boiler: record its Building Regulations notification (or mark it notified by another party) before invoicing it.";

const invoiceFrom = (from: object) => admin("POST", "/api/admin/invoices", from);

const record = (jobId: number, body: object) => admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, body);

describe("invoicing a job that owes its notification, by its quote or its visit", () => {
  it("refuses the accepted quote's invoice and the visit's once the work is complete, and takes them once recorded", async () => {
    const { quoteId, visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    await complete(visitId, "2026-09-01");
    for (const from of [{ fromQuoteId: quoteId }, { fromServiceRecordId: visitId }]) {
      const refused = await invoiceFrom(from);
      expect(refused.status, JSON.stringify(from)).toBe(409);
      expect(refused.body.error).toBe(BOILER_OWED);
    }
    expect(await query("SELECT id FROM invoices WHERE job_id = ?1", jobId)).toEqual([]);

    expect((await record(jobId, { notifiedBy: "us", notifiedOn: "2026-09-10", reference: "GSR-9" })).status).toBe(200);
    const byVisit = await invoiceFrom({ fromServiceRecordId: visitId });
    expect(byVisit.status, JSON.stringify(byVisit.body)).toBe(201);
    expect(byVisit.body).toMatchObject({ jobId, serviceRecordId: visitId });
  });

  it("takes the accepted quote's invoice after a notification marked as another party's", async () => {
    const { quoteId, visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    await complete(visitId, "2026-09-01");
    expect((await invoiceFrom({ fromQuoteId: quoteId })).status).toBe(409);
    expect((await record(jobId, { notifiedBy: "other" })).status).toBe(200);
    const byQuote = await invoiceFrom({ fromQuoteId: quoteId });
    expect(byQuote.status, JSON.stringify(byQuote.body)).toBe(201);
    expect(byQuote.body).toMatchObject({ jobId, quoteId });
  });

  it("takes a deposit invoice from the quote while its visit is still to do", async () => {
    const { quoteId, jobId } = await acceptedJob({ boiler: "boiler" });
    const deposit = await invoiceFrom({ fromQuoteId: quoteId });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    expect(deposit.body).toMatchObject({ jobId, quoteId });
  });

  it("takes a completed visit's invoice while another visit of the job is to do, and refuses the last one's", async () => {
    const { visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    const second = await admin("POST", "/api/admin/service-records", {
      jobId,
      serviceType: "Boiler installation (second day)",
      status: "scheduled",
      serviceDate: "2026-09-02",
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    await complete(visitId, "2026-09-01");
    const first = await invoiceFrom({ fromServiceRecordId: visitId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    await complete(second.body.id, "2026-09-02");
    const last = await invoiceFrom({ fromServiceRecordId: second.body.id });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe(BOILER_OWED);
  });

  it("names every installation, and holds nothing up on a job that fitted nothing notifiable", async () => {
    const both = await acceptedJob({ boiler: "boiler", filter: "cylinder" }, { optionalLineIds: ["filter"] });
    await issueBenchmarkAt(both.visitId);
    await complete(both.visitId, "2026-09-01");
    expect((await invoiceFrom({ fromQuoteId: both.quoteId })).body.error).toBe(
      "This job fitted a boiler and an unvented hot water cylinder: record its Building Regulations notification (or mark it notified by another party) before invoicing it.",
    );

    const plain = await acceptedJob({});
    await complete(plain.visitId, "2026-09-01");
    expect((await invoiceFrom({ fromServiceRecordId: plain.visitId })).status).toBe(201);
    expect((await invoiceFrom({ fromQuoteId: plain.quoteId })).status).toBe(201);
  });
});

describe("the customer's data export", () => {
  it("holds the notifications recorded for the account's own jobs, and no other customer's", async () => {
    const a = await acceptedJob({ boiler: "boiler", filter: "cylinder" }, { optionalLineIds: ["filter"] });
    const b = await acceptedJob({ boiler: "boiler" });
    const notRecorded = await acceptedJob({ boiler: "boiler" });
    await complete(a.visitId, "2026-08-03");
    await complete(b.visitId, "2026-08-04");
    await record(a.jobId, { notifiedBy: "us", notifiedOn: "2026-08-20", reference: "GSR-A-77", certificateNumber: "BRC 1234" });
    await record(b.jobId, { notifiedBy: "other" });

    const exported = await account<any>(await signIn(a.c.email), "/export");
    expect(exported.status).toBe(200);
    expect(exported.body.buildingRegsNotifications).toEqual([
      {
        jobId: a.jobId,
        title: "A new combi boiler",
        installations: expect.arrayContaining(["boiler", "cylinder"]),
        completedOn: "2026-08-03",
        notifiedBy: "us",
        notifiedOn: "2026-08-20",
        reference: "GSR-A-77",
        certificateNumber: "BRC 1234",
        recordedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(exported.body.buildingRegsNotifications[0].installations).toHaveLength(2);

    const ofB = (await account<any>(await signIn(b.c.email), "/export")).body.buildingRegsNotifications;
    expect(ofB).toEqual([
      expect.objectContaining({
        jobId: b.jobId,
        notifiedBy: "other",
        notifiedOn: null,
        reference: null,
        certificateNumber: null,
      }),
    ]);
    const none = (await account<any>(await signIn(notRecorded.c.email), "/export")).body.buildingRegsNotifications;
    expect(none).toEqual([]);
  });
});
