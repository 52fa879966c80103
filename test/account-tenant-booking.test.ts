import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../schema/london-time";
import { account, admin, landlord, signIn } from "./helpers/account";
import { callAppJson, outboxTo, query } from "./helpers/factories-commerce";

/**
 * A tenant books the access the landlord allows (issue 44): the landlord ticks "let the tenant book"
 * on her let flat; the tenant then books its gas safety check from their own account, for the
 * landlord, at that flat, confirmed to the tenant, the landlord told. Until then, and anywhere else, they cannot.
 */

async function letFlat(name: string) {
  const l = await landlord(name);
  const tenantEmail = `tenant-${l.tag}@example.com`;
  const let_ = await admin("PATCH", `/api/admin/properties/${l.flat.id}`, {
    tenantName: "Tia Tenant",
    tenantEmail,
    tenantPhone: "07700 900222",
  });
  expect(let_.status).toBe(200);
  return { ...l, tenantEmail };
}

async function firstSlot() {
  const from = addDays(londonToday(), 1);
  const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
  return slot!.start;
}

const bookingBy = (email: string, start: string, propertyId: number) => ({
  service: "gas-safety",
  start,
  name: "Tia Tenant",
  email,
  phone: "07700 900222",
  postcode: "M1 3HW",
  address: "typed",
  propertyId,
});

describe("a tenant booking the check", () => {
  it("may book once the landlord allows it: the visit is the landlord's, at the flat, confirmed to the tenant", async () => {
    const l = await letFlat("Una");
    const other = await letFlat("Vic");
    const tenant = await signIn(l.tenantEmail);
    const start = await firstSlot();

    // Not yet allowed: the tenant's home has no booking link and a booking is refused with why.
    expect((await account(tenant)).body.homes[0].bookUrl).toBeNull();
    const early = await account(tenant, "/bookings", { method: "POST", json: bookingBy(l.tenantEmail, start, l.flat.id) });
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/^Your landlord books the gas safety check for this home/);

    // The landlord allows it from her account; the tenant cannot change it.
    const owner = await signIn(l.email);
    const summary = (await account(owner)).body;
    const flatOf = (s: { properties: { id: number; tenant: unknown }[] }) => s.properties.find((p) => p.id === l.flat.id);
    expect(flatOf(summary)?.tenant).toEqual({ name: "Tia Tenant", mayBook: false });
    expect((await account(tenant, `/properties/${l.flat.id}/tenant`, { method: "PATCH", json: { mayBook: true } })).status).toBe(
      403,
    );
    expect(
      (await account(owner, `/properties/${other.flat.id}/tenant`, { method: "PATCH", json: { mayBook: true } })).status,
    ).toBe(404);
    const allowed = await account(owner, `/properties/${l.flat.id}/tenant`, { method: "PATCH", json: { mayBook: true } });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ mayBook: true });

    const home = (await account(tenant)).body.homes[0];
    expect(home.bookUrl).toContain(`property=${l.flat.id}`);
    expect(home.bookUrl).toContain("name=Tia+Tenant");
    // Another landlord's flat is not the tenant's to book, allowed or not.
    expect(
      (await account(tenant, "/bookings", { method: "POST", json: bookingBy(l.tenantEmail, start, other.flat.id) })).status,
    ).toBe(404);

    // A channel in the body is not the tenant's to choose for the landlord's customer: dropped.
    const booked = await account(tenant, "/bookings", {
      method: "POST",
      json: { ...bookingBy(l.tenantEmail, start, l.flat.id), contactChannel: "text" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await query("SELECT contact_channel, phone FROM customers WHERE id = ?1", l.customer.id)).toEqual([
      { contact_channel: "email", phone: null },
    ]);
    const [visit] = await query<{ customer_id: number; property_id: number; email: string; address: string }>(
      `SELECT r.customer_id, r.property_id, b.email, b.address FROM bookings b JOIN service_records r ON r.id = b.service_record_id
       WHERE b.reference = ?1`,
      booked.body.reference,
    );
    expect(visit).toEqual({ customer_id: l.customer.id, property_id: l.flat.id, email: l.tenantEmail, address: l.flat.address });
    // Nobody new: no customer with the tenant's address.
    expect(await query("SELECT id FROM customers WHERE lower(email) = ?1", l.tenantEmail)).toEqual([]);
    const [confirmation] = await outboxTo(l.tenantEmail).then((mails) => mails.filter((m) => /booked/i.test(m.subject)));
    expect(confirmation?.text).toContain(l.flat.address);
    // The landlord, whose visit it is, is told who booked it, when and where (and gets no link to manage it).
    const [told] = await outboxTo(l.email).then((mails) => mails.filter((m) => /your tenant booked/i.test(m.subject)));
    expect(told?.subject).toContain(booked.body.reference);
    expect(told?.text).toContain(`Tia Tenant booked your Gas safety certificate (CP12) visit at ${l.flat.address}`);
    expect(told?.text).toContain("Booked by: Tia Tenant, 07700 900222");
    expect(told?.text).not.toContain("/booking/");
    // The landlord sees the visit among hers.
    expect((await account(owner)).body.upcoming).toEqual([expect.objectContaining({ reference: booked.body.reference })]);
  });

  it("is only allowed with a tenant who can sign in, and the office may allow it too", async () => {
    const l = await landlord("Wyn");
    const owner = await signIn(l.email);
    // No tenant e-mail: nobody to let book.
    const flat = (await account(owner)).body.properties.find((p: { id: number }) => p.id === l.flat.id);
    expect(flat.tenant).toBeNull();
    const refused = await account(owner, `/properties/${l.flat.id}/tenant`, { method: "PATCH", json: { mayBook: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Add the tenant's e-mail address to let them book/);
    const office = await admin("PATCH", `/api/admin/properties/${l.flat.id}`, { tenantMayBook: true });
    expect(office.status).toBe(400);
    expect(office.body.details).toEqual([{ path: "tenantEmail", message: "Add the tenant's e-mail address to let them book" }]);
    const both = await admin("PATCH", `/api/admin/properties/${l.flat.id}`, {
      tenantEmail: `t-${l.tag}@example.com`,
      tenantMayBook: true,
    });
    expect(both.status).toBe(200);
    expect(both.body.tenantMayBook).toBe(true);
    expect((await account(owner, `/properties/${l.flat.id}/tenant`, { method: "PATCH", json: { mayBook: "yes" } })).status).toBe(
      400,
    );
  });
});
