import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callAppJson, outboxTo, query, randomIp } from "./helpers/factories-commerce";

/** The next Thursday at least two days away (London): a working day the default rules allow. */
function nextThursday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "thursday") date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => londonToUtc(date, time).toISOString();
const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const admin = async (method: string, path: string, json?: unknown) =>
  callAppJson(path, { method, json, headers: await adminHeaders() });
const slots = async (service: string, from: string) =>
  (await callAppJson<{ start: string; end: string }[]>(`/api/availability?service=${service}&from=${from}&days=1`)).body;

afterEach(async () => {
  await query("DELETE FROM booking_cells");
  await query("DELETE FROM bookings");
  await query("DELETE FROM service_records");
});

async function visitFor(customerId: number, day: string, from: string, to: string, extra: Record<string, unknown> = {}) {
  return admin("POST", "/api/admin/service-records", {
    customerId,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: day,
    visitStart: at(day, from),
    visitEnd: at(day, to),
    ...extra,
  });
}

describe("visits the owner books at a time", () => {
  it("hold only their own time on /book, and e-mail the customer the booking confirmation with its link", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("owner-visit"), postcode: "M32 0AA", address: "3 Oak Road" });
    const created = await visitFor(customer.id, day, "10:30", "11:30");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ visitStart: at(day, "10:30"), visitEnd: at(day, "11:30"), serviceDate: day });
    expect(created.body.bookingReference).toMatch(/^BK-[2-9A-HJ-NP-Z]{6}$/);

    // The 10:30 service slot is gone; the day's other seven are still offered.
    const free = await slots("annual-service", day);
    expect(free.map((s) => s.start)).not.toContain(at(day, "10:30"));
    expect(free).toHaveLength(7);

    const [mail] = await outboxTo(customer.email);
    expect(mail?.subject).toMatch(/booked/i);
    expect(mail?.text).toContain(created.body.bookingReference);
    expect(mail?.text).toContain("/book/manage?token=");
    expect(mail?.text).toContain("Boiler Repair");
    const rows = await query<{ attachments: string }>("SELECT attachments FROM outbox WHERE `to` = ?1", customer.email);
    expect(JSON.parse(rows[0]!.attachments)[0]).toMatchObject({ contentType: expect.stringContaining("text/calendar") });
  });

  it("refuses a time that overlaps another visit, writing nothing", async () => {
    const day = nextThursday();
    const customer = await createCustomer();
    expect((await visitFor(customer.id, day, "09:00", "10:30")).status).toBe(201);
    const clash = await visitFor(customer.id, day, "10:00", "11:00");
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain("overlaps another visit");
    expect(await query("SELECT id FROM service_records")).toHaveLength(1);
    expect(await query("SELECT id FROM bookings")).toHaveLength(1);
  });

  it("leave a visit whose time is to be agreed out of the diary", async () => {
    const day = nextThursday();
    const customer = await createCustomer();
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: customer.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: day,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ visitStart: null, bookingReference: null });
    expect(await slots("annual-service", day)).toHaveLength(8);
    expect(await outboxTo(customer.email)).toHaveLength(0);
  });

  it("send nothing when the owner says not to, or the customer has no e-mail address", async () => {
    const day = nextThursday();
    const quiet = await createCustomer({ email: unique("quiet") });
    expect((await visitFor(quiet.id, day, "08:30", "09:30", { notifyCustomer: false })).body.bookingReference).toBeNull();
    expect(await outboxTo(quiet.email)).toHaveLength(0);
    const phoneOnly = await createCustomer({ email: null, phone: "07700 900111" });
    const visit = await visitFor(phoneOnly.id, day, "13:00", "14:00");
    expect(visit.status).toBe(201);
    expect(visit.body.bookingReference).toBeNull();
    // Still in the diary.
    expect((await slots("annual-service", day)).map((s) => s.start)).not.toContain(at(day, "13:00"));
  });

  it("confirm a visit to its customer when a time to be agreed is given one later", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ firstName: "Tia", lastName: "Later", email: unique("later"), postcode: "M32 0AB" });
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: customer.id,
      serviceType: "Boiler Repair",
      status: "scheduled",
      serviceDate: day,
    });
    expect(created.body.bookingReference).toBeNull();
    const timed = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, {
      visitStart: at(day, "10:30"),
      visitEnd: at(day, "11:30"),
    });
    expect(timed.status).toBe(200);
    expect(timed.body.bookingReference).toMatch(/^BK-/);
    // Read from the customer's own row: their name and address, not the visit's columns.
    const [mail] = await outboxTo(customer.email);
    expect(mail?.subject).toMatch(/booked/i);
    expect(mail?.text).toContain("Hello Tia");
    expect(mail?.text).toContain(timed.body.bookingReference);
  });

  it("move with their booking when the owner changes the time, and leave the diary when it is to be agreed again", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("moved") });
    const created = await visitFor(customer.id, day, "08:30", "09:30");
    const moved = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, {
      visitStart: at(day, "14:30"),
      visitEnd: at(day, "15:30"),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ visitStart: at(day, "14:30"), bookingReference: created.body.bookingReference });
    const free = (await slots("annual-service", day)).map((s) => s.start);
    expect(free).toContain(at(day, "08:30"));
    expect(free).not.toContain(at(day, "14:30"));
    const mails = await outboxTo(customer.email);
    expect(mails.map((m) => m.subject).join(" | ")).toMatch(/moved|changed|new time/i);

    const cleared = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, { visitStart: null, visitEnd: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ visitStart: null, bookingReference: null });
    expect(await slots("annual-service", day)).toHaveLength(8);
  });

  it("cancel the customer's booking, and say so, when the owner deletes the visit", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("deleted") });
    const created = await visitFor(customer.id, day, "08:30", "09:30");
    expect((await admin("DELETE", `/api/admin/service-records/${created.body.id}`)).status).toBe(200);
    expect(await query("SELECT status FROM bookings")).toEqual([{ status: "cancelled" }]);
    expect(await slots("annual-service", day)).toHaveLength(8);
    const subjects = (await outboxTo(customer.email)).map((m) => m.subject);
    expect(subjects.some((s) => /cancelled/i.test(s))).toBe(true);
  });

  it("can be moved by the customer through the e-mail's link, keeping their length", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("self-move") });
    await visitFor(customer.id, day, "08:30", "10:00", { serviceType: "Power Flush" });
    const mail = (await outboxTo(customer.email))[0]!;
    const token = decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]!);
    const managed = await callAppJson(`/api/bookings/manage?token=${encodeURIComponent(token)}`);
    expect(managed.body).toMatchObject({ serviceLabel: "Power Flush", moveBy: { minutes: 90 } });
    const free = (
      await callAppJson<{ start: string; end: string }[]>(`/api/availability?minutes=90&from=${addDays(day, 1)}&days=1`)
    ).body;
    const moved = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      json: { token, start: free[0]!.start },
      ip: randomIp(),
    });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.end) - Date.parse(moved.body.start)).toBe(90 * 60_000);
  });
});

describe("what a record may not say", () => {
  it("refuses a completed visit in the future, a next service before the visit, and a time with no end", async () => {
    const customer = await createCustomer();
    const base = { customerId: customer.id, serviceType: "Annual Boiler Service" };
    const future = await admin("POST", "/api/admin/service-records", {
      ...base,
      status: "completed",
      serviceDate: addDays(londonToday(), 3),
    });
    expect(future.status).toBe(400);
    expect(future.body.details[0]).toMatchObject({
      path: "serviceDate",
      message: expect.stringContaining("cannot be in the future"),
    });
    const backwards = await admin("POST", "/api/admin/service-records", {
      ...base,
      status: "completed",
      serviceDate: "2026-03-02",
      nextServiceDue: "2026-03-01",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0]).toMatchObject({ path: "nextServiceDue" });
    const noEnd = await admin("POST", "/api/admin/service-records", {
      ...base,
      status: "scheduled",
      serviceDate: nextThursday(),
      visitStart: at(nextThursday(), "09:00"),
    });
    expect(noEnd.status).toBe(400);
    for (const serviceDate of ["0001-01-01", "9999-12-31", "1899-12-31"]) {
      const res = await admin("POST", "/api/admin/service-records", { ...base, status: "pending", serviceDate });
      expect(res.status, serviceDate).toBe(400);
    }
  });

  it("checks an edit against what is stored: completing a visit dated in the future is refused", async () => {
    const customer = await createCustomer();
    const created = await admin("POST", "/api/admin/service-records", {
      customerId: customer.id,
      serviceType: "Annual Boiler Service",
      status: "scheduled",
      serviceDate: addDays(londonToday(), 5),
    });
    const done = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, { status: "completed" });
    expect(done.status).toBe(400);
    expect(done.body.details[0].path).toBe("serviceDate");
    expect((await query("SELECT status FROM service_records WHERE id = ?1", created.body.id))[0]).toEqual({
      status: "scheduled",
    });
  });
});

describe("phone-only customers", () => {
  it("are added with a name and a phone number; a customer with neither e-mail nor phone is refused", async () => {
    const ok = await admin("POST", "/api/admin/customers", { firstName: "Pat", lastName: "Phone", phone: "07700 900222" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ email: null, phone: "07700 900222" });
    const neither = await admin("POST", "/api/admin/customers", { firstName: "No", lastName: "Contact" });
    expect(neither.status).toBe(400);
    expect(neither.body.details[0]).toMatchObject({ path: "email", message: "Please enter an e-mail address or a phone number" });
  });

  it("check and write the postcode the one way", async () => {
    const bad = await admin("POST", "/api/admin/customers", {
      firstName: "Bad",
      lastName: "Postcode",
      phone: "07700 900223",
      postcode: "bad",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe("postcode");
    const good = await admin("POST", "/api/admin/customers", {
      firstName: "Good",
      lastName: "Postcode",
      phone: "07700 900224",
      postcode: "m32  0zz",
    });
    expect(good.body.postcode).toBe("M32 0ZZ");
  });
});
