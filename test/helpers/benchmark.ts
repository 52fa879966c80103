import type { AdminAppliance, AdminProperty } from "../../schema/api/properties";
import { SERVICE_CHECKS } from "../../schema/api/service-sheets";
import { londonToday } from "../../schema/london-time";
import { completeChecklist } from "../fixtures/benchmark-checklist";
import { admin } from "./admin";
import { createServiceRecord } from "./factories-admin";
import { SIGNATURE } from "./gas-safety";

/**
 * Benchmark checklists as test/benchmark-records.test.ts drives them: a customer's home with a new
 * combi boiler and a hob, the boiler's fitting visit, every item of the checklist filled in, and a
 * service sheet issued for one of the appliances (the checklist's service record).
 */
export const today = londonToday();

export async function homeWithNewBoiler(first = "Bea") {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `boiler-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: first,
    lastName: `Combi-${tag}`,
    email,
    address: "7 Weir Street, Stretford",
    postcode: "M32 0ZZ",
  });
  const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
  const add = async (appliance: object) =>
    (await admin<AdminAppliance>("POST", `/api/admin/properties/${home!.id}/appliances`, appliance)).body;
  const hob = await add({ location: "Kitchen", type: "hob", flueType: "flueless" });
  const boiler = await add({
    location: "Airing cupboard",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 4000 30kW",
    serial: `WB-${tag}`,
    flueType: "room-sealed",
  });
  const visit = await createServiceRecord({
    customerId: customer.id,
    propertyId: home!.id,
    serviceType: "Boiler installation",
    status: "in-progress",
    serviceDate: today,
  });
  return { customer, home: home!, boiler, hob, visit, email, tag };
}

export { completeChecklist };

/** An issued service sheet for `applianceId` at the property, dated `serviceDate`. */
export async function issuedServiceSheet(propertyId: number, applianceId: number, serviceDate: string, extra: object = {}) {
  const { body: sheet } = await admin("POST", "/api/admin/service-sheets", {
    propertyId,
    applianceId,
    serviceDate,
    checks: Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"])),
    operatingPressureMbar: 20,
    coPpm: 14,
    co2Percent: 9.2,
    coCo2Ratio: 0.0015,
    safeToUse: true,
    partsUsed: "Condensate trap seal",
    engineerName: "Dave Hughes",
    engineerLicence: "1112223",
    signature: SIGNATURE,
    ...extra,
  });
  const issued = await admin("POST", `/api/admin/service-sheets/${sheet.id}/issue`);
  if (issued.status !== 200) throw new Error(`service sheet not issued: ${JSON.stringify(issued.body)}`);
  return issued.body as { id: number; number: string; nextServiceDate: string };
}
