import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../schema/london-time";
import { admin } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, outboxTo, query } from "./helpers/factories-commerce";
import { createEngineer, resetTeam } from "./helpers/team";

/** The next Thursday at least two days away (London): a working day the default rules allow. */
function nextThursday(): string {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== "thursday") date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => londonToUtc(date, time).toISOString();
const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

const visit = (customerId: number, day: string, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  customerId,
  serviceType: "Boiler Repair",
  status: "scheduled",
  serviceDate: day,
  visitStart: at(day, from),
  visitEnd: at(day, to),
  notifyCustomer: false,
  ...extra,
});

afterEach(resetTeam);

describe("a visit's engineers", () => {
  it("lets two engineers be at two visits at once, refuses one engineer two (409 naming the clash), and a two-person job holds both", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("diary") });
    const sam = await createEngineer("Sam Okafor");
    const priya = await createEngineer("Priya Shah");

    const first = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { engineers: [sam.id] }),
    );
    expect(first.status).toBe(201);
    expect(first.body.engineers).toEqual([{ id: sam.id, name: "Sam Okafor" }]);
    const beside = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { engineers: [priya.id] }),
    );
    expect(beside.status).toBe(201);

    const clash = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:30", "10:30", { engineers: [sam.id] }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain("Sam Okafor is at Boiler Repair");
    expect(clash.body.error).toContain("09:00–10:00");
    expect(await query("SELECT id FROM service_records")).toHaveLength(2);

    const pair = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "11:00", "13:00", { engineers: [priya.id, sam.id] }),
    );
    expect(pair.status).toBe(201);
    expect(pair.body.engineers.map((e: { id: number }) => e.id)).toEqual([sam.id, priya.id]);
    const held = await query<{ user_id: number; n: number }>(
      "SELECT user_id, COUNT(*) AS n FROM booking_cells WHERE service_record_id = ?1 GROUP BY user_id ORDER BY user_id",
      pair.body.id,
    );
    expect(held).toEqual([
      { user_id: sam.id, n: 8 },
      { user_id: priya.id, n: 8 },
    ]);
    // Either of the pair is now busy at 12:00.
    const busy = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "12:00", "12:30", { engineers: [priya.id] }),
    );
    expect(busy.status).toBe(409);
    expect(busy.body.error).toContain("Priya Shah");
  });

  it("refuses a visit in an engineer's blocked time, and a block over a visit of theirs", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("blocked") });
    const sam = await createEngineer("Sam Okafor");
    const block = await admin("POST", `/api/admin/engineers/${sam.id}/blocks`, {
      start: at(day, "13:00"),
      end: at(day, "17:00"),
      reason: "Training",
    });
    expect(block.status).toBe(201);
    const refused = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "14:00", "15:00", { engineers: [sam.id] }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain("Sam Okafor is not available then (Training)");
    // The owner is free then.
    expect((await admin("POST", "/api/admin/service-records", visit(customer.id, day, "14:00", "15:00"))).status).toBe(201);

    const morning = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { engineers: [sam.id] }),
    );
    const overVisit = await admin("POST", `/api/admin/engineers/${sam.id}/blocks`, {
      start: at(day, "08:00"),
      end: at(day, "12:00"),
    });
    expect(overVisit.status).toBe(409);
    expect(overVisit.body.error).toContain("Boiler Repair");
    expect((await admin("GET", `/api/admin/engineers/${sam.id}/blocks?from=${day}&days=1`)).body).toHaveLength(1);
    expect((await admin("DELETE", `/api/admin/engineers/${sam.id}/blocks/${block.body.id}`)).status).toBe(200);
    expect(morning.status).toBe(201);
    expect(
      (await admin("POST", `/api/admin/engineers/${sam.id}/blocks`, { start: at(day, "12:00"), end: at(day, "11:00") })).status,
    ).toBe(400);
  });

  it("lets only one of two visits for one engineer written at the same instant in", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("race") });
    const sam = await createEngineer("Sam Okafor");
    const results = await Promise.all(
      ["09:00", "09:15", "09:30", "09:45"].map((from) =>
        admin("POST", "/api/admin/service-records", visit(customer.id, day, from, "10:30", { engineers: [sam.id] })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it("goes to the signed-in engineer when the form names nobody, else to the owner; an unknown engineer is a 400", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("default") });
    const sam = await createEngineer("Sam Okafor");
    // An engineer books a return visit only for a customer of theirs (engineer-scope.ts).
    const stranger = await sam.call("POST", "/api/admin/service-records", visit(customer.id, day, "07:00", "08:00"));
    expect(stranger.status).toBe(403);
    const first = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "07:00", "08:00", { engineers: [sam.id] }),
    );
    expect(first.status).toBe(201);
    const own = await sam.call("POST", "/api/admin/service-records", visit(customer.id, day, "09:00", "10:00"));
    expect(own.status).toBe(201);
    expect(own.body.engineers).toEqual([{ id: sam.id, name: "Sam Okafor" }]);
    const owners = await admin("POST", "/api/admin/service-records", visit(customer.id, day, "09:00", "10:00"));
    expect(owners.body.engineers.map((e: { id: number }) => e.id)).toEqual([1]);
    const unknown = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "11:00", "12:00", { engineers: [9999] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toBe("engineers");
  });

  it("moved to another engineer keeps its booking reference and tells the customer nothing; a new time tells them", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("moved") });
    const sam = await createEngineer("Sam Okafor");
    const created = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { notifyCustomer: true }),
    );
    expect(created.status).toBe(201);
    const reference = created.body.bookingReference;
    expect(reference).toMatch(/^BK-/);
    expect(await outboxTo(customer.email)).toHaveLength(1);

    const moved = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, { engineers: [sam.id] });
    expect(moved.status).toBe(200);
    expect(moved.body.bookingReference).toBe(reference);
    expect(moved.body.engineers).toEqual([{ id: sam.id, name: "Sam Okafor" }]);
    expect(await outboxTo(customer.email)).toHaveLength(1);
    expect(await query("SELECT DISTINCT user_id FROM booking_cells WHERE service_record_id = ?1", created.body.id)).toEqual([
      { user_id: sam.id },
    ]);

    const later = await admin("PATCH", `/api/admin/service-records/${created.body.id}`, {
      visitStart: at(day, "11:00"),
      visitEnd: at(day, "12:00"),
    });
    expect(later.status).toBe(200);
    expect(later.body.bookingReference).toBe(reference);
    expect(later.body.engineers[0].id).toBe(sam.id);
    const mails = await outboxTo(customer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(reference);
  });
});

describe("each engineer's day, diary and feed", () => {
  async function twoEngineersDay() {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("day"), firstName: "Jane", lastName: "Doe" });
    const sam = await createEngineer("Sam Okafor");
    const priya = await createEngineer("Priya Shah");
    const samsVisit = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { engineers: [sam.id] }),
    );
    const priyasVisit = await admin(
      "POST",
      "/api/admin/service-records",
      visit(customer.id, day, "09:00", "10:00", { engineers: [priya.id] }),
    );
    return { day, sam, priya, samsVisit: samsVisit.body.id as number, priyasVisit: priyasVisit.body.id as number };
  }

  it("shows an engineer only their visits on /admin/today; the owner every visit with its engineer's name", async () => {
    const { day, sam, samsVisit } = await twoEngineersDay();
    const mine = await sam.call("GET", `/api/admin/today?date=${day}`);
    expect(mine.status).toBe(200);
    expect(mine.body.visits.map((v: { id: number }) => v.id)).toEqual([samsVisit]);
    // Asking for another engineer's day changes nothing for an engineer.
    const asked = await sam.call("GET", `/api/admin/today?date=${day}&engineer=1`);
    expect(asked.body.visits.map((v: { id: number }) => v.id)).toEqual([samsVisit]);
    const all = await admin("GET", `/api/admin/today?date=${day}`);
    expect(all.body.visits.map((v: { engineers: { name: string }[] }) => v.engineers[0]!.name).sort()).toEqual([
      "Priya Shah",
      "Sam Okafor",
    ]);
  });

  it("filters the diary and the visits list by engineer, each entry naming its engineers", async () => {
    const { day, sam, priya, priyasVisit } = await twoEngineersDay();
    const week = await admin("GET", `/api/admin/bookings?from=${day}&days=1`);
    expect(week.body).toHaveLength(2);
    const priyas = await admin("GET", `/api/admin/bookings?from=${day}&days=1&engineer=${priya.id}`);
    expect(priyas.body.map((e: { serviceRecordId: number }) => e.serviceRecordId)).toEqual([priyasVisit]);
    expect(priyas.body[0].engineers).toEqual([{ id: priya.id, name: "Priya Shah" }]);
    const list = await admin("GET", `/api/admin/service-records?engineer=${sam.id}`);
    expect(list.body.map((r: { engineers: { id: number }[] }) => r.engineers[0]!.id)).toEqual([sam.id]);
    expect((await admin("GET", "/api/admin/service-records?engineer=abc")).status).toBe(400);
    // Free times (a 60-minute grid from 08:30): Sam's own leave out 09:30, in his 09:00 visit; anyone's still offer it (the owner is free).
    const freeTimes = async (who: string) =>
      (await admin("GET", `/api/admin/service-records/free-times?minutes=60&from=${day}&days=1${who}`)).body.map(
        (s: { start: string }) => s.start,
      );
    expect(await freeTimes(`&engineer=${sam.id}`)).not.toContain(at(day, "09:30"));
    expect(await freeTimes("")).toContain(at(day, "09:30"));
  });

  it("offers the free times of the engineers chosen: one's, or when every one of a two-person job is free", async () => {
    const day = nextThursday();
    const customer = await createCustomer({ email: unique("pair") });
    const sam = await createEngineer("Sam Okafor");
    const priya = await createEngineer("Priya Shah");
    await admin("POST", "/api/admin/service-records", visit(customer.id, day, "09:00", "10:00", { engineers: [sam.id] }));
    await admin("POST", "/api/admin/service-records", visit(customer.id, day, "11:00", "12:00", { engineers: [priya.id] }));
    const freeTimes = async (who: string) => {
      const answer = await admin("GET", `/api/admin/service-records/free-times?minutes=60&from=${day}&days=1${who}`);
      expect(answer.status).toBe(200);
      return (answer.body as { start: string }[]).map((s) => s.start);
    };
    // The 60-minute grid starts at 08:30: Sam's visit takes 08:30 and 09:30, Priya's 10:30 and 11:30.
    const [samAlone, priyaAlone, both] = [
      await freeTimes(`&engineer=${sam.id}`),
      await freeTimes(`&engineer=${priya.id}`),
      await freeTimes(`&engineer=${sam.id}&engineer=${priya.id}`),
    ];
    expect(samAlone).toEqual(expect.arrayContaining([at(day, "10:30"), at(day, "11:30")]));
    expect(samAlone).not.toContain(at(day, "09:30"));
    expect(priyaAlone).toEqual(expect.arrayContaining([at(day, "08:30"), at(day, "09:30")]));
    expect(priyaAlone).not.toContain(at(day, "10:30"));
    expect(both).toEqual(samAlone.filter((start) => priyaAlone.includes(start)));
    expect(both).toContain(at(day, "12:30"));
    for (const taken of ["08:30", "09:30", "10:30", "11:30"]) expect(both).not.toContain(at(day, taken));
    // A suspended engineer cannot go: a pair with them has no free time.
    await query("UPDATE admin_users SET status = 'suspended' WHERE id = ?1", priya.id);
    expect(await freeTimes(`&engineer=${sam.id}&engineer=${priya.id}`)).toEqual([]);
    const seven = [1, 2, 3, 4, 5, 6, 7].map((id) => `&engineer=${id}`).join("");
    const tooMany = await admin("GET", `/api/admin/service-records/free-times?minutes=60&from=${day}${seven}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("A visit has at most six engineers");
  });

  it("gives each engineer a feed of their own visits, which another engineer cannot open", async () => {
    const { sam, samsVisit } = await twoEngineersDay();
    const feed = await sam.call("GET", `/api/admin/engineers/${sam.id}/feed`);
    expect(feed.status).toBe(200);
    const path = new URL(feed.body.feedUrl).pathname;
    const ics = await callApp(path);
    expect(ics.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await ics.text())).getAllSubcomponents("vevent");
    expect(events.map((e) => e.getFirstPropertyValue("uid"))).toEqual([expect.stringContaining(`record-${samsVisit}@`)]);
    // Another engineer's address is not Sam's to have, and a changed one opens nothing.
    const priyaId = (await query<{ id: number }>("SELECT id FROM admin_users WHERE name = 'Priya Shah'"))[0]!.id;
    expect((await sam.call("GET", `/api/admin/engineers/${priyaId}/feed`)).status).toBe(403);
    const tampered = path.replace(
      /\.([^.]+)\.([^.]+)\.ics$/,
      (_, _user, mac) => `.${btoa(String(priyaId)).replace(/=+$/, "")}.${mac}.ics`,
    );
    expect((await callApp(tampered)).status).toBe(404);
  });

  it("sets an engineer's week: their own hours, a day off, and back to the business's", async () => {
    const sam = await createEngineer("Sam Okafor");
    const saved = await admin("PUT", `/api/admin/engineers/${sam.id}/hours`, {
      monday: { start: "07:00", end: "15:00" },
      friday: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.hours).toEqual({ monday: { start: "07:00", end: "15:00" }, friday: null });
    const team = await admin("GET", "/api/admin/engineers");
    expect(team.body.map((e: { name: string }) => e.name)).toEqual(["Owner", "Sam Okafor"]);
    const bad = await admin("PUT", `/api/admin/engineers/${sam.id}/hours`, { monday: { start: "15:00", end: "07:00" } });
    expect(bad.status).toBe(400);
    // The week is saved whole: a weekday left out is back on the business's hours.
    expect((await admin("PUT", `/api/admin/engineers/${sam.id}/hours`, { friday: null })).body.hours).toEqual({ friday: null });
    expect((await admin("PUT", `/api/admin/engineers/${sam.id}/hours`, {})).status).toBe(200);
    expect((await admin("GET", "/api/admin/engineers")).body[1].hours).toEqual({});
  });
});
