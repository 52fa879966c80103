import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GAS_DUE_DAYS, type GasDueReport } from "../schema/api/reports-gas-due";
import { properties } from "../schema/db";
import { addDays, londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { gasDueReport } from "../worker/services/reports/gas-due";
import { admin, adminHeaders } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Gas safety due (issue 45): the report against what the test seeded, not the same query. Two
 * landlords with several properties each, every property with records of its own, so a subquery that
 * lost its outer table (Drizzle writes a single-table select's columns unqualified) would give one
 * property another's record or deadline.
 */

const today = londonToday();
let number = 770_000;

async function property(customerId: number, address: string, tenantName: string | null = null) {
  const [row] = await getDb(env).insert(properties).values({ customerId, address, postcode: "M1 1AA", tenantName }).returning();
  return row!;
}

/** A record at the property checked `checkedAgo` days ago, its deadline `dueIn` days from today. */
async function record(p: { id: number; customerId: number }, checkedAgo: number, dueIn: number, status = "issued") {
  number += 1;
  await query(
    `INSERT INTO gas_safety_records (property_id, customer_id, status, number, check_date, details, next_due_date, issued_at)
     VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6, ?7)`,
    p.id,
    p.customerId,
    status,
    status === "issued" ? number : null,
    addDays(today, -checkedAgo),
    status === "issued" ? addDays(today, dueIn) : null,
    status === "issued" ? `${addDays(today, -checkedAgo)}T12:00:00.000Z` : null,
  );
  return {
    number: `GSR-${String(number).padStart(6, "0")}`,
    checkDate: addDays(today, -checkedAgo),
    dueDate: addDays(today, dueIn),
  };
}

type VisitStatus = "scheduled" | "completed";
const visit = (p: { id: number; customerId: number }, inDays: number, serviceType: string, status: VisitStatus = "scheduled") =>
  createServiceRecord({ customerId: p.customerId, propertyId: p.id, serviceType, status, serviceDate: addDays(today, inDays) });

async function seed() {
  const tag = crypto.randomUUID().slice(0, 6);
  const ann = await createCustomer({ firstName: "Ann", lastName: `Lets-${tag}`, isLandlord: true });
  const bob = await createCustomer({ firstName: "Bob", lastName: `Lets-${tag}`, isLandlord: true });
  const [overdue, in89, in91, renewed] = [
    await property(ann.id, `1 Overdue Row ${tag}`, "Tia Tenant"),
    await property(ann.id, `2 Soon Street ${tag}`),
    await property(ann.id, `3 Later Lane ${tag}`),
    await property(ann.id, `4 Renewed Road ${tag}`),
  ];
  // Lapsed 400 days ago: a landlord long gone, counted and not listed.
  const lapsed = await property(ann.id, `9 Gone Grove ${tag}`);
  const [booked, dueToday, repairOnly, never] = [
    await property(bob.id, `5 Booked Close ${tag}`, "Ben Tenant"),
    await property(bob.id, `6 Today Terrace ${tag}`),
    await property(bob.id, `7 Repair Mews ${tag}`),
    await property(bob.id, `8 Blank Avenue ${tag}`),
  ];
  const records = {
    overdue: [await record(overdue, 735, -370), await record(overdue, 370, -5)].at(-1)!,
    in89: await record(in89, 276, 89),
    in91: await record(in91, 274, 91),
    // Its older record's deadline is near (and each property's records are numbered apart); the newer one's is not.
    renewed: [await record(renewed, 355, 10), await record(renewed, 20, 345)].at(-1)!,
    booked: await record(booked, 335, 30),
    dueToday: await record(dueToday, 365, 0),
    repairOnly: await record(repairOnly, 325, 40),
    lapsed: await record(lapsed, 765, -400),
  };
  // A draft begun today names no deadline and does not hide the issued record before it.
  await record(in89, 0, 0, "draft");
  // Booked: the gas safety visit in the diary after the last check. A repair is not the check, a
  // visit done is not a booking, and one left scheduled in the past was missed.
  const bookedVisit = await visit(booked, 20, "Gas Safety Certificate (CP12)");
  await visit(booked, 25, "Gas safety check");
  await visit(repairOnly, 5, "Boiler Repair");
  await visit(dueToday, -3, "Gas Safety Certificate (CP12)");
  await visit(overdue, -1, "Gas Safety Certificate (CP12)", "completed");
  return {
    tag,
    ann,
    bob,
    records,
    bookedVisit,
    props: { overdue, in89, in91, renewed, booked, dueToday, repairOnly, never, lapsed },
  };
}

describe("gas safety due, by landlord", () => {
  it("lists each property's latest deadline within 90 days or past, overdue first, with the booked visit, and its CSV", async () => {
    const s = await seed();
    const { status, body } = await admin<GasDueReport>("GET", "/api/admin/reports/gas-due");
    expect(status).toBe(200);
    expect(body.asOf).toBe(today);
    expect(body.until).toBe(addDays(today, GAS_DUE_DAYS));

    const ann = body.landlords.find((l) => l.customerId === s.ann.id)!;
    const bob = body.landlords.find((l) => l.customerId === s.bob.id)!;
    expect(ann.name).toBe(`Ann Lets-${s.tag}`);
    // The overdue one first, then the soonest due; 91 days out, the renewed one and one never checked are not listed.
    expect(ann.properties.map((p) => [p.propertyId, p.recordNumber, p.dueDate, p.daysLeft, p.isOverdue])).toEqual([
      [s.props.overdue.id, s.records.overdue.number, s.records.overdue.dueDate, -5, true],
      [s.props.in89.id, s.records.in89.number, s.records.in89.dueDate, 89, false],
    ]);
    expect(ann.properties[0]).toMatchObject({
      address: s.props.overdue.address,
      tenantName: "Tia Tenant",
      checkDate: s.records.overdue.checkDate,
      booked: null,
    });
    expect(bob.properties.map((p) => [p.propertyId, p.recordNumber, p.daysLeft, p.booked])).toEqual([
      [s.props.dueToday.id, s.records.dueToday.number, 0, null],
      [s.props.booked.id, s.records.booked.number, 30, { visitId: s.bookedVisit.id, date: addDays(today, 20) }],
      [s.props.repairOnly.id, s.records.repairOnly.number, 40, null],
    ]);
    // The landlord with the most pressing deadline first.
    expect(body.landlords.indexOf(ann)).toBeLessThan(body.landlords.indexOf(bob));
    const all = body.landlords.flatMap((l) => l.properties);
    const listed = new Set(all.map((p) => p.propertyId));
    for (const left of [s.props.in91, s.props.renewed, s.props.never, s.props.lapsed])
      expect(listed.has(left.id), left.address).toBe(false);
    expect(body.lapsed).toBeGreaterThanOrEqual(1);
    expect(body.overdue).toBe(all.filter((p) => p.dueDate < today).length);
    expect(body.due).toBe(all.filter((p) => p.dueDate >= today).length);

    const csv = await callApp("/api/admin/reports/gas-due.csv", { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="gas-safety-due.csv"');
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Landlord,Address,Postcode,Tenant,Last record,Checked,Due,Days left,Overdue,Booked");
    expect(lines).toContain(
      `Ann Lets-${s.tag},1 Overdue Row ${s.tag},M1 1AA,Tia Tenant,${s.records.overdue.number},${s.records.overdue.checkDate},${s.records.overdue.dueDate},-5,Yes,`,
    );
    expect(lines).toContain(
      `Bob Lets-${s.tag},5 Booked Close ${s.tag},M1 1AA,Ben Tenant,${s.records.booked.number},${s.records.booked.checkDate},${s.records.booked.dueDate},30,,${addDays(today, 20)}`,
    );
    expect(lines.join("\n")).not.toContain(`3 Later Lane ${s.tag}`);
  });

  it("reads it in one round trip, each property's latest record by its index, no document table scanned", async () => {
    await seed();
    const counted = countingD1(env.DB);
    await gasDueReport(getDb({ DB: counted.db }));
    expect(counted.trips).toHaveLength(1);
    const [statement] = counted.trips[0]!;
    const binds = [today, JSON.stringify(["%gas safety%", "%cp12%"]), addDays(today, GAS_DUE_DAYS)];
    expect(statement!.match(/\?/g)).toHaveLength(binds.length);
    const plan = (await query<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`, ...binds)).map((p) => p.detail).join("\n");
    expect(plan).toMatch(/SEARCH latest USING (COVERING )?INDEX gas_safety_records_property/);
    expect(plan).toMatch(/SEARCH v USING (COVERING )?INDEX service_records_property/);
    expect(plan).not.toMatch(/SCAN (gas_safety_records|latest|v|service_records)\b/);
  });

  it("is the owner's only", async () => {
    expect((await callApp("/api/admin/reports/gas-due")).status).toBe(401);
    expect((await callApp("/api/admin/reports/gas-due.csv")).status).toBe(401);
  });
});
