import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AuditEntry } from "../schema/api/audit";
import type { JobBuildingRegs } from "../schema/api/installations";
import { notificationDeadline, notificationUrgency } from "../schema/api/installations";
import type { AdminJob } from "../schema/api/jobs";
import type { AdminQuote } from "../schema/api/quotes";
import { londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { adminSummary } from "../worker/services/home/summary";
import { readJob } from "../worker/services/jobs/jobs";
import { account, signIn } from "./helpers/account";
import { acceptedJob, complete, issueBenchmarkAt } from "./helpers/building-regs";
import { query } from "./helpers/factories-commerce";
import { admin, boilerQuote, customer } from "./helpers/quotes";

/**
 * The Building Regulations notification tracker (issue 47 part 2): a job whose accepted quote fits a
 * boiler, a cylinder or a gas fire owes a notification within 30 days of its completion (reg. 20(3)),
 * neutral to day 20, amber from day 21, red past day 30, in London days; recording it clears it, and
 * the job is invoiced as done only once it is recorded.
 */

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

const db = () => getDb(env);

const regsOn = async (jobId: number, today: string) => (await readJob(db(), jobId, today)).buildingRegs as JobBuildingRegs;
const dueOnHome = async (jobId: number, now: Date) =>
  (await adminSummary(db(), now)).notificationsDue.jobs.find((j) => j.jobId === jobId);

describe("the deadline, in London calendar days", () => {
  it("is 30 days from completion across month ends and a leap day: neutral to day 20, amber 21 to 30, red from 31", () => {
    expect(notificationDeadline("2026-01-31")).toBe("2026-03-02");
    expect(notificationDeadline("2028-01-31")).toBe("2028-03-01");
    expect(notificationDeadline("2026-12-15")).toBe("2027-01-14");
    expect(notificationUrgency("2026-01-31", "2026-02-20")).toEqual({ day: 20, daysLeft: 10, tone: "neutral" });
    expect(notificationUrgency("2026-01-31", "2026-02-21")).toEqual({ day: 21, daysLeft: 9, tone: "amber" });
    expect(notificationUrgency("2026-01-31", "2026-03-02")).toEqual({ day: 30, daysLeft: 0, tone: "amber" });
    expect(notificationUrgency("2026-01-31", "2026-03-03")).toEqual({ day: 31, daysLeft: -1, tone: "red" });
    // Across both of 2026's clock changes (29 March, 25 October): whole days, never 23 or 25 hours.
    expect(notificationUrgency("2026-03-09", "2026-03-30").day).toBe(21);
    expect(notificationUrgency("2026-10-04", "2026-11-04")).toMatchObject({ day: 31, tone: "red" });
  });
});

describe("a job whose accepted quote fits a boiler", () => {
  it("owes nothing while its visit is to do, then is neutral to day 20, amber on day 21 and red on day 31", async () => {
    const { visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    const before = await regsOn(jobId, "2026-02-01");
    expect(before).toMatchObject({ installations: ["boiler"], state: "not due", completedOn: null, tone: null, record: null });

    await complete(visitId, "2026-01-31");
    expect(await regsOn(jobId, "2026-02-20")).toMatchObject({
      state: "to notify",
      completedOn: "2026-01-31",
      deadline: "2026-03-02",
      tone: "neutral",
      daysLeft: 10,
    });
    expect(await regsOn(jobId, "2026-02-21")).toMatchObject({ tone: "amber", daysLeft: 9 });
    expect(await regsOn(jobId, "2026-03-02")).toMatchObject({ tone: "amber", daysLeft: 0 });
    expect(await regsOn(jobId, "2026-03-03")).toMatchObject({ tone: "red", daysLeft: -1 });

    const screen = (await admin<AdminJob>("GET", `/api/admin/jobs/${jobId}`)).body;
    expect(screen).toMatchObject({
      state: "done",
      canInvoice: false,
      next: "Record the Building Regulations notification, then invoice the job",
    });
    expect(screen.buildingRegs).toMatchObject({ state: "to notify", tone: "red" });
  });

  it("is on the home screen from day 21, by the London day even at 23:30 UTC on either side of a clock change", async () => {
    const spring = await acceptedJob({ boiler: "boiler" });
    await complete(spring.visitId, "2026-03-09");
    // 22:30 UTC on 29 March is 23:30 BST, still day 20; an hour later it is day 21 in London, not in UTC.
    expect(await dueOnHome(spring.jobId, new Date("2026-03-29T22:30:00Z"))).toBeUndefined();
    expect(await dueOnHome(spring.jobId, new Date("2026-03-29T23:30:00Z"))).toMatchObject({
      tone: "amber",
      daysLeft: 9,
      completedOn: "2026-03-09",
      deadline: "2026-04-08",
      title: "A new combi boiler",
    });

    const autumn = await acceptedJob({ boiler: "boiler" });
    await complete(autumn.visitId, "2026-10-04");
    expect(await dueOnHome(autumn.jobId, new Date("2026-10-24T22:59:00Z"))).toBeUndefined();
    expect(await dueOnHome(autumn.jobId, new Date("2026-10-24T23:30:00Z"))).toMatchObject({ tone: "amber", daysLeft: 9 });
    // After the clocks go back London is on UTC: 23:59 on 3 November is day 30, midnight day 31.
    expect(await dueOnHome(autumn.jobId, new Date("2026-11-03T23:59:00Z"))).toMatchObject({ tone: "amber", daysLeft: 0 });
    expect(await dueOnHome(autumn.jobId, new Date("2026-11-04T00:00:00Z"))).toMatchObject({ tone: "red", daysLeft: -1 });
    const home = await adminSummary(db(), new Date("2026-11-04T00:00:00Z"));
    expect(home.notificationsDue.count).toBeGreaterThanOrEqual(2);
  });

  it("cannot be invoiced as done until the notification is recorded; recording the reference clears the red", async () => {
    const { visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    await complete(visitId, "2026-09-01");
    const refused = await admin("POST", "/api/admin/invoices", { fromJobId: jobId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "This job fitted a boiler: record its Building Regulations notification (or mark it notified by another party) before invoicing it.",
    );
    expect(await dueOnHome(jobId, new Date("2026-10-20T12:00:00Z"))).toMatchObject({ tone: "red" });

    const recorded = await admin<JobBuildingRegs>("PUT", `/api/admin/jobs/${jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: "2026-09-20",
      reference: " GSR-123456 ",
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body).toMatchObject({
      state: "notified",
      tone: null,
      record: { notifiedBy: "us", notifiedOn: "2026-09-20", reference: "GSR-123456", certificateNumber: null },
    });
    expect(await dueOnHome(jobId, new Date("2026-10-20T12:00:00Z"))).toBeUndefined();
    const screen = (await admin<AdminJob>("GET", `/api/admin/jobs/${jobId}`)).body;
    expect(screen).toMatchObject({ canInvoice: true, next: "Invoice the job" });
    expect(screen.events.find((e) => e.title === "Building Regulations notification GSR-123456")).toMatchObject({
      at: "2026-09-20",
      status: "Notified through Gas Safe Register",
    });

    const later = await admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: "2026-09-20",
      reference: "GSR-123456",
      certificateNumber: "BRC 778899",
    });
    expect(later.body.record.certificateNumber).toBe("BRC 778899");
    const history = (await admin<AuditEntry[]>("GET", `/api/admin/audit/job/${jobId}`)).body;
    expect(history.filter((e) => e.recordKind === "job").map((e) => [e.summary, e.before, e.after])).toEqual([
      [
        `Job ${jobId}: recorded its Building Regulations notification`,
        { notifiedBy: "us", notifiedOn: "2026-09-20", reference: "GSR-123456", certificateNumber: null },
        { notifiedBy: "us", notifiedOn: "2026-09-20", reference: "GSR-123456", certificateNumber: "BRC 778899" },
      ],
      [
        `Job ${jobId}: recorded its Building Regulations notification`,
        null,
        { notifiedBy: "us", notifiedOn: "2026-09-20", reference: "GSR-123456", certificateNumber: null },
      ],
    ]);
    expect((await admin("POST", "/api/admin/invoices", { fromJobId: jobId })).status).toBe(201);
  });

  it("marked notified by another party is invoiced too, with no reference asked", async () => {
    const { visitId, jobId } = await acceptedJob({ boiler: "boiler" });
    await issueBenchmarkAt(visitId);
    await complete(visitId, "2026-09-01");
    const other = await admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, { notifiedBy: "other" });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.record).toMatchObject({ notifiedBy: "other", notifiedOn: null, reference: null });
    expect((await admin("POST", "/api/admin/invoices", { fromJobId: jobId })).status).toBe(201);
  });
});

describe("a quote line's installation mark", () => {
  it("is kept with the line, and only a boiler, a cylinder or a gas fire", async () => {
    const c = await customer();
    const body = boilerQuote(c.id);
    const marked = { ...body, options: [{ name: "Fire", lines: [{ ...body.options[0]!.lines[0]!, installation: "gas-fire" }] }] };
    const created = await admin<AdminQuote>("POST", "/api/admin/estimates", marked);
    expect(created.status).toBe(201);
    expect(created.body.options[0]!.lines[0]!.installation).toBe("gas-fire");
    const wrong = { ...body, options: [{ name: "Sink", lines: [{ ...body.options[0]!.lines[0]!, installation: "sink" }] }] };
    const refused = await admin("POST", "/api/admin/estimates", wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("The installation is a boiler, a cylinder or a gas fire");
  });
});

describe("recording a notification", () => {
  it("says what is missing or wrong, and refuses a job that fitted nothing notifiable", async () => {
    const { jobId } = await acceptedJob({ boiler: "boiler" });
    const put = (body: object) => admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, body);
    expect((await put({ notifiedBy: "us", notifiedOn: londonToday() })).body.error).toBe(
      "The notification reference must be text",
    );
    expect((await put({ notifiedBy: "us", notifiedOn: londonToday(), reference: "" })).body.error).toBe(
      "Enter the notification reference from Gas Safe Register",
    );
    expect((await put({ notifiedBy: "us", notifiedOn: "2099-01-01", reference: "X1" })).status).toBe(400);
    expect((await put({ notifiedBy: "us", notifiedOn: "2026-02-30", reference: "X1" })).body.error).toBe(
      "The notification date is not a real date",
    );
    expect((await put({ notifiedBy: "them" })).body.error).toBe(
      "Say who notified the work: us through Gas Safe Register, or another party",
    );
    expect((await put({ notifiedBy: "us", notifiedOn: londonToday(), reference: "<script>" })).status).toBe(400);

    const plain = await acceptedJob({});
    expect((await admin<AdminJob>("GET", `/api/admin/jobs/${plain.jobId}`)).body.buildingRegs).toBeNull();
    const refused = await admin("PUT", `/api/admin/jobs/${plain.jobId}/building-regs`, { notifiedBy: "other" });
    expect(refused.status).toBe(409);
    await complete(plain.visitId, "2026-09-01");
    expect((await admin("POST", "/api/admin/invoices", { fromJobId: plain.jobId })).status).toBe(201);
    expect((await admin("PUT", "/api/admin/jobs/99999999/building-regs", { notifiedBy: "other" })).status).toBe(404);
  });

  it("counts an optional extra marked as a cylinder only when the customer chose it", async () => {
    const without = await acceptedJob({ filter: "cylinder" });
    expect((await readJob(db(), without.jobId)).buildingRegs).toBeNull();
    const chosen = await acceptedJob({ boiler: "boiler", filter: "cylinder" }, { optionalLineIds: ["filter"] });
    await issueBenchmarkAt(chosen.visitId);
    expect((await readJob(db(), chosen.jobId)).buildingRegs?.installations.sort()).toEqual(["boiler", "cylinder"]);
    await complete(chosen.visitId, "2026-09-01");
    expect((await admin("POST", "/api/admin/invoices", { fromJobId: chosen.jobId })).body.error).toBe(
      "This job fitted a boiler and an unvented hot water cylinder: record its Building Regulations notification (or mark it notified by another party) before invoicing it.",
    );
  });
});

describe("two customers", () => {
  it("each sees only their own job's notification on their account, and the home names each job's own customer", async () => {
    const a = await acceptedJob({ boiler: "boiler" });
    const b = await acceptedJob({ boiler: "boiler" });
    await complete(a.visitId, "2026-08-01");
    await complete(b.visitId, "2026-08-02");
    const now = new Date("2026-08-25T12:00:00Z");
    expect((await dueOnHome(a.jobId, now))?.customerName).toBe(`Bea Buyer-${a.c.tag}`);
    expect((await dueOnHome(b.jobId, now))?.customerName).toBe(`Bea Buyer-${b.c.tag}`);

    await admin("PUT", `/api/admin/jobs/${a.jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: "2026-08-20",
      reference: "GSR-A-1",
      certificateNumber: "CERT-A",
    });
    await admin("PUT", `/api/admin/jobs/${b.jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: "2026-08-21",
      reference: "GSR-B-2",
    });

    const seenByA = (await account<AccountSummary>(await signIn(a.c.email))).body.buildingRegs;
    expect(seenByA).toEqual([
      {
        title: "A new combi boiler",
        installations: ["boiler"],
        notifiedOn: "2026-08-20",
        reference: "GSR-A-1",
        certificateNumber: "CERT-A",
      },
    ]);
    const seenByB = (await account<AccountSummary>(await signIn(b.c.email))).body.buildingRegs;
    expect(seenByB.map((n) => n.reference)).toEqual(["GSR-B-2"]);
  });
});
