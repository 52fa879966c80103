import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { createBookingToken } from "../worker/lib/booking-token";
import { freeSlots } from "../worker/services/visits/slots";
import { admin } from "./helpers/admin";
import { callAppJson, query, randomIp } from "./helpers/factories-commerce";
import { createEngineer, resetTeam } from "./helpers/team";

/** The next Wednesday at least two days away (London): a working day the default rules allow. */
function nextWednesday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "wednesday") date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => londonToUtc(date, time).toISOString();
const visitor = (start: string) => ({
  service: "annual-service",
  name: "Rowan Ellis",
  email: `book-${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "07700 900321",
  postcode: "M33 7XX",
  address: "14 Park Road, Sale",
  start,
});
const book = (start: string) => callAppJson("/api/bookings", { method: "POST", json: visitor(start), ip: randomIp() });
const slots = async (from: string) =>
  (await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${from}&days=1`)).body.map(
    (s) => s.start,
  );

afterEach(resetTeam);

describe("/book with a team", () => {
  it("gives one slot to exactly two of 20 visitors when two qualified engineers are free, one each", async () => {
    const day = nextWednesday();
    const sam = await createEngineer("Sam Okafor");
    const start = at(day, "11:30");
    const results = await Promise.all(Array.from({ length: 20 }, () => book(start)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    const assigned = await query<{ user_id: number }>(
      "SELECT ve.user_id FROM visit_engineers ve JOIN service_records r ON r.id = ve.service_record_id WHERE r.visit_start = ?1 ORDER BY ve.user_id",
      start,
    );
    expect(assigned.map((a) => a.user_id)).toEqual([1, sam.id]);
    // Both are now busy: the slot is no longer offered.
    expect(await slots(day)).not.toContain(start);
  });

  it("offers a slot while one qualified engineer is free, and never an unqualified or suspended one's time", async () => {
    const day = nextWednesday();
    const plumber = await createEngineer("Pat Plumber", ["plumbing"]);
    const gas = await createEngineer("Sam Okafor");
    const start = at(day, "08:30");
    expect((await book(start)).status).toBe(201); // the owner's
    expect(await slots(day)).toContain(start); // Sam is free
    expect((await book(start)).status).toBe(201); // Sam's
    expect(await slots(day)).not.toContain(start); // the plumber cannot do a boiler service
    expect(await query("SELECT user_id FROM visit_engineers WHERE user_id = ?1", plumber.id)).toHaveLength(0);
    await query("UPDATE admin_users SET status = 'suspended' WHERE id = ?1", gas.id);
    expect(await slots(day)).toHaveLength(7); // the owner's day less the slot taken
  });

  it("offers unvented work only in the one unvented engineer's free times, inside their own hours and outside their blocks", async () => {
    const day = nextWednesday();
    await query(`UPDATE admin_users SET qualifications = '["gas-domestic"]' WHERE id = 1`);
    const ann = await createEngineer("Ann Unvented", ["unvented"]);
    expect(
      (await admin("PUT", `/api/admin/engineers/${ann.id}/hours`, { wednesday: { start: "10:00", end: "14:00" } })).status,
    ).toBe(200);
    expect(
      (
        await admin("POST", `/api/admin/engineers/${ann.id}/blocks`, {
          start: at(day, "12:00"),
          end: at(day, "13:00"),
          reason: "Dentist",
        })
      ).status,
    ).toBe(201);
    const now = Date.now();
    const { slots: unvented, engineersFor } = await freeSlots(getDb(env), {
      length: 60,
      now,
      from: day,
      days: 1,
      who: { qualification: "unvented" },
    });
    expect(unvented.map((s) => s.start)).toEqual([at(day, "10:00"), at(day, "11:00"), at(day, "13:00")]);
    expect(engineersFor(at(day, "10:00"))).toEqual([ann.id]);
    // Gas work is the owner's alone, in the business's hours.
    const { slots: gas } = await freeSlots(getDb(env), { length: "annual-service", now, from: day, days: 1 });
    expect(gas[0]!.start).toBe(at(day, "08:30"));
    expect(gas).toHaveLength(8);
  });

  it("/book's unvented cylinder check offers and gives only the unvented engineer's free times", async () => {
    const day = nextWednesday();
    await query(`UPDATE admin_users SET qualifications = '["gas-domestic"]' WHERE id = 1`);
    const ann = await createEngineer("Ann Unvented", ["unvented"]);
    expect(
      (await admin("PUT", `/api/admin/engineers/${ann.id}/hours`, { wednesday: { start: "10:00", end: "14:00" } })).status,
    ).toBe(200);
    const offered = async () =>
      (await callAppJson<{ start: string }[]>(`/api/availability?service=unvented-check&from=${day}&days=1`)).body.map(
        (s) => s.start,
      );
    // Ann's own hours in the default hour-long slots; the owner's gas-only morning is not offered.
    expect(await offered()).toEqual(["10:00", "11:00", "12:00", "13:00"].map((t) => at(day, t)));
    expect(await slots(day)).toContain(at(day, "08:30"));

    const cylinder = (start: string) =>
      callAppJson("/api/bookings", { method: "POST", json: { ...visitor(start), service: "unvented-check" }, ip: randomIp() });
    expect((await cylinder(at(day, "08:30"))).status).toBe(409); // nobody qualified works then
    expect((await cylinder(at(day, "11:00"))).status).toBe(201);
    const [visit] = await query<{ id: number; service_type: string }>(
      "SELECT id, service_type FROM service_records WHERE visit_start = ?1",
      at(day, "11:00"),
    );
    expect(visit!.service_type).toBe("Unvented Cylinder Check");
    expect(await query("SELECT user_id FROM visit_engineers WHERE service_record_id = ?1", visit!.id)).toEqual([
      { user_id: ann.id },
    ]);
    // Ann is now busy at 11:00 and the owner may not do the work: the second visitor is refused.
    expect((await cylinder(at(day, "11:00"))).status).toBe(409);
    expect(await offered()).toEqual(["10:00", "12:00", "13:00"].map((t) => at(day, t)));
    // The owner's boiler service during Ann's visit is still free: two engineers, two visits at once.
    expect((await book(at(day, "11:30"))).status).toBe(201);
  });

  it("a slot length saved before a service was added keeps that service's default; each length is changed on its own", async () => {
    expect(
      (
        await query(
          `INSERT INTO settings (key, value) VALUES ('calendar', ?1)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          JSON.stringify({ slotMinutes: { "annual-service": 45, "boiler-repair": 90, "gas-safety": 45 } }),
        )
      ).length,
    ).toBe(0);
    const calendar = await admin("GET", "/api/admin/calendar");
    expect(calendar.status).toBe(200);
    expect((calendar.body as { settings: { slotMinutes: Record<string, number> } }).settings.slotMinutes).toEqual({
      "annual-service": 45,
      "boiler-repair": 90,
      "gas-safety": 45,
      "unvented-check": 60,
    });
    // A page that sends one length changes that one only.
    const patched = await admin("PATCH", "/api/admin/calendar", { slotMinutes: { "unvented-check": 90 } });
    expect(patched.status).toBe(200);
    expect(patched.body.settings.slotMinutes).toEqual({
      "annual-service": 45,
      "boiler-repair": 90,
      "gas-safety": 45,
      "unvented-check": 90,
    });
    await query("DELETE FROM settings WHERE key = 'calendar'");
  });

  it("moves a customer's booking to a time only another engineer is free, giving it to them", async () => {
    const day = nextWednesday();
    const sam = await createEngineer("Sam Okafor");
    expect(
      (await admin("POST", "/api/admin/engineers/1/blocks", { start: at(day, "13:00"), end: at(day, "17:00") })).status,
    ).toBe(201);
    const made = await book(at(day, "08:30"));
    expect(made.status).toBe(201);
    const [record] = await query<{ id: number }>("SELECT id FROM service_records WHERE visit_start = ?1", at(day, "08:30"));
    expect(await query("SELECT user_id FROM visit_engineers WHERE service_record_id = ?1", record!.id)).toEqual([{ user_id: 1 }]);

    const token = await createBookingToken(env, made.body.reference, 1);
    const moved = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      json: { token, start: at(day, "14:30") },
      ip: randomIp(),
    });
    expect(moved.status).toBe(200);
    expect(await query("SELECT user_id, starts_at FROM visit_engineers WHERE service_record_id = ?1", record!.id)).toEqual([
      { user_id: sam.id, starts_at: at(day, "14:30") },
    ]);
    expect(await query("SELECT DISTINCT user_id FROM booking_cells WHERE service_record_id = ?1", record!.id)).toEqual([
      { user_id: sam.id },
    ]);
    // Moved again to a morning time: the engineer who has it keeps it (the owner is free then too).
    const back = await callAppJson("/api/bookings/manage/move", {
      method: "POST",
      json: { token, start: at(day, "10:30") },
      ip: randomIp(),
    });
    expect(back.status).toBe(200);
    expect(await query("SELECT user_id FROM visit_engineers WHERE service_record_id = ?1", record!.id)).toEqual([
      { user_id: sam.id },
    ]);
  });
});
