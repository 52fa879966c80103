import { describe, expect, it } from "vitest";
import { BENCHMARK_OWED } from "../schema/api/installations";
import type { AdminJob } from "../schema/api/jobs";
import type { SheetAnswer } from "../schema/api/visits";
import { londonToday } from "../schema/london-time";
import { admin, adminHeaders } from "./helpers/admin";
import { acceptedJob, complete, issueBenchmarkAt } from "./helpers/building-regs";
import { callAppJson, query } from "./helpers/factories-commerce";

// Issue 47 part 2, "the kinds ... chosen on the sheet": work fitted without a quote (a boiler
// replaced on an emergency call) is ticked on the visit's job sheet, and its job owes the
// notification (and a boiler's Benchmark) as a quoted one does. The job's installations are kept by
// the database from both (migrations/0042_sheet_installations.sql's view).

async function visitWithoutQuote() {
  const tag = crypto.randomUUID().slice(0, 8);
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Enid",
    lastName: `Emergency-${tag}`,
    email: `emergency-${tag}@example.com`,
    address: "5 Brook Lane, Urmston",
    postcode: "M41 9AA",
  });
  const visit = await admin("POST", "/api/admin/service-records", {
    customerId: customer.id,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  return { visitId: visit.body.id as number, jobId: visit.body.jobId as number };
}

const putSheet = async (visitId: number, baseVersion: string, extra: object) =>
  callAppJson<SheetAnswer & { error?: string; details?: { path: string; message: string }[] }>(
    `/api/admin/visits/${visitId}/sheet`,
    {
      method: "PUT",
      json: { baseVersion, arrivedAt: new Date().toISOString(), workDone: "Boiler replaced like for like", ...extra },
      headers: { ...(await adminHeaders()), "Idempotency-Key": crypto.randomUUID() },
    },
  );
const jobOf = async (jobId: number) => (await admin<AdminJob>("GET", `/api/admin/jobs/${jobId}`)).body;

describe("notifiable work ticked on the job sheet", () => {
  it("makes the visit's job owe its notification and the boiler's Benchmark, and unticking it owes nothing", async () => {
    const { visitId, jobId } = await visitWithoutQuote();
    expect((await jobOf(jobId)).buildingRegs).toBeNull();
    const first = await putSheet(visitId, "1", { installations: ["boiler"], finish: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const owed = await jobOf(jobId);
    expect(owed).toMatchObject({
      state: "in progress",
      buildingRegs: { installations: ["boiler"], state: "to notify", benchmarkOwed: true },
    });
    const refused = await admin("POST", "/api/admin/invoices", { fromServiceRecordId: visitId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(BENCHMARK_OWED);

    // Ticked by mistake: taken off again, the job owes nothing and is done.
    const second = await putSheet(visitId, first.body.version, { installations: [], finish: true });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await jobOf(jobId)).toMatchObject({ state: "done", buildingRegs: null });
    const [row] = await query<{ installations: string }>(
      "SELECT installations FROM visit_sheets WHERE service_record_id = ?1",
      visitId,
    );
    expect(row!.installations).toBe("[]");
  });

  it("adds to what the accepted quote fitted, for that job alone", async () => {
    const quoted = await acceptedJob({ filter: "cylinder" }, { optionalLineIds: ["filter"] });
    const other = await acceptedJob({ filter: "cylinder" }, { optionalLineIds: ["filter"] });
    const [visit] = await query<{ version: string }>(
      "SELECT CAST(version AS TEXT) AS version FROM service_records WHERE id = ?1",
      quoted.visitId,
    );
    const synced = await putSheet(quoted.visitId, visit?.version ?? "1", { installations: ["gas-fire"] });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect((await jobOf(quoted.jobId)).buildingRegs?.installations.sort()).toEqual(["cylinder", "gas-fire"]);
    expect((await jobOf(other.jobId)).buildingRegs?.installations).toEqual(["cylinder"]);
  });

  it("refuses anything but a boiler, a cylinder or a gas fire, each once", async () => {
    const { visitId } = await visitWithoutQuote();
    const unknown = await putSheet(visitId, "1", { installations: ["kitchen"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { path: "installations.0", message: "Notifiable work is a boiler, a cylinder or a gas fire" },
    ]);
    const twice = await putSheet(visitId, "1", { installations: ["boiler", "boiler"] });
    expect(twice.status).toBe(400);
    expect(twice.body.details).toEqual([{ path: "installations", message: "Each notifiable installation once" }]);
  });

  it("keeps its ticks when a phone's older app, which knows no ticks, syncs the sheet", async () => {
    const { visitId, jobId } = await visitWithoutQuote();
    const ticked = await putSheet(visitId, "1", { installations: ["boiler"] });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    // A sheet queued offline before the field existed: no "installations" in its body.
    const older = await putSheet(visitId, ticked.body.version, { advice: "Bleed the radiators" });
    expect(older.status, JSON.stringify(older.body)).toBe(200);
    const [row] = await query<{ installations: string; advice: string }>(
      "SELECT installations, advice FROM visit_sheets WHERE service_record_id = ?1",
      visitId,
    );
    expect(row).toEqual({ installations: '["boiler"]', advice: "Bleed the radiators" });
    expect((await jobOf(jobId)).buildingRegs?.installations).toEqual(["boiler"]);
  });

  it("owes nothing for a visit deleted from its job, and owes a Benchmark again when its visit with the checklist goes", async () => {
    // A second visit at the job ticked a gas fire; deleting it leaves the job the quote's boiler only.
    const job = await acceptedJob({ boiler: "boiler" });
    const second = await admin("POST", "/api/admin/service-records", {
      customerId: job.c.id,
      serviceType: "Gas Fire Installation",
      status: "scheduled",
      serviceDate: londonToday(),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const fire = second.body.id as number;
    await query("UPDATE service_records SET job_id = ?1 WHERE id = ?2", job.jobId, fire);
    const [v] = await query<{ version: string }>(
      "SELECT CAST(version AS TEXT) AS version FROM service_records WHERE id = ?1",
      fire,
    );
    expect((await putSheet(fire, v!.version, { installations: ["gas-fire"] })).status).toBe(200);
    expect((await jobOf(job.jobId)).buildingRegs?.installations.sort()).toEqual(["boiler", "gas-fire"]);
    expect((await admin("DELETE", `/api/admin/service-records/${fire}`)).status).toBe(200);
    expect((await jobOf(job.jobId)).buildingRegs?.installations).toEqual(["boiler"]);

    // The boiler's Benchmark issued at the fitting visit, then that visit deleted: the job owes it again.
    await complete(job.visitId, londonToday());
    await issueBenchmarkAt(job.visitId);
    const [done] = await query<{ benchmark_owed: number }>("SELECT benchmark_owed FROM jobs WHERE id = ?1", job.jobId);
    expect(done!.benchmark_owed).toBe(0);
    await query("DELETE FROM service_records WHERE id = ?1", job.visitId);
    const [owed] = await query<{ benchmark_owed: number; installations: string }>(
      "SELECT benchmark_owed, installations FROM jobs WHERE id = ?1",
      job.jobId,
    );
    expect(owed).toEqual({ benchmark_owed: 1, installations: '["boiler"]' });
  });
});
