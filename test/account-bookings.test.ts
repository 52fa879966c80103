import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import { textBookingNotice } from "../worker/services/sms/visit-texts";
import { account, admin, landlord, signIn } from "./helpers/account";
import { callAppJson, outboxTo, query } from "./helpers/factories-commerce";
import { smsEnv, textsSentTo, uniqueMobile } from "./helpers/sms";

describe("the account", () => {
  it("books the check at the account's own property, for its customer, and nobody else's", async () => {
    const a = await landlord("Gus");
    const b = await landlord("Hal");
    const cookie = await signIn(a.email);
    const from = addDays(londonToday(), 1);
    const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    expect(slot).toBeTruthy();
    const request = {
      service: "gas-safety",
      start: slot!.start,
      // A let flat's postcode, not the landlord's own: from the account that is no stranger.
      name: `Gus Landlord-${a.tag}`,
      email: a.email,
      phone: "0161 496 0000",
      postcode: "M1 3HW",
      address: `Flat ${a.tag}, 14 Canal Street, Manchester`,
    };
    const other = await account(cookie, "/bookings", { method: "POST", json: { ...request, propertyId: b.flat.id } });
    expect(other.status).toBe(404);
    const booked = await account(cookie, "/bookings", { method: "POST", json: { ...request, propertyId: a.flat.id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [visit] = await query<{ customer_id: number; property_id: number; service_type: string }>(
      "SELECT r.customer_id, r.property_id, r.service_type FROM bookings b JOIN service_records r ON r.id = b.service_record_id WHERE b.reference = ?1",
      booked.body.reference,
    );
    expect(visit).toMatchObject({ customer_id: a.customer.id, property_id: a.flat.id });
    expect(await query("SELECT id FROM customers WHERE lower(email) = ?1", a.email)).toHaveLength(1);
    expect((await account(cookie)).body.upcoming).toEqual([
      expect.objectContaining({ reference: booked.body.reference, manageUrl: expect.stringContaining("/book/manage?token=") }),
    ]);
  });

  it("books the check at the property's address, confirmed to the account's address, whatever the body types", async () => {
    const a = await landlord("Ivy");
    const b = await landlord("Jon");
    const cookie = await signIn(a.email);
    const flatAddress = `Flat ${a.tag}, 14 Canal Street, Manchester`;
    const from = addDays(londonToday(), 1);
    const slots = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    expect(slots.length).toBeGreaterThan(1);
    const stranger = `stranger-${a.tag}@example.com`;
    // An older page (or a hand-made request) typing someone else's e-mail and another address.
    const typed = {
      service: "gas-safety",
      start: slots[0]!.start,
      name: `Ivy Landlord-${a.tag}`,
      phone: "0161 496 0000",
      email: stranger,
      postcode: "SK4 1AA",
      address: `99 Elsewhere Road ${a.tag}, Stockport`,
    };
    // Another customer's property is a 404, whatever the body says.
    const theirs = await account(cookie, "/bookings", { method: "POST", json: { ...typed, propertyId: b.flat.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe("Property not found");

    const booked = await account(cookie, "/bookings", { method: "POST", json: { ...typed, propertyId: a.flat.id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await query(
      `SELECT b.email, b.address, b.postcode, b.customer_id, r.customer_id AS visit_customer, r.property_id
       FROM bookings b JOIN service_records r ON r.id = b.service_record_id WHERE b.reference = ?1`,
      booked.body.reference,
    );
    expect(row).toEqual({
      email: a.email,
      address: flatAddress,
      postcode: "M1 3HW",
      customer_id: a.customer.id,
      visit_customer: a.customer.id,
      property_id: a.flat.id,
    });
    // Nobody new: not the typed address, not a second Ivy.
    expect(await query("SELECT id FROM customers WHERE lower(email) IN (?1, ?2)", a.email, stranger)).toEqual([
      { id: a.customer.id },
    ]);

    // The confirmation and its link go to the account's address and name the flat; nothing to the typed one.
    expect(await outboxTo(stranger)).toEqual([]);
    const [confirmation, ...more] = (await outboxTo(a.email)).filter((m) => m.subject.includes(booked.body.reference));
    expect(more).toEqual([]);
    expect(confirmation!.text).toContain(`${flatAddress}, M1 3HW`);
    expect(await query("SELECT id FROM outbox WHERE instr(text, ?1) > 0", "Elsewhere Road")).toEqual([]);
    const token = /\/book\/manage\?token=([^\s"&]+)/.exec(confirmation!.text)![1]!;
    const managed = await callAppJson(`/api/bookings/manage?token=${token}`);
    expect(managed.body).toMatchObject({ reference: booked.body.reference, address: flatAddress, postcode: "M1 3HW" });

    // What the account's form sends now: no e-mail, address or postcode at all.
    const bare = await account(cookie, "/bookings", {
      method: "POST",
      json: { service: "gas-safety", start: slots[1]!.start, name: typed.name, phone: typed.phone, propertyId: a.flat.id },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(await query("SELECT email, address, postcode FROM bookings WHERE reference = ?1", bare.body.reference)).toEqual([
      { email: a.email, address: flatAddress, postcode: "M1 3HW" },
    ]);
  });
});

const customerOf = async (id: number) =>
  (
    await query<{ contact_channel: string; phone: string | null }>(
      "SELECT contact_channel, phone FROM customers WHERE id = ?1",
      id,
    )
  )[0];

describe("the account's booking and its channel", () => {
  it("texts need a UK mobile number, refused beside the choice; chosen with one, it is the account's channel and the visit's texts go there", async () => {
    const a = await landlord("Kay");
    const twin = await admin("POST", "/api/admin/customers", { firstName: "Kay", lastName: "Twin", email: a.email });
    await admin("PATCH", `/api/admin/customers/${a.customer.id}`, { phone: "0161 496 0444" });
    const cookie = await signIn(a.email);
    const from = addDays(londonToday(), 1);
    const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    const request = { service: "gas-safety", start: slot!.start, name: `Kay Landlord-${a.tag}`, propertyId: a.flat.id };

    const landline = await account(cookie, "/bookings", {
      method: "POST",
      json: { ...request, phone: "0161 496 0444", contactChannel: "text" },
    });
    expect(landline.status).toBe(400);
    expect(landline.body).toMatchObject({
      code: "VALIDATION_FAILED",
      error: "Texts need a UK mobile number: please enter one, or choose e-mail.",
      details: [{ path: "contactChannel", message: "Texts need a UK mobile number" }],
    });
    const unknown = await account(cookie, "/bookings", {
      method: "POST",
      json: { ...request, phone: "07911 123456", contactChannel: "fax" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContainEqual(
      expect.objectContaining({ path: "contactChannel", message: "Choose e-mail, text or both" }),
    );
    // Nothing booked, nothing changed.
    expect(await query("SELECT id FROM bookings WHERE customer_id = ?1", a.customer.id)).toEqual([]);
    expect(await customerOf(a.customer.id)).toEqual({ contact_channel: "email", phone: "0161 496 0444" });

    const mobile = uniqueMobile();
    const booked = await account(cookie, "/bookings", {
      method: "POST",
      json: { ...request, phone: mobile.national, contactChannel: "text" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // The account's choice from now on (every customer of it, as its preferences), texted to the number given.
    expect(await customerOf(a.customer.id)).toEqual({ contact_channel: "text", phone: mobile.national });
    expect((await customerOf(twin.body.id))?.contact_channel).toBe("text");
    expect((await account(cookie)).body.preferences.channel).toBe("text");
    const nineAm = londonToUtc(londonToday(), "09:00").getTime();
    const configured = { ...env, ...smsEnv } as AppEnv;
    expect((await textBookingNotice(configured, getDb(env), booked.body.reference, "booking-confirmed", nineAm))?.sent).toBe(
      true,
    );
    expect((await textsSentTo(mobile.e164)).map((t) => t.body.split(":")[0])).toEqual(["Booked"]);
  });

  it("keeps the account's channel when none is chosen, and e-mail chosen leaves the phone on file alone", async () => {
    const a = await landlord("Lev");
    const mobile = uniqueMobile();
    await admin("PATCH", `/api/admin/customers/${a.customer.id}`, { phone: mobile.national, contactChannel: "both" });
    const cookie = await signIn(a.email);
    const from = addDays(londonToday(), 1);
    const slots = (await callAppJson<{ start: string }[]>(`/api/availability?service=gas-safety&from=${from}&days=14`)).body;
    const request = (start: string) => ({
      service: "gas-safety",
      start,
      name: "Lev L",
      phone: "0161 496 0555",
      propertyId: a.flat.id,
    });

    expect((await account(cookie, "/bookings", { method: "POST", json: request(slots[0]!.start) })).status).toBe(201);
    expect(await customerOf(a.customer.id)).toEqual({ contact_channel: "both", phone: mobile.national });
    const byMail = await account(cookie, "/bookings", {
      method: "POST",
      json: { ...request(slots[1]!.start), contactChannel: "email" },
    });
    expect(byMail.status, JSON.stringify(byMail.body)).toBe(201);
    expect(await customerOf(a.customer.id)).toEqual({ contact_channel: "email", phone: mobile.national });
  });
});
