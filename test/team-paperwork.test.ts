import { describe, expect, it } from "vitest";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import type { SheetAnswer } from "../schema/api/visits";
import { londonToday } from "../schema/london-time";
import { adminHeaders, teamHeaders } from "./helpers/admin";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { completeRecord, landlordWithFlat, pdfText } from "./helpers/gas-safety";

// Issue 46: what an engineer issues carries their own name and Gas Safe licence number, whatever the
// draft was given; the owner of a business of one issues as the draft says, as before.

/** A visit at the flat, assigned to the engineer: what lets them at its paperwork (engineer-scope.ts). */
async function visitFor(engineerId: number, f: Awaited<ReturnType<typeof landlordWithFlat>>) {
  const { status, body } = await callAppJson("/api/admin/service-records", {
    method: "POST",
    headers: await adminHeaders(),
    json: {
      customerId: f.customer.id,
      propertyId: f.flat.id,
      serviceType: "Gas safety check",
      status: "scheduled",
      serviceDate: londonToday(),
      engineers: [engineerId],
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

const as = (headers: Record<string, string>) => ({
  post: <T = any>(path: string, json: unknown = {}) => callAppJson<T>(path, { method: "POST", json, headers }),
  patch: <T = any>(path: string, json: unknown) => callAppJson<T>(path, { method: "PATCH", json, headers }),
});

describe("paperwork issued by a member of the team", () => {
  it("starts the engineer's draft with their name and licence, and the record and its PDF carry them", async () => {
    const f = await landlordWithFlat();
    const { headers, id } = await teamHeaders("engineer", { name: "Priya Shah", licence: "7654321" });
    const engineer = as(headers);
    // Not one of her visits yet: the property's paperwork is not hers to start.
    expect((await engineer.post("/api/admin/gas-safety-records", { propertyId: f.flat.id })).status).toBe(403);
    await visitFor(id, f);
    const draft = await engineer.post<AdminGasSafetyRecord>("/api/admin/gas-safety-records", { propertyId: f.flat.id });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ engineerName: "Priya Shah", engineerLicence: "7654321" });
    // Someone else's name typed into the draft does not make it theirs.
    const filled = await engineer.patch(`/api/admin/gas-safety-records/${draft.body.id}`, {
      ...completeRecord(f),
      engineerName: "Dave Hughes",
      engineerLicence: "1234567",
    });
    expect(filled.status).toBe(200);
    const issued = await engineer.post<AdminGasSafetyRecord>(`/api/admin/gas-safety-records/${draft.body.id}/issue`);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: "issued", engineerName: "Priya Shah", engineerLicence: "7654321" });
    // The record's visit is hers.
    const engineers = await query<{ user_id: number }>(
      "SELECT ve.user_id FROM gas_safety_records r JOIN visit_engineers ve ON ve.service_record_id = r.service_record_id WHERE r.id = ?1",
      draft.body.id,
    );
    expect(engineers.map((e) => e.user_id)).toContain(id);
    const pdf = await callApp(`/api/admin/gas-safety-records/${draft.body.id}/pdf`, { headers });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Priya Shah");
    expect(text).toContain("7654321");
    expect(text).not.toContain("Dave Hughes");
  });

  it("refuses an engineer without a licence on their profile, naming what to do", async () => {
    const f = await landlordWithFlat();
    const { headers, id } = await teamHeaders("engineer", { licence: "" });
    await visitFor(id, f);
    const engineer = as(headers);
    const draft = await engineer.post<AdminGasSafetyRecord>("/api/admin/gas-safety-records", { propertyId: f.flat.id });
    await engineer.patch(`/api/admin/gas-safety-records/${draft.body.id}`, completeRecord(f));
    const refused = await engineer.post(`/api/admin/gas-safety-records/${draft.body.id}/issue`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "engineerLicence" }] });
    expect(refused.body.error).toContain("Ask the owner to add it");
  });

  it("lets the owner of a business of one issue as the draft says", async () => {
    const f = await landlordWithFlat();
    const owner = as(await adminHeaders());
    const draft = await owner.post<AdminGasSafetyRecord>("/api/admin/gas-safety-records", { propertyId: f.flat.id });
    await owner.patch(`/api/admin/gas-safety-records/${draft.body.id}`, {
      ...completeRecord(f),
      engineerName: "Dave Hughes",
      engineerLicence: "1234567",
    });
    const issued = await owner.post<AdminGasSafetyRecord>(`/api/admin/gas-safety-records/${draft.body.id}/issue`);
    expect(issued.body).toMatchObject({ engineerName: "Dave Hughes", engineerLicence: "1234567" });
    // With no visit that day, issuing made one: the owner's.
    const engineers = await query<{ user_id: number }>(
      "SELECT ve.user_id FROM gas_safety_records r JOIN visit_engineers ve ON ve.service_record_id = r.service_record_id WHERE r.id = ?1",
      draft.body.id,
    );
    expect(engineers).toEqual([{ user_id: 1 }]);
  });
});

describe("a job sheet sent from a phone", () => {
  it("says who sent it, by their name as it was then", async () => {
    const owner = await adminHeaders();
    const tag = crypto.randomUUID().slice(0, 8);
    const customer = await callAppJson("/api/admin/customers", {
      method: "POST",
      headers: owner,
      json: {
        firstName: "Ida",
        lastName: `Sheet-${tag}`,
        email: `sheet-${tag}@example.com`,
        address: "8 Birch Road, Sale",
        postcode: "M33 2AA",
      },
    });
    const { headers, id } = await teamHeaders("engineer", { name: "Priya Shah" });
    const visitOf = (engineers: number[]) =>
      callAppJson("/api/admin/service-records", {
        method: "POST",
        headers: owner,
        json: {
          customerId: customer.body.id,
          serviceType: "Boiler Repair",
          status: "scheduled",
          serviceDate: londonToday(),
          engineers,
        },
      });
    const sheet = { baseVersion: "1", arrivedAt: new Date().toISOString(), workDone: "Replaced the diverter valve" };
    // Another engineer's visit is not hers to fill.
    const others = await visitOf([1]);
    const stranger = await callAppJson(`/api/admin/visits/${others.body.id}/sheet`, {
      method: "PUT",
      headers: { ...headers, "Idempotency-Key": `not-hers-${tag}` },
      json: sheet,
    });
    expect(stranger.status).toBe(403);
    const visit = await visitOf([id]);
    const sent = await callAppJson<SheetAnswer>(`/api/admin/visits/${visit.body.id}/sheet`, {
      method: "PUT",
      headers: { ...headers, "Idempotency-Key": `by-${tag}` },
      json: sheet,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.sheet).toMatchObject({ by: "Priya Shah", workDone: "Replaced the diverter valve" });
  });
});
