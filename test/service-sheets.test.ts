import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { SentAttachment } from "../schema/api/campaigns";
import type { DocumentSummary } from "../schema/api/documents";
import type { AdminProperty } from "../schema/api/properties";
import { type AdminServiceSheet, SERVICE_CHECKS } from "../schema/api/service-sheets";
import { addMonths, londonToday } from "../schema/london-time";
import { admin } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const today = londonToday();

async function homeWithBoiler() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `owner-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Hana",
    lastName: `Home-${tag}`,
    email,
    address: "3 Oak Road, Sale",
    postcode: "M33 2AB",
  });
  const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
  const { body: hob } = await admin("POST", `/api/admin/properties/${home!.id}/appliances`, {
    location: "Kitchen",
    type: "hob",
    flueType: "flueless",
  });
  const { body: boiler } = await admin("POST", `/api/admin/properties/${home!.id}/appliances`, {
    location: "Utility room",
    type: "boiler",
    make: "Vaillant",
    model: "ecoTEC plus 832",
    serial: "VT-42",
    flueType: "room-sealed",
  });
  return { customer, home: home!, boiler, hob, email };
}

const allPassed = Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"]));
const complete = {
  checks: allPassed,
  operatingPressureMbar: 20,
  coPpm: 14,
  co2Percent: 9.2,
  coCo2Ratio: 0.0015,
  systemPressureBar: 1.3,
  safeToUse: true,
  partsUsed: "Condensate trap seal",
  advice: "Fit a magnetic filter at the next opportunity.",
  engineerName: "Dave Hughes",
  engineerLicence: "1234567",
  signature: SIGNATURE,
};

describe("service sheets", () => {
  it("drafts a sheet for the property's boiler, refuses to issue it unfinished, then issues, files and e-mails it", async () => {
    const f = await homeWithBoiler();
    const visit = await createServiceRecord({
      customerId: f.customer.id,
      propertyId: f.home.id,
      serviceType: "Annual Boiler Service",
      status: "in-progress",
      serviceDate: today,
    });
    const created = await admin<AdminServiceSheet>("POST", "/api/admin/service-sheets", {
      propertyId: f.home.id,
      serviceRecordId: visit.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "draft",
      applianceId: f.boiler.id,
      serviceDate: today,
      nextServiceDate: addMonths(today, 12),
    });

    const early = await admin("POST", `/api/admin/service-sheets/${created.body.id}/issue`);
    expect(early.status).toBe(400);
    expect(early.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining([
        "checks.burner",
        "checks.gasTightness",
        "operatingPressureMbar",
        "coPpm",
        "co2Percent",
        "safeToUse",
        "signature",
      ]),
    );

    // Saved a little at a time, as the engineer goes: the checks add up.
    await admin("PATCH", `/api/admin/service-sheets/${created.body.id}`, { checks: { burner: "pass" } });
    const { body: partly } = await admin<AdminServiceSheet>("PATCH", `/api/admin/service-sheets/${created.body.id}`, {
      checks: { seals: "fail" },
    });
    expect(partly.checks).toMatchObject({ burner: "pass", seals: "fail" });
    expect((await admin("PATCH", `/api/admin/service-sheets/${created.body.id}`, complete)).status).toBe(200);

    const { status, body: issued } = await admin<AdminServiceSheet>("POST", `/api/admin/service-sheets/${created.body.id}/issue`);
    expect(status).toBe(200);
    expect(issued.number).toMatch(/^SS-\d{6}$/);
    expect(issued.pdfUrl).toMatch(/^\/api\/documents\/service-sheet\//);
    expect((await admin("PATCH", `/api/admin/service-sheets/${issued.id}`, { advice: "changed" })).status).toBe(409);

    // The visit is done and its next due date is the sheet's: the service reminders run from it.
    const [row] = await query<{ status: string; next_service_due: string }>(
      "SELECT status, next_service_due FROM service_records WHERE id = ?1",
      visit.id,
    );
    expect(row).toEqual({ status: "completed", next_service_due: addMonths(today, 12) });

    const res = await callApp(issued.pdfUrl!);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    expect(digest).toBe(issued.pdfSha256);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const words of [
      issued.number!,
      "Vaillant ecoTEC plus 832",
      "3 Oak Road, Sale",
      "Condensate trap seal",
      "1234567",
      "CASE SEALS AND GASKETS",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(words);
    }

    await drainMail();
    const [mail] = await query<{ attachments: string; subject: string }>(
      "SELECT attachments, subject FROM outbox WHERE `to` = ?1",
      f.email,
    );
    expect(mail!.subject).toContain(issued.number!);
    const [file] = JSON.parse(mail!.attachments) as SentAttachment[];
    expect(file).toMatchObject({ name: `${issued.number}.pdf`, contentType: "application/pdf" });

    const { body: documents } = await admin<DocumentSummary[]>("GET", `/api/admin/customers/${f.customer.id}/documents`);
    expect(documents).toEqual([
      expect.objectContaining({ kind: "service-sheet", number: issued.number, nextDueDate: addMonths(today, 12) }),
    ]);
    const { body: visits } = await admin("GET", `/api/admin/service-records?customerId=${f.customer.id}`);
    expect(visits[0].serviceSheet).toEqual({ id: issued.id, status: "issued" });
  });

  it("records the visit when a sheet was started without one, and refuses another property's appliance", async () => {
    const f = await homeWithBoiler();
    const g = await homeWithBoiler();
    const { body: draft } = await admin<AdminServiceSheet>("POST", "/api/admin/service-sheets", { propertyId: f.home.id });
    const wrong = await admin("PATCH", `/api/admin/service-sheets/${draft.id}`, { applianceId: g.boiler.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: "applianceId", message: "This appliance is not at this property" }]);
    await admin("PATCH", `/api/admin/service-sheets/${draft.id}`, { ...complete, nextServiceDate: addMonths(today, 6) });
    const { body: issued } = await admin<AdminServiceSheet>("POST", `/api/admin/service-sheets/${draft.id}/issue`);
    expect(issued.serviceRecordId).not.toBeNull();
    const [visit] = await query<{ service_type: string; next_service_due: string; property_id: number; work_completed: string }>(
      "SELECT service_type, next_service_due, property_id, work_completed FROM service_records WHERE id = ?1",
      issued.serviceRecordId,
    );
    expect(visit).toEqual({
      service_type: "Annual Boiler Service",
      next_service_due: addMonths(today, 6),
      property_id: f.home.id,
      work_completed: `Service sheet ${issued.number}`,
    });
    expect((await admin("POST", "/api/admin/service-sheets", { propertyId: 999_999 })).status).toBe(404);
    expect((await admin("GET", "/api/admin/service-sheets/999999")).status).toBe(404);
    expect((await callApp(`/api/admin/service-sheets/${draft.id}`)).status).toBe(401);
  });
});
