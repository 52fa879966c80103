import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import { sendVisitReminders } from "../worker/services/sms/visit-reminders";
import { textBookingNotice } from "../worker/services/sms/visit-texts";
import { account, landlord, signIn } from "./helpers/account";
import { admin } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { callAppJson, query, randomIp } from "./helpers/factories-commerce";
import { smsEnv, textsSentTo, uniqueMobile } from "./helpers/sms";

// Customers choose how service messages reach them, e-mail, text or both (issue 49 item 3): on their
// account page and when booking; the visit's texts follow the choice.

const configured = { ...env, ...smsEnv } as AppEnv;
const today = londonToday();
const nineAm = londonToUtc(today, "09:00").getTime();
const channelOf = async (id: number) =>
  (await query<{ contact_channel: string }>("SELECT contact_channel FROM customers WHERE id = ?1", id))[0]!.contact_channel;

/** A visit tomorrow at 10:00 for the customer, and whether its day-before reminder was texted to `e164`. */
async function remindedTomorrow(customerId: number, e164: string) {
  const tomorrow = addDays(today, 1);
  await createServiceRecord({
    customerId,
    status: "scheduled",
    serviceType: "Annual boiler service",
    serviceDate: tomorrow,
    visitStart: londonToUtc(tomorrow, "10:00").toISOString(),
    visitEnd: londonToUtc(tomorrow, "11:00").toISOString(),
  });
  await sendVisitReminders(configured, getDb(env), nineAm);
  return (await textsSentTo(e164)).some((t) => t.body.startsWith("Reminder:"));
}

describe("the account page's choice of channel", () => {
  it("sets every customer of the account to texts, and the visit reminder is texted", async () => {
    const a = await landlord("Gwen");
    const mobile = uniqueMobile();
    await admin("PATCH", `/api/admin/customers/${a.customer.id}`, { phone: mobile.national });
    const twin = await admin("POST", "/api/admin/customers", { firstName: "Gwen", lastName: "Twin", email: a.email });
    const cookie = await signIn(a.email);
    expect((await account(cookie)).body.preferences.channel).toBe("email");

    const chosen = await account(cookie, "/preferences", { method: "PATCH", json: { channel: "text" } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ reminders: true, deals: "off", channel: "text" });
    expect(await channelOf(a.customer.id)).toBe("text");
    expect(await channelOf(twin.body.id)).toBe("text");
    expect((await account(cookie)).body.preferences.channel).toBe("text");
    expect(await remindedTomorrow(a.customer.id, mobile.e164)).toBe(true);
  });

  it("texts nothing once e-mail is chosen again", async () => {
    const a = await landlord("Hal");
    const mobile = uniqueMobile();
    await admin("PATCH", `/api/admin/customers/${a.customer.id}`, { phone: mobile.national, contactChannel: "both" });
    const cookie = await signIn(a.email);
    expect((await account(cookie)).body.preferences.channel).toBe("both");
    expect((await account(cookie, "/preferences", { method: "PATCH", json: { channel: "email" } })).body.channel).toBe("email");
    expect(await remindedTomorrow(a.customer.id, mobile.e164)).toBe(false);
  });

  it("refuses texts without a mobile number on file, and a channel it does not know", async () => {
    const a = await landlord("Ida");
    await admin("PATCH", `/api/admin/customers/${a.customer.id}`, { phone: "0161 496 0222" });
    const cookie = await signIn(a.email);
    const landline = await account(cookie, "/preferences", { method: "PATCH", json: { channel: "both" } });
    expect(landline.status).toBe(409);
    expect(landline.body).toMatchObject({
      code: "CONFLICT",
      error: "Texts need a UK mobile number: please add yours to your details first.",
    });
    expect(await channelOf(a.customer.id)).toBe("email");
    const unknown = await account(cookie, "/preferences", { method: "PATCH", json: { channel: "pigeon" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0]).toMatchObject({ path: "channel", message: "Choose e-mail, text or both" });
  });
});

/** A Wednesday at least two days away (London): a working day the default rules allow. */
function nextWednesday(): string {
  let date = addDays(today, 2);
  while (weekdayOf(date) !== "wednesday") date = addDays(date, 1);
  return date;
}
let slot = 0;
const nextStart = () => londonToUtc(addDays(nextWednesday(), 7 * slot++), "11:30").toISOString();

async function book(person: { name: string; email: string; phone: string }, contactChannel?: string) {
  const res = await callAppJson("/api/bookings", {
    method: "POST",
    ip: randomIp(),
    json: {
      service: "annual-service",
      ...person,
      postcode: "M33 7XX",
      address: "14 Park Road, Sale",
      start: nextStart(),
      ...(contactChannel ? { contactChannel } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await query<{ customer_id: number }>("SELECT customer_id FROM bookings WHERE reference = ?1", res.body.reference);
  return { reference: res.body.reference as string, customerId: row!.customer_id };
}

describe("the booking form's choice of channel", () => {
  it("makes a new customer's choice, and the booking's confirmation is texted", async () => {
    const mobile = uniqueMobile();
    const person = { name: "Jo Booker", email: `jo-${crypto.randomUUID().slice(0, 8)}@example.com`, phone: mobile.national };
    const b = await book(person, "text");
    expect(await channelOf(b.customerId)).toBe("text");
    expect((await textBookingNotice(configured, getDb(env), b.reference, "booking-confirmed", nineAm))?.sent).toBe(true);
    expect((await textsSentTo(mobile.e164)).map((t) => t.body.split(":")[0])).toEqual(["Booked"]);
  });

  it("is e-mail for someone new who chose nothing; a returning customer's choice stands unless they choose again", async () => {
    const mobile = uniqueMobile();
    const person = { name: "Kit Booker", email: `kit-${crypto.randomUUID().slice(0, 8)}@example.com`, phone: mobile.national };
    const first = await book(person);
    expect(await channelOf(first.customerId)).toBe("email");
    expect(await textBookingNotice(configured, getDb(env), first.reference, "booking-confirmed", nineAm)).toBeNull();

    const second = await book(person, "both");
    expect(second.customerId).toBe(first.customerId);
    expect(await channelOf(first.customerId)).toBe("both");
    const third = await book(person);
    expect(await channelOf(third.customerId)).toBe("both");
    expect((await textBookingNotice(configured, getDb(env), third.reference, "booking-confirmed", nineAm))?.sent).toBe(true);
  });

  it("never changes the choice of a customer on file for someone else typing their e-mail address", async () => {
    const mobile = uniqueMobile();
    const email = `lou-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const known = await book({ name: "Lou Known", email, phone: mobile.national }, "text");
    const stranger = await book({ name: "Someone Else", email, phone: uniqueMobile().national }, "email");
    expect(stranger.customerId).not.toBe(known.customerId);
    expect(await channelOf(known.customerId)).toBe("text");
  });

  it("refuses texts to a landline, saying so", async () => {
    const res = await callAppJson("/api/bookings", {
      method: "POST",
      ip: randomIp(),
      json: {
        service: "annual-service",
        name: "Ned Booker",
        email: `ned-${crypto.randomUUID().slice(0, 8)}@example.com`,
        phone: "0161 496 0777",
        postcode: "M33 7XX",
        address: "1 Road",
        start: nextStart(),
        contactChannel: "text",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "Texts need a UK mobile number: please enter one, or choose e-mail." });
    expect(res.body.details).toEqual([{ path: "contactChannel", message: "Texts need a UK mobile number" }]);
  });

  it("refuses a channel it does not know", async () => {
    const res = await callAppJson("/api/bookings", {
      method: "POST",
      ip: randomIp(),
      json: {
        service: "annual-service",
        name: "Mo Booker",
        email: "mo@example.com",
        phone: "07911 123456",
        postcode: "M33 7XX",
        address: "1 Road",
        start: nextStart(),
        contactChannel: "fax",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual(
      expect.objectContaining({ path: "contactChannel", message: "Choose e-mail, text or both" }),
    );
  });
});
