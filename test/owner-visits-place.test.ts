import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callAppJson, outboxTo, query } from "./helpers/factories-commerce";

/**
 * A landlord's visit is at her flat, not her home: what she is sent about a visit the owner books
 * (the e-mail and its calendar file) names the visit's property.
 */

function nextThursday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "thursday") date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => londonToUtc(date, time).toISOString();
const admin = async (method: string, path: string, json?: unknown) =>
  callAppJson(path, { method, json, headers: await adminHeaders() });

afterEach(async () => {
  await query("DELETE FROM booking_cells");
  await query("DELETE FROM bookings");
  await query("DELETE FROM service_records");
});

async function landlordWithFlat() {
  const landlord = await createCustomer({
    email: `landlord-${crypto.randomUUID().slice(0, 8)}@example.com`,
    address: "1 Home Lane",
    postcode: "M33 1AA",
  });
  const home = await admin("POST", `/api/admin/customers/${landlord.id}/properties`, {
    address: "1 Home Lane",
    postcode: "M33 1AA",
    tenantName: null,
    tenantEmail: null,
    tenantPhone: null,
    tenantGetsCopies: false,
  });
  expect(home.status).toBe(201);
  const flat = await admin("POST", `/api/admin/customers/${landlord.id}/properties`, {
    address: "Flat 2, 9 Rental Street",
    postcode: "M32 9ZZ",
    tenantName: "Tia Tenant",
    tenantEmail: null,
    tenantPhone: "07700 900002",
    tenantGetsCopies: false,
  });
  expect(flat.status).toBe(201);
  return { landlord, flatId: flat.body.id as number };
}

/** The one e-mail sent to the address, with its calendar file's text. */
async function onlyMailTo(email: string, count = 1) {
  const mails = await outboxTo(email);
  expect(mails).toHaveLength(count);
  const rows = await query<{ attachments: string }>("SELECT attachments FROM outbox WHERE `to` = ?1 ORDER BY id", email);
  const [ics] = JSON.parse(rows.at(-1)!.attachments) as { content: string }[];
  return { mail: mails.at(-1)!, ics: ics!.content };
}

describe("a visit the owner books at a landlord's flat", () => {
  it("is confirmed at the flat: the e-mail and the calendar file name it, not her home", async () => {
    const day = nextThursday();
    const { landlord, flatId } = await landlordWithFlat();
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: landlord.id,
      propertyId: flatId,
      serviceType: "Landlord Gas Safety Check",
      status: "scheduled",
      serviceDate: day,
      visitStart: at(day, "10:30"),
      visitEnd: at(day, "11:30"),
    });
    expect(created.status).toBe(201);
    const { mail, ics } = await onlyMailTo(landlord.email);
    expect(mail.text).toContain("Flat 2, 9 Rental Street, M32 9ZZ");
    expect(mail.text).not.toContain("1 Home Lane");
    expect(ics).toContain("LOCATION:Flat 2\\, 9 Rental Street\\, M32 9ZZ");
    const [booking] = await query<{ address: string; postcode: string }>("SELECT address, postcode FROM bookings");
    expect(booking).toEqual({ address: "Flat 2, 9 Rental Street", postcode: "M32 9ZZ" });
  });

  it("given its first time later, is confirmed at its property", async () => {
    const day = nextThursday();
    const { landlord, flatId } = await landlordWithFlat();
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: landlord.id,
      propertyId: flatId,
      serviceType: "Landlord Gas Safety Check",
      status: "scheduled",
      serviceDate: day,
    });
    expect(await outboxTo(landlord.email)).toHaveLength(0);
    const timed = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, {
      visitStart: at(day, "13:00"),
      visitEnd: at(day, "14:00"),
    });
    expect(timed.status).toBe(200);
    const { mail } = await onlyMailTo(landlord.email);
    expect(mail.text).toContain("Flat 2, 9 Rental Street");
    expect(mail.text).not.toContain("1 Home Lane");
  });

  it("moved to the flat with a new time, tells her the new place and keeps the booking's address with it", async () => {
    const day = nextThursday();
    const { landlord, flatId } = await landlordWithFlat();
    const atHome = await admin("POST", "/api/admin/service-records", {
      customerId: landlord.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: day,
      visitStart: at(day, "09:00"),
      visitEnd: at(day, "10:00"),
    });
    expect((await onlyMailTo(landlord.email)).mail.text).toContain("1 Home Lane");
    const moved = await admin("PATCH", `/api/admin/service-records/${atHome.body.id}`, {
      propertyId: flatId,
      visitStart: at(day, "15:00"),
      visitEnd: at(day, "16:00"),
    });
    expect(moved.status).toBe(200);
    const { mail, ics } = await onlyMailTo(landlord.email, 2);
    expect(mail.text).toContain("Flat 2, 9 Rental Street");
    expect(ics).toContain("Flat 2\\, 9 Rental Street");
    const [booking] = await query<{ address: string }>("SELECT address FROM bookings WHERE status = 'booked'");
    expect(booking?.address).toBe("Flat 2, 9 Rental Street");
  });
});
