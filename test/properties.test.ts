import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminAppliance, AdminProperty, AdminPropertyDetail } from "../schema/api/properties";
import { admin } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";

const landlord = {
  firstName: "Lena",
  lastName: "Landlord",
  email: "lena.landlord@example.com",
  address: "9 Agent Row, Altrincham",
  postcode: "wa14 1aa",
  isLandlord: true,
};

describe("a customer's properties and appliances", () => {
  it("gives a new customer with an address that home as their first property, and follows a change of it", async () => {
    const { body: customer } = await admin("POST", "/api/admin/customers", landlord);
    const { status, body: list } = await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`);
    expect(status).toBe(200);
    expect(list).toMatchObject([
      { customerId: customer.id, address: "9 Agent Row, Altrincham", postcode: "WA14 1AA", appliances: [] },
    ]);
    await admin("PATCH", `/api/admin/customers/${customer.id}`, { address: "10 Agent Row, Altrincham" });
    const { body: moved } = await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`);
    expect(moved.map((p) => p.address)).toEqual(["10 Agent Row, Altrincham"]);
    // A phone-only customer with no address has none.
    const { body: phoneOnly } = await admin("POST", "/api/admin/customers", {
      firstName: "Phil",
      lastName: "Phone",
      phone: "0161 496 0101",
    });
    expect((await admin<AdminProperty[]>("GET", `/api/admin/customers/${phoneOnly.id}/properties`)).body).toEqual([]);
  });

  it("adds a landlord's second property with its tenant, and its appliances, and reads it back whole", async () => {
    const { body: customer } = await admin("POST", "/api/admin/customers", { ...landlord, email: "lena2@example.com" });
    const added = await admin<AdminProperty>("POST", `/api/admin/customers/${customer.id}/properties`, {
      address: "Flat 2, 14 Canal Street, Manchester",
      postcode: "m1 3hw",
      tenantName: "Tom Tenant",
      tenantEmail: "TOM@example.com",
      tenantPhone: "07700 900123",
      tenantGetsCopies: true,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      postcode: "M1 3HW",
      tenantEmail: "tom@example.com",
      tenantGetsCopies: true,
      appliances: [],
    });
    const boiler = await admin<AdminAppliance>("POST", `/api/admin/properties/${added.body.id}/appliances`, {
      location: "Kitchen cupboard",
      type: "boiler",
      make: "Worcester Bosch",
      model: "Greenstar 30i",
      serial: "WB123456",
      flueType: "room-sealed",
    });
    expect(boiler.status).toBe(201);
    expect(boiler.body).toMatchObject({ propertyId: added.body.id, landlordOwned: true, type: "boiler" });
    const cooker = await admin<AdminAppliance>("POST", `/api/admin/properties/${added.body.id}/appliances`, {
      location: "Kitchen",
      type: "cooker",
      flueType: "flueless",
      landlordOwned: false,
    });
    const changed = await admin<AdminAppliance>("PATCH", `/api/admin/appliances/${cooker.body.id}`, { make: "Belling" });
    expect(changed.body).toMatchObject({ make: "Belling", landlordOwned: false });

    const record = await createServiceRecord({
      customerId: customer.id,
      serviceType: "Gas Safety Check",
      serviceDate: "2026-10-01",
      nextServiceDue: "2027-10-01",
    });
    await env.DB.prepare("UPDATE service_records SET property_id = ?1 WHERE id = ?2").bind(added.body.id, record.id).run();
    const detail = await admin<AdminPropertyDetail>("GET", `/api/admin/properties/${added.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.appliances.map((a) => a.location)).toEqual(["Kitchen cupboard", "Kitchen"]);
    expect(detail.body.appliances[1]).toMatchObject({ landlordOwned: false, make: "Belling" });
    expect(detail.body).toMatchObject({
      lastVisit: "2026-10-01",
      nextDue: "2027-10-01",
      visits: [{ id: record.id, serviceDate: "2026-10-01" }],
    });
    const both = await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`);
    expect(both.body.map((p) => p.address)).toEqual(["9 Agent Row, Altrincham", "Flat 2, 14 Canal Street, Manchester"]);

    const edited = await admin<AdminProperty>("PATCH", `/api/admin/properties/${added.body.id}`, { tenantName: "Tia Tenant" });
    expect(edited.body).toMatchObject({
      tenantName: "Tia Tenant",
      tenantEmail: "tom@example.com",
      appliances: expect.any(Array),
    });
  });

  it("answers 404 for an unknown customer, property or appliance, and 400 with the field for a bad body, writing nothing", async () => {
    const before = await query<{ n: number }>("SELECT count(*) AS n FROM properties");
    const unknown = await admin("POST", "/api/admin/customers/999999/properties", { address: "1 Nowhere", postcode: "M1 1AA" });
    expect(unknown.status).toBe(404);
    expect((await admin("GET", "/api/admin/properties/999999")).status).toBe(404);
    expect((await admin("PATCH", "/api/admin/properties/999999", { tenantName: "x" })).status).toBe(404);
    expect(
      (await admin("POST", "/api/admin/properties/999999/appliances", { location: "Hall", type: "fire", flueType: "open-flued" }))
        .status,
    ).toBe(404);
    expect((await admin("PATCH", "/api/admin/appliances/999999", { make: "x" })).status).toBe(404);
    const { body: customer } = await admin("POST", "/api/admin/customers", { ...landlord, email: "lena3@example.com" });
    const bad = await admin("POST", `/api/admin/customers/${customer.id}/properties`, { address: "", postcode: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(["address", "postcode"]);
    const copiesNoEmail = await admin("POST", `/api/admin/customers/${customer.id}/properties`, {
      address: "3 Let Street",
      postcode: "M1 1AA",
      tenantGetsCopies: true,
    });
    expect(copiesNoEmail.status).toBe(400);
    expect(copiesNoEmail.body.error).toBe("Add the tenant's e-mail address to send them copies");
    const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
    const patchCopies = await admin("PATCH", `/api/admin/properties/${home!.id}`, { tenantGetsCopies: true });
    expect(patchCopies.status).toBe(400);
    const badAppliance = await admin("POST", `/api/admin/properties/${home!.id}/appliances`, {
      location: "Hall",
      type: "kettle",
      flueType: "chimney",
    });
    expect(badAppliance.status).toBe(400);
    expect(badAppliance.body.details.map((d: { path: string }) => d.path)).toEqual(["type", "flueType"]);
    const after = await query<{ n: number }>("SELECT count(*) AS n FROM properties");
    expect(after[0]!.n).toBe(before[0]!.n + 1); // only the home of the customer added above
  });

  it("puts a visit recorded for a customer at their home, and a landlord's reminder names the property", async () => {
    const { body: customer } = await admin("POST", "/api/admin/customers", { ...landlord, email: "lena4@example.com" });
    const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: customer.id,
      serviceType: "Gas Safety Check",
      status: "completed",
      serviceDate: new Date(Date.now() - 355 * 86_400_000).toISOString().slice(0, 10),
      nextServiceDue: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.status).toBe(201);
    const [row] = await query<{ property_id: number }>("SELECT property_id FROM service_records WHERE id = ?1", created.body.id);
    expect(row!.property_id).toBe(home!.id);
    const run = await admin("POST", "/api/admin/reminders/run");
    expect(run.status).toBeLessThan(300);
    const [mail] = await query<{ text: string }>(
      "SELECT text FROM outgoing_emails WHERE `to` = ?1 AND kind = 'reminder'",
      "lena4@example.com",
    );
    expect(mail!.text).toContain("9 Agent Row, Altrincham, WA14 1AA");
  });

  it("puts a visit at the property chosen, one of the customer's own, and moves it to another", async () => {
    const { body: customer } = await admin("POST", "/api/admin/customers", { ...landlord, email: "lena5@example.com" });
    const { body: flat } = await admin<AdminProperty>("POST", `/api/admin/customers/${customer.id}/properties`, {
      address: "Flat 9, 1 Mill Lane, Salford",
      postcode: "M5 4WT",
    });
    const { body: stranger } = await admin("POST", "/api/admin/customers", { ...landlord, email: "other5@example.com" });
    const [theirs] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${stranger.id}/properties`)).body;
    const visit = {
      customerId: customer.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "scheduled",
      serviceDate: "2027-01-10",
    };
    const created = await admin("POST", "/api/admin/service-records", { ...visit, propertyId: flat.id });
    expect(created.status).toBe(201);
    expect(created.body.propertyId).toBe(flat.id);
    const refused = await admin("POST", "/api/admin/service-records", { ...visit, propertyId: theirs!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: "propertyId", message: "Choose one of this customer's properties" }]);
    const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
    const moved = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, { propertyId: home!.id });
    expect(moved.status).toBe(200);
    expect(moved.body.propertyId).toBe(home!.id);
    expect((await admin("PATCH", `/api/admin/service-records/${created.body.id}`, { propertyId: theirs!.id })).status).toBe(400);
  });
});
