import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminProperty } from "../schema/api/properties";
import { account, asCustomer, outgoingLinks, signIn } from "./helpers/account";
import { callApp, query } from "./helpers/factories-commerce";
import { admin, completeRecord, issuedRecord, landlordWithFlat, pdfText, withAtRiskFire } from "./helpers/gas-safety";
import { drainMail } from "./helpers/mail";

/**
 * A property's tenant signs in to the account and sees that home's gas safety records and warning
 * notices, read-only, and nothing of the landlord's (worker/services/account/tenants.ts).
 */

/** A landlord (with a phone) whose flat's tenant is Tom, a second let flat with its own tenant, paperwork at both and an invoice. */
async function lettings() {
  const f = await landlordWithFlat();
  expect((await admin("PATCH", `/api/admin/customers/${f.customer.id}`, { phone: "0161 496 0777" })).status).toBe(200);
  const record = await issuedRecord(f, withAtRiskFire(f));
  const { body: second } = await admin<AdminProperty>("POST", `/api/admin/customers/${f.customer.id}/properties`, {
    address: `Flat 2 ${f.tag}, 16 Canal Street, Manchester`,
    postcode: "M1 3HW",
    tenantName: "Sue Other",
    tenantEmail: `sue-${f.tag}@example.com`,
  });
  const { body: boiler } = await admin("POST", `/api/admin/properties/${second.id}/appliances`, {
    location: "Hall",
    type: "boiler",
    make: "Vaillant",
    flueType: "room-sealed",
  });
  const { body: draft } = await admin("POST", "/api/admin/gas-safety-records", { propertyId: second.id });
  const { checkDate, tightnessTest, emergencyControlAccessible, engineerName, engineerLicence, signature, complianceConfirmed } =
    completeRecord(f);
  const filled = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, {
    checkDate,
    tightnessTest,
    emergencyControlAccessible,
    engineerName,
    engineerLicence,
    signature,
    complianceConfirmed,
    coAlarms: [{ room: "Hall", fitted: true, tested: true, working: true }],
    appliances: [
      {
        applianceId: boiler.id,
        safetyDevices: "pass",
        ventilation: "pass",
        flueVisual: "pass",
        safeToUse: true,
        operatingPressureMbar: 20,
        coPpm: 10,
        co2Percent: 9,
        coCo2Ratio: 0.0011,
      },
    ],
  });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const { status, body: otherRecord } = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  expect(status, JSON.stringify(otherRecord)).toBe(200);
  const { body: invoice } = await admin<AdminInvoice>("POST", "/api/admin/invoices", {
    customerId: f.customer.id,
    lines: [{ description: "Gas safety checks", quantity: 2, unitPence: 7_500, vatRate: 0 }],
  });
  expect((await admin("POST", `/api/admin/invoices/${invoice.id}/issue`)).status).toBe(200);
  return { f, record, notice: record.warningNotices[0]!, second, otherRecord, invoice };
}

describe("the tenant's account", () => {
  it("sees the home's records and notices as the landlord does, and nothing of the landlord or the other flat", async () => {
    const l = await lettings();
    const tenant = await signIn(l.f.tenantEmail);
    const [mail] = await query<{ text: string }>(
      "SELECT text FROM outgoing_emails WHERE lower(`to`) = ?1 AND kind = 'account' ORDER BY id DESC",
      l.f.tenantEmail,
    );
    expect(mail!.text).toContain("Hello Tom, here is your link to see your home's gas safety records and warning notices");

    const { status, body } = await account<AccountSummary>(tenant);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Tom Tenant",
      isCustomer: false,
      details: null,
      properties: [],
      quotes: [],
      invoices: [],
    });
    expect(body.upcoming).toEqual([]);
    expect(body.homes).toHaveLength(1);
    const [home] = body.homes;
    expect(home).toMatchObject({ id: l.f.flat.id, address: l.f.flat.address, nextDeadline: l.record.nextDueDate });

    // The same documents of the same flat as the landlord's account lists, with the same classification.
    const landlord = (await account<AccountSummary>(await signIn(l.f.landlordEmail))).body;
    expect(landlord.isCustomer).toBe(true);
    expect(landlord.homes).toEqual([]);
    const flat = landlord.properties.find((p) => p.id === l.f.flat.id)!;
    const shown = (docs: { kind: string; number: string | null; classification: string | null }[]) =>
      docs.filter((d) => d.kind !== "service-sheet").map((d) => [d.kind, d.number, d.classification]);
    expect(shown(home!.documents)).toEqual(shown(flat.documents));
    expect(shown(home!.documents)).toEqual([
      ["gas-safety-record", l.record.number, null],
      ["warning-notice", l.notice.number, "At Risk"],
    ]);
    const pdf = await callApp(home!.documents[1]!.pdfUrl);
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(l.notice.number!);
    // The landlord sees the second flat and its record; the tenant of the first sees neither.
    const landlordSecond = landlord.properties.find((p) => p.id === l.second.id)!;
    expect(landlordSecond.lastGasSafetyRecord?.number).toBe(l.otherRecord.number);

    const text = JSON.stringify(body);
    for (const words of [
      l.f.landlordEmail,
      l.f.customer.lastName,
      "0161 496 0777",
      "Agent Row",
      l.second.address,
      l.otherRecord.number,
      l.invoice.number ?? "INV-",
    ])
      expect(text, words).not.toContain(words);
    // Nothing to book until the landlord lets the tenant (test/account-tenant-booking.test.ts).
    expect(body.homes.map((h) => h.bookUrl)).toEqual([null]);
  });

  // Booking is the tenant's too where the landlord allows it: test/account-tenant-booking.test.ts.
  it("refuses every route that is the customer's alone, and opens only the home's own documents", async () => {
    const l = await lettings();
    const cookie = await signIn(l.f.tenantEmail);
    const refused = [
      ["PATCH", "/preferences", { reminders: false }],
      ["PATCH", "/details", { firstName: "Tom", lastName: "Tenant", phone: null }],
      ["GET", `/properties/${l.f.flat.id}`, undefined],
      ["GET", `/properties/${l.second.id}`, undefined],
    ] as const;
    for (const [method, path, json] of refused) {
      const res = await account(cookie, path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toMatch(/signed in as a tenant/);
    }
    const open = (path: string) => callApp(`/api/account/documents/${path}`, { headers: asCustomer(cookie) });
    expect((await open(`gas-safety-record/${l.record.id}`)).status).toBe(302);
    expect((await open(`warning-notice/${l.notice.id}`)).status).toBe(302);
    for (const path of [
      `gas-safety-record/${l.otherRecord.id}`,
      `invoice/${l.invoice.id}`,
      `credit-note/${l.invoice.id}`,
      `service-sheet/${l.record.id}`,
    ]) {
      const res = await open(path);
      expect(res.status, path).toBe(404);
    }
    // Nothing changed for the landlord.
    const landlord = (await account<AccountSummary>(await signIn(l.f.landlordEmail))).body;
    expect(landlord.preferences.reminders).toBe(true);
    expect(landlord.upcoming).toEqual([]);

    // The export: what is held of the tenant as a tenant, and the mail to the address; nothing of the landlord's.
    const exported = await account<any>(cookie, "/export");
    expect(exported.status).toBe(200);
    expect(exported.body.tenancies).toEqual([
      expect.objectContaining({ propertyId: l.f.flat.id, tenantName: "Tom Tenant", tenantEmail: l.f.tenantEmail }),
    ]);
    for (const key of ["customers", "properties", "invoices", "quotes", "gasSafetyRecords", "warningNotices"])
      expect(exported.body[key], key).toEqual([]);
    expect(JSON.stringify(exported.body)).not.toContain(l.f.landlordEmail);
    expect(JSON.stringify(exported.body)).not.toContain("0161 496 0777");
    // Asking for erasure is the tenant's right too (the registry clears a tenant's details: asTenant).
    expect((await account(cookie, "/erasure-request", { method: "POST", json: {} })).status).toBe(201);
  });

  it("shows a new tenant the current record, not an earlier one naming the tenant before", async () => {
    const f = await landlordWithFlat();
    const earlier = await issuedRecord(f);
    const moved = await admin("PATCH", `/api/admin/properties/${f.flat.id}`, {
      tenantName: "Nia Newcomer",
      tenantEmail: `nia-${f.tag}@example.com`,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const current = await issuedRecord(f);
    const nia = (await account<AccountSummary>(await signIn(`nia-${f.tag}@example.com`))).body;
    expect(nia.homes[0]!.documents.map((d) => d.number)).toEqual([current.number]);
    expect(JSON.stringify(nia)).not.toContain(earlier.number!);
    // Tom, no longer the tenant and no customer, gets no sign-in link.
    await callApp("/api/account/sign-in", { method: "POST", json: { email: f.tenantEmail } });
    await drainMail();
    expect(await outgoingLinks(f.tenantEmail)).toEqual([]);
  });

  it("a tenant who is also a customer sees both views, and the rented flat stays the landlord's", async () => {
    const l = await lettings();
    const { body: own } = await admin("POST", "/api/admin/customers", {
      firstName: "Tom",
      lastName: `Owner-${l.f.tag}`,
      email: l.f.tenantEmail,
      address: "3 Boiler Lane, Sale",
      postcode: "M33 7XY",
    });
    const cookie = await signIn(l.f.tenantEmail);
    const { body } = await account<AccountSummary>(cookie);
    expect(body).toMatchObject({ isCustomer: true, name: `Tom Owner-${l.f.tag}` });
    expect(body.properties.map((p) => p.address)).toEqual(["3 Boiler Lane, Sale"]);
    expect(body.homes.map((h) => h.id)).toEqual([l.f.flat.id]);
    expect((await account(cookie, `/properties/${l.f.flat.id}`)).status).toBe(404);
    expect((await account(cookie, `/properties/${body.properties[0]!.id}`)).status).toBe(200);
    expect((await callApp(`/api/account/documents/warning-notice/${l.notice.id}`, { headers: asCustomer(cookie) })).status).toBe(
      302,
    );
    expect(
      (await account(cookie, "/details", { method: "PATCH", json: { firstName: "Tom", lastName: "Owner", phone: null } })).status,
    ).toBe(200);
    // Named the tenant of a property of their own, they see it once, as its customer.
    const ownHome = body.properties[0]!.id;
    expect(
      (await admin("PATCH", `/api/admin/properties/${ownHome}`, { tenantName: "Tom", tenantEmail: l.f.tenantEmail })).status,
    ).toBe(200);
    expect((await account<AccountSummary>(cookie)).body.homes.map((h) => h.id)).toEqual([l.f.flat.id]);
    expect(own.id).toBeGreaterThan(0);
  });
});
