import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { createBookingToken } from "../worker/lib/booking-token";
import { freeSlots } from "../worker/services/visits/slots";
import { adminHeaders } from "./helpers/admin";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { callApp, callAppJson, outboxTo, query, randomIp } from "./helpers/factories-commerce";

/** The next Wednesday at least two days away (London): a working day the default rules allow. */
function nextWednesday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "wednesday") date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => londonToUtc(date, time).toISOString();
const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

const visitor = (overrides: Record<string, unknown> = {}) => ({
  service: "annual-service",
  name: "Rowan Ellis",
  email: unique("book"),
  phone: "07700 900321",
  postcode: "M33 7XX",
  address: "14 Park Road, Sale",
  ...overrides,
});

const book = (json: Record<string, unknown>) => callAppJson("/api/bookings", { method: "POST", json, ip: randomIp() });
const slots = async (service: string, from: string, days = 1) =>
  (await callAppJson<{ start: string; end: string }[]>(`/api/availability?service=${service}&from=${from}&days=${days}`)).body;
const admin = async (method: string, path: string, json?: unknown) =>
  callAppJson(path, { method, json, headers: await adminHeaders() });

afterEach(async () => {
  await query("DELETE FROM booking_cells");
  await query("DELETE FROM bookings");
  await query("DELETE FROM service_records");
  await query("DELETE FROM settings");
});

describe("free slots", () => {
  it("fill each working day from its start, in London time, and never today (no same-day booking)", async () => {
    const day = nextWednesday();
    const list = await slots("annual-service", day);
    expect(list[0]).toEqual({ start: at(day, "08:30"), end: at(day, "09:30") });
    expect(list.at(-1)).toEqual({ start: at(day, "15:30"), end: at(day, "16:30") });
    expect(list).toHaveLength(8);
    const today = londonToday();
    expect(await slots("annual-service", today)).toEqual([]);
    // Sunday has no working hours.
    let sunday = day;
    while (weekdayOf(sunday) !== "sunday") sunday = addDays(sunday, 1);
    expect(await slots("annual-service", sunday)).toEqual([]);
  });

  it("leave out blocked days, days beyond the booking window, existing bookings and scheduled visits", async () => {
    const day = nextWednesday();
    const thursday = addDays(day, 1);
    const friday = addDays(day, 2);
    expect((await admin("PATCH", "/api/admin/calendar", { blockedDays: [{ date: thursday, reason: "Training" }] })).status).toBe(
      200,
    );
    expect(await slots("annual-service", thursday)).toEqual([]);

    expect((await book(visitor({ start: at(day, "10:30") }))).status).toBe(201);
    const after = await slots("annual-service", day);
    expect(after.map((s) => s.start)).not.toContain(at(day, "10:30"));
    expect(after).toHaveLength(7);
    // A 90-minute repair from 08:30 holds 08:30-10:00: the service slots of 08:30 and 09:30 go too.
    expect((await book(visitor({ service: "boiler-repair", start: at(day, "08:30") }))).status).toBe(201);
    expect((await slots("annual-service", day)).map((s) => s.start)).not.toContain(at(day, "09:30"));

    // A visit the owner scheduled with its time still to be agreed blocks nothing.
    const customer = await createCustomer();
    await createServiceRecord({ customerId: customer.id, status: "scheduled", serviceDate: friday });
    expect(await slots("annual-service", friday)).toHaveLength(8);

    expect((await admin("PATCH", "/api/admin/calendar", { maxDaysAhead: 1 })).status).toBe(200);
    expect(await slots("annual-service", day)).toEqual([]);
  });

  it("follow the clocks: 08:30 in London is 08:30 UTC before the change and 07:30 UTC after it, in March and in October", async () => {
    const db = getDb(env);
    // The March change of 2027 falls between Good Friday and Easter Monday, which /book never offers
    // (test/bank-holidays.test.ts): read as the owner planning, who still sees them.
    const { slots: march } = await freeSlots(db, {
      length: "annual-service",
      now: Date.parse("2027-03-22T12:00:00Z"),
      from: "2027-03-26",
      days: 4,
      audience: "owner",
    });
    expect(march.find((s) => s.start.startsWith("2027-03-26"))!.start).toBe("2027-03-26T08:30:00.000Z");
    expect(march.find((s) => s.start.startsWith("2027-03-27"))!.start).toBe("2027-03-27T09:00:00.000Z");
    // Sunday 28 March 2027: the clocks go forward; no hours on Sundays. Monday is in BST.
    expect(march.find((s) => s.start.startsWith("2027-03-29"))!.start).toBe("2027-03-29T07:30:00.000Z");

    const { slots: october } = await freeSlots(db, {
      length: "annual-service",
      now: Date.parse("2026-10-19T12:00:00Z"),
      from: "2026-10-23",
      days: 4,
    });
    expect(october.find((s) => s.start.startsWith("2026-10-23"))!.start).toBe("2026-10-23T07:30:00.000Z");
    // Sunday 25 October 2026: the clocks go back. Monday is in GMT.
    expect(october.find((s) => s.start.startsWith("2026-10-26"))!.start).toBe("2026-10-26T08:30:00.000Z");
    expect(october.filter((s) => s.start.startsWith("2026-10-26")).at(-1)!.end).toBe("2026-10-26T16:30:00.000Z");
  });

  it("refuses a bad query with 400", async () => {
    expect((await callAppJson("/api/availability?service=boiler-swap")).status).toBe(400);
    expect((await callAppJson("/api/availability?service=annual-service&days=400")).status).toBe(400);
    expect((await callAppJson("/api/availability?service=annual-service&from=tomorrow")).status).toBe(400);
  });
});

describe("booking a visit", () => {
  it("books the slot, makes the customer and a scheduled record, and e-mails both sides (with an .ics)", async () => {
    const day = nextWednesday();
    const request = visitor({ start: at(day, "09:30"), notes: "Dog in the garden" });
    const { status, body } = await book(request);
    expect(status).toBe(201);
    expect(body).toEqual({
      reference: expect.stringMatching(/^BK-[A-Z0-9]{6}$/),
      start: at(day, "09:30"),
      end: at(day, "10:30"),
    });

    const [customer] = await query<{ id: number; first_name: string; last_name: string; postcode: string }>(
      "SELECT id, first_name, last_name, postcode FROM customers WHERE email = ?1",
      request.email,
    );
    expect(customer).toMatchObject({ first_name: "Rowan", last_name: "Ellis", postcode: "M33 7XX" });
    const [record] = await query(
      "SELECT status, service_type, service_date, visit_start FROM service_records WHERE customer_id = ?1",
      customer!.id,
    );
    expect(record).toEqual({
      status: "scheduled",
      service_type: "Annual Boiler Service",
      service_date: day,
      visit_start: at(day, "09:30"),
    });

    const [mail] = await outboxTo(request.email as string);
    expect(mail!.subject).toContain(`your visit is booked (${body.reference})`);
    expect(mail!.text).toContain("09:30 to 10:30");
    expect(mail!.text).toContain("/book/manage?token=");
    const [stored] = await query<{ attachments: string }>("SELECT attachments FROM outbox WHERE `to` = ?1", request.email);
    const [ics] = JSON.parse(stored!.attachments) as { name: string; content: string }[];
    expect(ics!.name).toBe("visit.ics");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().toISOString()).toBe(at(day, "09:30"));
    expect(event.location).toBe("14 Park Road, Sale, M33 7XX");
    const owner = await query<{ subject: string }>(
      "SELECT subject FROM outbox WHERE subject LIKE ?1",
      `New booking:%(${body.reference})%`,
    );
    expect(owner).toHaveLength(1);

    // The same e-mail again is the same customer.
    expect((await book({ ...request, start: at(day, "13:30") })).status).toBe(201);
    expect(await query("SELECT id FROM customers WHERE email = ?1", request.email)).toHaveLength(1);
  });

  it("never writes a stranger's booking into a known customer's history: another name or postcode is a new customer to check", async () => {
    const day = nextWednesday();
    const free = (await slots("annual-service", day)).map((s: { start: string }) => s.start);
    const known = await createCustomer({ firstName: "Aisha", lastName: "Khan", email: unique("known"), postcode: "M41 5AA" });
    await createServiceRecord({ customerId: known.id, serviceType: "Annual Boiler Service", serviceDate: "2026-01-10" });
    const historyBefore = await query("SELECT id, notes FROM service_records WHERE customer_id = ?1 ORDER BY id", known.id);

    // The same e-mail in capitals, another name and address, and notes.
    const stranger = visitor({
      start: free[1],
      email: known.email!.toUpperCase(),
      name: "Mallory Jones",
      postcode: "M1 1AA",
      address: "9 Elsewhere Street",
      notes: "Leave the key under the mat",
    });
    expect((await book(stranger)).status).toBe(201);
    expect(await query("SELECT id, notes FROM service_records WHERE customer_id = ?1 ORDER BY id", known.id)).toEqual(
      historyBefore,
    );
    const [made] = await query<{ id: number; first_name: string; check_reason: string | null }>(
      "SELECT id, first_name, check_reason FROM customers WHERE lower(email) = ?1 AND id <> ?2",
      known.email,
      known.id,
    );
    expect(made).toMatchObject({ first_name: "Mallory", check_reason: expect.stringContaining("another name or postcode") });
    expect(await query("SELECT notes FROM service_records WHERE customer_id = ?1", made!.id)).toEqual([
      { notes: "Leave the key under the mat" },
    ]);

    // The owner sees it on the customer, and marks it checked.
    const shown = await admin("GET", `/api/admin/customers/${made!.id}`);
    expect(shown.body.checkReason).toContain("another name or postcode");
    const checked = await admin("PATCH", `/api/admin/customers/${made!.id}`, { checkReason: null });
    expect(checked.status).toBe(200);
    expect(checked.body.checkReason).toBeNull();

    // The same person again, name and postcode matching (any case, any spacing), is the known customer.
    const again = visitor({ start: free[3], email: known.email, name: "aisha KHAN", postcode: "m415aa" });
    expect((await book(again)).status).toBe(201);
    expect(await query("SELECT id FROM service_records WHERE customer_id = ?1", known.id)).toHaveLength(historyBefore.length + 1);
  });

  it("gives one slot to exactly one of 20 visitors booking it at the same instant", async () => {
    const start = at(nextWednesday(), "11:30");
    const results = await Promise.all(Array.from({ length: 20 }, () => book(visitor({ start }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.error).toMatch(/taken|not free/);
    expect(await query("SELECT id FROM bookings WHERE starts_at = ?1", start)).toHaveLength(1);
    expect(await query("SELECT id FROM service_records WHERE visit_start = ?1", start)).toHaveLength(1);
  });

  it("refuses a postcode outside the area with the phone number, changing nothing", async () => {
    const email = unique("far");
    const { status, body } = await book(visitor({ email, postcode: "LS1 4AP", start: at(nextWednesday(), "08:30") }));
    expect(status).toBe(400);
    expect(body.error).toMatch(/can't book visits to LS1 4AP online\. Please call us on 0161/);
    expect(body.details).toContainEqual(expect.objectContaining({ path: "postcode" }));
    expect(await query("SELECT id FROM customers WHERE email = ?1", email)).toHaveLength(0);
    expect(await query("SELECT id FROM bookings")).toHaveLength(0);
  });

  it("refuses a time that is not one of the free slots, and bad fields with their messages", async () => {
    const day = nextWednesday();
    expect((await book(visitor({ start: at(day, "08:45") }))).status).toBe(409);
    expect((await book(visitor({ start: at(londonToday(), "15:30") }))).status).toBe(409);
    const { status, body } = await book(visitor({ start: at(day, "08:30"), email: "nope", phone: "12", name: " " }));
    expect(status).toBe(400);
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(["email", "name", "phone"]);
  });
});

describe("the customer's link", () => {
  async function booked(time = "14:30") {
    const request = visitor({ start: at(nextWednesday(), time) });
    const { body } = await book(request);
    return { ...body, email: request.email as string, token: await createBookingToken(env, body.reference, 1) };
  }

  it("shows the booking, cancels it and frees the slot", async () => {
    const b = await booked();
    const seen = await callAppJson(`/api/bookings/manage?token=${encodeURIComponent(b.token)}`);
    expect(seen.body).toMatchObject({ reference: b.reference, status: "booked", canChange: true, start: b.start });
    const cancel = await callAppJson("/api/bookings/manage/cancel", { method: "POST", json: { token: b.token }, ip: randomIp() });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    expect((await slots("annual-service", nextWednesday())).map((s) => s.start)).toContain(b.start);
    expect(await query("SELECT id FROM service_records WHERE visit_start = ?1", b.start)).toHaveLength(0);
    const mails = await outboxTo(b.email);
    expect(mails.at(-1)!.subject).toContain("your visit is cancelled");
    const again = await callAppJson("/api/bookings/manage/cancel", { method: "POST", json: { token: b.token }, ip: randomIp() });
    expect(again.status).toBe(409);
    // The link of a cancelled booking shows its state, and nothing of the home.
    const after = await callAppJson(`/api/bookings/manage?token=${encodeURIComponent(b.token)}`);
    expect(after.body).toMatchObject({ reference: b.reference, status: "cancelled", address: null, postcode: null });
  });

  it("stops working 30 days after the visit", async () => {
    const b = await booked();
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await query("UPDATE bookings SET starts_at = ?1, ends_at = ?2 WHERE reference = ?3", ago(29.1), ago(29), b.reference);
    const link = `/api/bookings/manage?token=${encodeURIComponent(b.token)}`;
    expect((await callAppJson(link)).status).toBe(200);
    await query("UPDATE bookings SET starts_at = ?1, ends_at = ?2 WHERE reference = ?3", ago(31.1), ago(31), b.reference);
    const expired = await callAppJson(link);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: "GONE", error: expect.stringContaining("expired") });
    expect(JSON.stringify(expired.body)).not.toContain("Park Road");
  });

  it("moves it to a free slot, freeing the old one, and refuses a taken one keeping the booking", async () => {
    const day = nextWednesday();
    const b = await booked("14:30");
    const other = await booked("15:30");
    const taken = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      json: { token: b.token, start: other.start },
      ip: randomIp(),
    });
    expect(taken.status).toBe(409);
    expect((await callAppJson(`/api/bookings/manage?token=${encodeURIComponent(b.token)}`)).body.start).toBe(b.start);

    const moved = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      json: { token: b.token, start: at(day, "08:30") },
      ip: randomIp(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.start).toBe(at(day, "08:30"));
    const free = (await slots("annual-service", day)).map((s) => s.start);
    expect(free).toContain(b.start);
    expect(free).not.toContain(at(day, "08:30"));
    const [record] = await query<{ visit_start: string }>(
      "SELECT r.visit_start FROM service_records r JOIN bookings b ON b.service_record_id = r.id WHERE b.reference = ?1",
      b.reference,
    );
    expect(record!.visit_start).toBe(at(day, "08:30"));
    expect((await outboxTo(b.email)).at(-1)!.subject).toContain("your visit has moved");
  });

  it("stops changes within 24 hours of the visit, and refuses a forged link", async () => {
    const b = await booked();
    await query(
      "UPDATE bookings SET starts_at = ?1 WHERE reference = ?2",
      new Date(Date.now() + 3_600_000).toISOString(),
      b.reference,
    );
    const late = await callAppJson("/api/bookings/manage/cancel", { method: "POST", json: { token: b.token }, ip: randomIp() });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/until 24 hours before/);
    const forged = await callAppJson("/api/bookings/manage?token=QkstQUFBQUFB.abc");
    expect(forged.status).toBe(400);
  });
});

describe("the owner's calendar", () => {
  it("lists the week's bookings and scheduled records, and publishes them in a private iCalendar feed", async () => {
    const day = nextWednesday();
    const b = (await book(visitor({ start: at(day, "09:30") }))).body;
    const customer = await createCustomer({ firstName: "Pat", lastName: "Owner" });
    await createServiceRecord({
      customerId: customer.id,
      status: "scheduled",
      serviceDate: addDays(day, 1),
      serviceType: "Power Flush",
    });

    const week = await admin("GET", `/api/admin/bookings?from=${day}&days=7`);
    expect(week.status).toBe(200);
    expect(week.body).toEqual([
      expect.objectContaining({ kind: "booking", reference: b.reference, start: at(day, "09:30"), allDay: false }),
      expect.objectContaining({ kind: "service-record", title: "Power Flush", customerName: "Pat Owner", allDay: true }),
    ]);

    const { body: calendar } = await admin("GET", "/api/admin/calendar");
    const path = new URL(calendar.feedUrl).pathname;
    const feed = await callApp(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toContain("text/calendar");
    const text = await feed.text();
    expect(text).toContain("\r\n");
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const visit = events.find((e) => e.uid.startsWith(b.reference))!;
    expect(visit.startDate.toJSDate().toISOString()).toBe(at(day, "09:30"));
    expect(visit.summary).toContain("Annual boiler service");
    const allDay = events.find((e) => e.summary.startsWith("Power Flush"))!;
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe(addDays(day, 1));

    const rotated = await admin("POST", "/api/admin/calendar/rotate-feed");
    expect(rotated.body.feedUrl).not.toBe(calendar.feedUrl);
    expect((await callApp(path)).status).toBe(404);
    expect((await callApp(new URL(rotated.body.feedUrl).pathname)).status).toBe(200);
  });

  it("checks the availability form and needs an admin", async () => {
    expect((await callApp("/api/admin/calendar")).status).toBe(401);
    const bad = await admin("PATCH", "/api/admin/calendar", {
      slotMinutes: { "annual-service": 50, "boiler-repair": 90, "gas-safety": 45 },
      outwardCodes: ["M33", "not a code"],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "outwardCodes.1",
      "slotMinutes.annual-service",
    ]);
  });
});
