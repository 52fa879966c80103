import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AuditEntry } from "../schema/api/audit";
import type { AdminProperty } from "../schema/api/properties";
import { type AdminUnventedRecord, NOT_QUALIFIED_FOR_G3_SERVICE } from "../schema/api/unvented-records";
import { addDays, addMonths, londonToday } from "../schema/london-time";
import { account, signIn } from "./helpers/account";
import { admin } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { SIGNATURE } from "./helpers/gas-safety";
import { createEngineer } from "./helpers/team";

// Issue 47 part 3: "annual service entries as for Benchmark". Each year's service of an unvented
// cylinder is appended to its issued commissioning record (G3) by an engineer holding the unvented
// qualification, read back with the record oldest first, and shown on the customer's account as the
// record's next due date.

const today = londonToday();

/** A customer with an issued G3 record commissioned `daysAgo` days ago. */
async function issuedRecord(daysAgo = 400) {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `svc-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Nell",
    lastName: `Cylinder-${tag}`,
    email,
    address: "3 Weir Road, Marple",
    postcode: "SK6 7AB",
  });
  const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
  const visit = await createServiceRecord({
    customerId: customer.id,
    propertyId: home!.id,
    serviceType: "Unvented cylinder annual check",
    status: "in-progress",
    serviceDate: today,
  });
  const { body: draft } = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
    propertyId: home!.id,
    serviceRecordId: visit.id,
    commissionedOn: addDays(today, -daysAgo),
    cylinderMake: "Gledhill",
    cylinderModel: "Stainless Lite Plus",
    cylinderSerial: `GL-${tag}`,
    capacityLitres: 180,
    expansionVesselBar: 3.5,
    prvSettingBar: 3,
    expansionReliefChecked: true,
    expansionReliefBar: 6,
    tpReliefChecked: true,
    tpReliefBar: 7,
    tpReliefCelsius: 90,
    d1SizeMm: 15,
    d2SizeMm: 22,
    d2LengthM: 3,
    dischargeTermination: "Into the gully by the back door",
    dischargeMeetsRule: true,
    thermostatChecked: true,
    cutOutChecked: true,
    customerName: "Nell Cylinder",
    customerSignature: SIGNATURE,
    signature: SIGNATURE,
  });
  const issued = await admin<AdminUnventedRecord>("POST", `/api/admin/unvented-records/${draft.id}/issue`);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return { record: issued.body, customer, home: home!, visit, email };
}

const service = (servicedOn: string, extra: Record<string, unknown> = {}) => ({
  servicedOn,
  nextDue: addMonths(servicedOn, 12),
  expansionVesselBar: 3.4,
  prvSettingBar: 3,
  expansionReliefChecked: true,
  tpReliefChecked: true,
  thermostatChecked: true,
  cutOutChecked: true,
  dischargeChecked: true,
  partsReplaced: null,
  ...extra,
});

describe("an unvented cylinder's annual services", () => {
  it("appends each year's service to the issued record, oldest first, under the engineer's own name and licence", async () => {
    const f = await issuedRecord(400);
    expect(f.record.services).toEqual([]);
    const una = await createEngineer("Una Annual", ["gas-domestic", "unvented"], "engineer", { licence: "6660001" });
    await query("INSERT INTO visit_engineers (service_record_id, user_id) VALUES (?1, ?2)", f.visit.id, una.id);
    const path = `/api/admin/unvented-records/${f.record.id}/services`;

    const lastYear = addDays(today, -30);
    const first = await admin<AdminUnventedRecord>("POST", path, service(lastYear, { partsReplaced: "PRV cartridge" }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await una.call<AdminUnventedRecord>("POST", path, service(today, { expansionVesselBar: 3.2 }));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.services).toEqual([
      expect.objectContaining({
        servicedOn: lastYear,
        nextDue: addMonths(lastYear, 12),
        engineerName: "Owner",
        partsReplaced: "PRV cartridge",
      }),
      expect.objectContaining({
        servicedOn: today,
        nextDue: addMonths(today, 12),
        engineerName: "Una Annual",
        engineerLicence: "6660001",
        expansionVesselBar: 3.2,
      }),
    ]);
    // The record itself is unchanged: its number, its PDF, its commissioning.
    expect(second.body).toMatchObject({ number: f.record.number, pdfSha256: f.record.pdfSha256, status: "issued" });

    // The customer's account shows the record with its next service due, the latest service's.
    const cookie = await signIn(f.email);
    const { body: summary } = await account<AccountSummary>(cookie);
    const home = summary.properties.find((p) => p.id === f.home.id)!;
    expect(home.documents).toEqual([
      expect.objectContaining({ kind: "unvented-record", number: f.record.number, nextDueDate: addMonths(today, 12) }),
    ]);
    const { body: exported } = await account(cookie, "/export");
    expect(exported.unventedServices).toHaveLength(2);

    // Its History names the services.
    const { body: history } = await admin<AuditEntry[]>("GET", `/api/admin/audit/unvented-record/${f.record.id}`);
    expect(history.filter((e) => e.summary.endsWith("recorded an annual service"))).toHaveLength(2);
  });

  it("is refused to anyone without the unvented qualification, on a draft, and with a check missing or a date wrong", async () => {
    const f = await issuedRecord(10);
    const path = `/api/admin/unvented-records/${f.record.id}/services`;
    const gasOnly = await createEngineer("Gil Gasonly", ["gas-domestic"], "engineer", { licence: "6660002" });
    await query("INSERT INTO visit_engineers (service_record_id, user_id) VALUES (?1, ?2)", f.visit.id, gasOnly.id);
    const refused = await gasOnly.call("POST", path, service(today));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", error: NOT_QUALIFIED_FOR_G3_SERVICE });
    // An engineer never sent there cannot reach the record at all.
    const stranger = await createEngineer("Stan Stranger", ["unvented"], "engineer");
    expect((await stranger.call("POST", path, service(today))).status).toBe(403);

    const missing = await admin("POST", path, service(today, { dischargeChecked: false, prvSettingBar: null }));
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { path: "prvSettingBar", message: "Enter the pressure reducing valve's setting" },
      { path: "dischargeChecked", message: "Check the tundish and discharge pipe before recording the service" },
    ]);
    const beforeCommissioning = await admin("POST", path, service(addDays(today, -11)));
    expect(beforeCommissioning.body.details).toEqual([
      { path: "servicedOn", message: "The service cannot be dated before the cylinder was commissioned" },
    ]);
    const future = await admin("POST", path, service(addDays(today, 1)));
    expect(future.body.details).toEqual([{ path: "servicedOn", message: "The service cannot be dated in the future" }]);
    const nextTooSoon = await admin("POST", path, { ...service(today), nextDue: today });
    expect(nextTooSoon.body.details).toEqual([{ path: "nextDue", message: "The next service must be after this one" }]);
    const badInput = await admin("POST", path, { ...service(today), expansionVesselBar: "lots" });
    expect(badInput.status).toBe(400);

    const { body: draft } = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", { propertyId: f.home.id });
    const onDraft = await admin("POST", `/api/admin/unvented-records/${draft.id}/services`, service(today));
    expect(onDraft.status).toBe(409);
    expect((await admin("POST", "/api/admin/unvented-records/999999/services", service(today))).status).toBe(404);

    const { body: after } = await admin<AdminUnventedRecord>("GET", `/api/admin/unvented-records/${f.record.id}`);
    expect(after.services).toEqual([]);
  });
});
