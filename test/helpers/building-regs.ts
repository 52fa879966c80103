import { expect } from "vitest";
import type { AdminBenchmarkRecord } from "../../schema/api/benchmark-records";
import type { InstallationKind } from "../../schema/api/installations";
import type { AdminAppliance } from "../../schema/api/properties";
import type { AdminQuote } from "../../schema/api/quotes";
import { completeChecklist } from "./benchmark";
import { query } from "./factories-commerce";
import { drainMail } from "./mail";
import { accept, admin, boilerQuote, customer } from "./quotes";

/**
 * Jobs that fit a notifiable installation, as the Building Regulations test files drive them
 * (test/building-regs.test.ts, test/building-regs-invoices-and-export.test.ts): a boiler quote whose
 * lines are marked as `marks` say (line id → installation), sent and accepted, which books its visit.
 */
export async function acceptedJob(marks: Record<string, InstallationKind>, acceptance: object = {}) {
  const c = await customer();
  const body = boilerQuote(c.id);
  body.options = body.options.map((o) => ({
    ...o,
    lines: o.lines.map((l) => (marks[l.id] ? { ...l, installation: marks[l.id] } : l)),
  }));
  const created = await admin<AdminQuote>("POST", "/api/admin/estimates", body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await admin("POST", `/api/admin/estimates/${created.body.id}/send`)).status).toBe(200);
  await drainMail();
  const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1 ORDER BY id DESC", c.email);
  const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
  expect((await accept(token, acceptance)).status).toBe(200);
  const [visit] = await query<{ id: number; job_id: number }>(
    "SELECT id, job_id FROM service_records WHERE customer_id = ?1",
    c.id,
  );
  return { c, quoteId: created.body.id, visitId: visit!.id, jobId: visit!.job_id };
}

/** The visit marked completed on `serviceDate`. */
export const complete = async (visitId: number, serviceDate: string) =>
  expect((await admin("PATCH", `/api/admin/service-records/${visitId}`, { status: "completed", serviceDate })).status).toBe(200);

/** A boiler added at the visit's property and its Benchmark commissioning checklist issued at the visit. */
export async function issueBenchmarkAt(visitId: number) {
  const [visit] = await query<{ property_id: number }>("SELECT property_id FROM service_records WHERE id = ?1", visitId);
  const propertyId = visit!.property_id;
  const { body: boiler } = await admin<AdminAppliance>("POST", `/api/admin/properties/${propertyId}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 4000 30kW",
    serial: `WB-${crypto.randomUUID().slice(0, 8)}`,
    flueType: "room-sealed",
  });
  const draft = await admin<AdminBenchmarkRecord>("POST", "/api/admin/benchmark-records", {
    propertyId,
    serviceRecordId: visitId,
    applianceId: boiler.id,
    ...completeChecklist,
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const issued = await admin<AdminBenchmarkRecord>("POST", `/api/admin/benchmark-records/${draft.body.id}/issue`);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body;
}
