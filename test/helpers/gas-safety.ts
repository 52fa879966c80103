import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import type { AdminGasSafetyRecord } from "../../schema/api/gas-safety";
import type { AdminAppliance, AdminProperty } from "../../schema/api/properties";
import { londonToday } from "../../schema/london-time";
import { admin } from "./admin";

export { admin };

/**
 * Gas safety records as the three test files drive them (test/gas-safety-issuing.test.ts,
 * test/gas-safety-deadlines-and-corrections.test.ts, test/gas-safety-integrity.test.ts): a landlord's
 * let flat with its appliances, a record filled as an engineer would, drafted and issued through the
 * admin API, and the text and hash of the PDFs it makes.
 */

/** A real 1×1 PNG, as the signature pad sends one. */
export const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
export const today = londonToday();

/** A landlord with a let flat: a boiler, an open-flued fire and the tenant's own cooker. */
export async function landlordWithFlat({ tenantGetsCopies = true } = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Lena",
    lastName: `Landlord-${tag}`,
    email: `lena-${tag}@example.com`,
    address: "9 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const { body: flat } = await admin<AdminProperty>("POST", `/api/admin/customers/${customer.id}/properties`, {
    address: `Flat ${tag}, 14 Canal Street, Manchester`,
    postcode: "M1 3HW",
    tenantName: "Tom Tenant",
    tenantEmail: `tom-${tag}@example.com`,
    tenantGetsCopies,
  });
  const add = async (appliance: object) =>
    (await admin<AdminAppliance>("POST", `/api/admin/properties/${flat.id}/appliances`, appliance)).body;
  const boiler = await add({
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    serial: "WB-123",
    flueType: "room-sealed",
  });
  const fire = await add({ location: "Lounge", type: "fire", make: "Baxi", model: "Bermuda", flueType: "open-flued" });
  const cooker = await add({ location: "Kitchen", type: "cooker", make: "Belling", flueType: "flueless", landlordOwned: false });
  return {
    customer,
    flat,
    tag,
    boiler,
    fire,
    cooker,
    tenantEmail: `tom-${tag}@example.com`,
    landlordEmail: `lena-${tag}@example.com`,
  };
}

export type Flat = Awaited<ReturnType<typeof landlordWithFlat>>;

const passed = { safetyDevices: "pass", ventilation: "pass", flueVisual: "pass", safeToUse: true } as const;

/** Everything reg. 36 asks for, filled as an engineer would. */
export function completeRecord(f: Flat, overrides: Record<string, unknown> = {}) {
  return {
    checkDate: today,
    appliances: [
      { applianceId: f.boiler.id, ...passed, operatingPressureMbar: 20, coPpm: 12, co2Percent: 9.1, coCo2Ratio: 0.0013 },
      { applianceId: f.fire.id, ...passed, heatInputKw: 4.2, flueFlow: "pass", spillage: "pass" },
      { applianceId: f.cooker.id, visualOnly: true, safeToUse: true },
    ],
    tightnessTest: "pass",
    emergencyControlAccessible: true,
    // The boiler and the cooker share the kitchen: two rooms.
    coAlarms: [
      { room: "Kitchen", fitted: true, tested: true, working: true },
      { room: "Lounge", fitted: false },
    ],
    complianceConfirmed: true,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: SIGNATURE,
    ...overrides,
  };
}

/** A notice's details as the engineer fills them: turned off and labelled, the tenant told and signing. */
export const warningGiven = {
  actionsTaken: ["turned-off", "label-attached"],
  permission: "given",
  responsiblePerson: "Tom Tenant",
  responsibleSignature: SIGNATURE,
};

/** The fire At Risk, turned off with the person's permission refused: the record comes with a warning notice. */
export function withAtRiskFire(f: Flat) {
  const appliances = [...(completeRecord(f).appliances as Record<string, unknown>[])];
  appliances[1] = {
    ...appliances[1],
    safeToUse: false,
    classification: "AR",
    defect: "Spillage at the draught diverter",
    remedialAction: "Flue to be swept and retested",
    spillage: "fail",
    warning: { ...warningGiven, permission: "refused", emergencyServiceInformed: true },
  };
  return { appliances };
}

export async function draftAt(f: Flat, extra: object = {}) {
  const { status, body } = await admin<AdminGasSafetyRecord>("POST", "/api/admin/gas-safety-records", {
    propertyId: f.flat.id,
    ...extra,
  });
  expect(status).toBe(201);
  return body;
}

export async function issuedRecord(f: Flat, overrides: Record<string, unknown> = {}) {
  const draft = await draftAt(f);
  expect((await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, completeRecord(f, overrides))).status).toBe(200);
  const issued = await admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  expect(issued.status).toBe(200);
  return issued.body;
}

export async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

export async function sha256(bytes: Uint8Array) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
