import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { GasSafetyListItem } from "../schema/api/gas-safety-list";
import { properties } from "../schema/db";
import { addDays, londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { admin, adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * The gas safety records list (issue 45): its tabs and searches against the rows seeded here. Two
 * landlords with several properties each, every property with records of its own, so a subquery that
 * lost its outer table would give one property another's record, and a search by one landlord's
 * name would bring the other's.
 */

const today = londonToday();
const tag = crypto.randomUUID().slice(0, 6);
let number = 880_000;

async function property(customerId: number, address: string, postcode: string, tenantName: string | null = null) {
  const [row] = await getDb(env).insert(properties).values({ customerId, address, postcode, tenantName }).returning();
  return row!;
}

/** A record at the property checked `checkedAgo` days ago; issued ones set a deadline `dueIn` days from today. */
async function record(p: { id: number; customerId: number }, checkedAgo: number, dueIn: number, status = "issued") {
  const issued = status === "issued";
  if (issued) number += 1;
  const [row] = await query<{ id: number }>(
    `INSERT INTO gas_safety_records (property_id, customer_id, status, number, check_date, details, next_due_date, issued_at)
     VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6, ?7) RETURNING id`,
    p.id,
    p.customerId,
    status,
    issued ? number : null,
    addDays(today, -checkedAgo),
    issued ? addDays(today, dueIn) : null,
    issued ? `${addDays(today, -checkedAgo)}T12:00:00.000Z` : null,
  );
  return { id: row!.id, number: issued ? `GSR-${String(number).padStart(6, "0")}` : null, dueIn };
}

async function seed() {
  const ann = await createCustomer({ firstName: "Annabel", lastName: `Hartley${tag}`, isLandlord: true });
  const bob = await createCustomer({ firstName: "Robert", lastName: `Quill${tag}`, isLandlord: true });
  const a1 = await property(ann.id, `1 Ivy Row ${tag}`, "ZE2 1AA", "Tia Tenant");
  const a2 = await property(ann.id, `2 Elm Walk ${tag}`, "ZE2 2AB");
  const a3 = await property(ann.id, `3 Oak Lane ${tag}`, "ZE2 3AD");
  const a4 = await property(ann.id, `4 Ash Close ${tag}`, "ZE2 4AE");
  const a5 = await property(ann.id, `5 Yew Court ${tag}`, "ZE2 5AF");
  const b1 = await property(bob.id, `9 Birch Road ${tag}`, "ZE3 9BB", "Ben Tenant");
  const records = {
    // Superseded: its deadline is past, but the record after it at the same property stands.
    a1Old: await record(a1, 400, -35),
    a1: await record(a1, 340, 25),
    a2: await record(a2, 380, -15),
    a3: await record(a3, 300, 60),
    a4: await record(a4, 290, 61),
    a5: await record(a5, 350, 15),
    // A draft begun today: no deadline, and it does not hide the issued record before it.
    a5Draft: await record(a5, 0, 0, "draft"),
    b1: await record(b1, 360, 5),
  };
  await query(
    `INSERT INTO warning_notices (record_id, property_id, customer_id, number, classification, appliance_index)
     VALUES (?1, ?2, ?3, ?4, 'AR', 0)`,
    records.a1.id,
    a1.id,
    ann.id,
    number,
  );
  return { ann, bob, records };
}

let seeded: ReturnType<typeof seed> | undefined;
const once = () => {
  seeded ??= seed();
  return seeded;
};

async function list(params: string) {
  const res = await callApp(`/api/admin/gas-safety-records?${params}`, { headers: await adminHeaders() });
  expect(res.status, await res.clone().text()).toBe(200);
  return { rows: (await res.json()) as GasSafetyListItem[], total: Number(res.headers.get("X-Total-Count")) };
}

describe("the gas safety records list", () => {
  it("Due lists each property's latest issued record due within 60 days or past, soonest first", async () => {
    const { records } = await once();
    const mine = new Set(Object.values(records).map((r) => r.id));
    const { rows } = await list("tab=due&limit=100");
    const due = rows.filter((r) => mine.has(r.id));
    expect(due.map((r) => r.id)).toEqual([records.a2.id, records.b1.id, records.a5.id, records.a1.id, records.a3.id]);
    expect(due.map((r) => r.daysLeft)).toEqual([-15, 5, 15, 25, 60]);
    const a1 = due.find((r) => r.id === records.a1.id)!;
    expect(a1).toEqual({
      id: records.a1.id,
      number: records.a1.number,
      status: "issued",
      address: `1 Ivy Row ${tag}`,
      postcode: "ZE2 1AA",
      customerName: `Annabel Hartley${tag}`,
      tenantName: "Tia Tenant",
      checkDate: addDays(today, -340),
      nextDueDate: addDays(today, 25),
      daysLeft: 25,
      hasWarning: true,
      isLatest: true,
    });
    expect(due.find((r) => r.id === records.a2.id)!.hasWarning).toBe(false);
  });

  it("All lists every record newest check first; Drafts only the drafts", async () => {
    const { records } = await once();
    const mine = new Set(Object.values(records).map((r) => r.id));
    const all = (await list("limit=100")).rows.filter((r) => mine.has(r.id));
    expect(all[0]).toMatchObject({ id: records.a5Draft.id, status: "draft", number: null, nextDueDate: null, daysLeft: null });
    expect(all.find((r) => r.id === records.a1Old.id)).toMatchObject({ status: "issued", daysLeft: -35, isLatest: false });
    expect(all.find((r) => r.id === records.a4.id)).toMatchObject({ daysLeft: 61, isLatest: true });
    expect(all.map((r) => r.checkDate)).toEqual([...all.map((r) => r.checkDate)].sort().reverse());
    expect(all).toHaveLength(mine.size);
    const drafts = (await list("tab=drafts&limit=100")).rows;
    expect(drafts.map((r) => r.id)).toContain(records.a5Draft.id);
    expect(drafts.every((r) => r.status === "draft")).toBe(true);
  });

  it("finds a record by its number, written as GSR-, CP12- or the digits", async () => {
    const { records } = await once();
    const digits = records.a3.number!.slice(4);
    for (const q of [records.a3.number!, `CP12-${digits}`, `gsr${Number(digits)}`, String(Number(digits))]) {
      const { rows, total } = await list(`q=${encodeURIComponent(q)}`);
      expect(
        rows.map((r) => r.id),
        q,
      ).toEqual([records.a3.id]);
      expect(total).toBe(1);
    }
  });

  it("finds a landlord's records by her name or e-mail, never the other landlord's", async () => {
    const { ann, records } = await once();
    const annIds = [records.a1Old, records.a1, records.a2, records.a3, records.a4, records.a5, records.a5Draft].map((r) => r.id);
    for (const q of [`Hartley${tag}`, ann.email]) {
      const { rows, total } = await list(`q=${encodeURIComponent(q)}&limit=100`);
      expect(rows.map((r) => r.id).sort(), q).toEqual([...annIds].sort());
      expect(total).toBe(annIds.length);
    }
    const due = await list(`tab=due&q=Hartley${tag}&limit=100`);
    expect(due.rows.map((r) => r.id)).toEqual([records.a2.id, records.a5.id, records.a1.id, records.a3.id]);
    expect(due.total).toBe(4);
  });

  it("finds a property's records by its postcode's start or its address", async () => {
    const { records } = await once();
    const byOutward = await list("q=ze3");
    expect(byOutward.rows.map((r) => r.id)).toEqual([records.b1.id]);
    const byWhole = await list("q=ze21aa");
    expect(byWhole.rows.map((r) => r.id)).toEqual([records.a1.id, records.a1Old.id]);
    const byAddress = await list(`q=${encodeURIComponent(`yew court ${tag}`)}`);
    expect(byAddress.rows.map((r) => r.id)).toEqual([records.a5Draft.id, records.a5.id]);
  });

  it("pages the rows and counts them all in X-Total-Count", async () => {
    await once();
    const first = await list(`q=Hartley${tag}&limit=2&offset=0`);
    const second = await list(`q=Hartley${tag}&limit=2&offset=2`);
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(7);
    expect(second.total).toBe(7);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
  });

  it("refuses a bad query with a message a person can read", async () => {
    const tab = await admin("GET", "/api/admin/gas-safety-records?tab=soon");
    expect(tab.status).toBe(400);
    expect(tab.body.error).toBe("Unknown tab: choose all, due or drafts");
    const limit = await admin("GET", "/api/admin/gas-safety-records?limit=500");
    expect(limit.status).toBe(400);
    expect(limit.body.error).toBe("The limit must be between 1 and 100");
    const long = await admin("GET", `/api/admin/gas-safety-records?q=${"x".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("The search is too long");
  });
});
