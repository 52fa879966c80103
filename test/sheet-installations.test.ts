import { describe, expect, it } from "vitest";
import { BENCHMARK_OWED } from "../schema/api/installations";
import type { AdminJob } from "../schema/api/jobs";
import type { SheetAnswer } from "../schema/api/visits";
import { londonToday } from "../schema/london-time";
import { admin, adminHeaders } from "./helpers/admin";
import { acceptedJob } from "./helpers/building-regs";
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
});
