import { describe, expect, it } from "vitest";
import type { SheetAnswer, TodayAnswer } from "../schema/api/visits";
import { addDays, londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

async function admin<T = any>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  return callAppJson<T>(path, { method, json, headers: { ...(await adminHeaders()), ...headers } });
}

async function product(stockQuantity: number) {
  return createProduct({ name: `Sheet part ${crypto.randomUUID().slice(0, 8)}`, stockQuantity, lowStockThreshold: 0 });
}

const stockOf = async (id: number) =>
  (await query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = ?1", id))[0]!.stock_quantity;

async function visitToday() {
  const tag = crypto.randomUUID().slice(0, 8);
  const customer = await admin("POST", "/api/admin/customers", {
    firstName: "Sam",
    lastName: `Site-${tag}`,
    email: `site-${tag}@example.com`,
    phone: "0161 496 0777",
    address: "3 Ash Grove, Stretford",
    postcode: "M32 9AA",
  });
  const property = await admin("POST", `/api/admin/customers/${customer.body.id}/properties`, {
    address: "Flat 4, 3 Ash Grove, Stretford",
    postcode: "M32 9AA",
  });
  await admin("POST", `/api/admin/properties/${property.body.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 4000",
    flueType: "room-sealed",
  });
  await admin("POST", "/api/admin/service-records", {
    customerId: customer.body.id,
    serviceType: "Annual Service",
    status: "completed",
    serviceDate: addDays(londonToday(), -300),
    workCompleted: "Serviced; flue checked",
  });
  const visit = await admin("POST", "/api/admin/service-records", {
    customerId: customer.body.id,
    propertyId: property.body.id,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  return { customerId: customer.body.id as number, visitId: visit.body.id as number, tag };
}

const sheet = (baseVersion: string, extra: object = {}) => ({
  baseVersion,
  arrivedAt: new Date().toISOString(),
  workDone: "Replaced the diverter valve",
  labourMinutes: 90,
  ...extra,
});

describe("the engineer's day", () => {
  it("lists the day's visits with what is needed on site, in one D1 round trip", async () => {
    const { visitId, tag } = await visitToday();
    const counter = countingD1((await import("cloudflare:workers")).env.DB as unknown as Parameters<typeof countingD1>[0]);
    const res = await callApp(`/api/admin/today?date=${londonToday()}`, {
      headers: await adminHeaders(),
      env: { DB: counter.db },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TodayAnswer;
    expect(counter.trips.length).toBeLessThanOrEqual(2); // the session check, then the day
    const visit = body.visits.find((v) => v.id === visitId)!;
    expect(visit).toMatchObject({
      serviceType: "Boiler Repair",
      customer: { name: `Sam Site-${tag}`, phone: "0161 496 0777" },
      address: "Flat 4, 3 Ash Grove, Stretford, M32 9AA",
      appliances: [expect.objectContaining({ location: "Kitchen", make: "Worcester", model: "Greenstar 4000" })],
      lastVisit: { serviceType: "Annual Service", notes: "Serviced; flue checked" },
      owedPence: 0,
      sheet: null,
      version: "1",
    });
    expect(visit.mapsUrl).toContain(encodeURIComponent("Flat 4, 3 Ash Grove"));
    expect((await admin("GET", "/api/admin/today?date=tomorrow")).status).toBe(400);
  });

  it("syncs a sheet once per key, moving stock by the change, and finishes the visit", async () => {
    const { visitId } = await visitToday();
    const valve = await product(5);
    const filter = await product(1);
    const put = (key: string, body: object) =>
      admin<SheetAnswer>("PUT", `/api/admin/visits/${visitId}/sheet`, body, { "Idempotency-Key": key });

    const first = await put("sync-0001-aaaa", sheet("1", { parts: [{ productId: valve.id, quantity: 2 }] }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "in-progress", version: "2", replayed: false });
    expect(first.body.sheet.parts).toEqual([{ productId: valve.id, name: valve.name, quantity: 2 }]);
    expect(await stockOf(valve.id)).toBe(3);
    // The answer was lost; the phone sends the same change again: nothing moves twice.
    const again = await put("sync-0001-aaaa", sheet("1", { parts: [{ productId: valve.id, quantity: 2 }] }));
    expect(again.status).toBe(200);
    expect(again.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toMatchObject({ replayed: true, version: "2" });
    expect(await stockOf(valve.id)).toBe(3);

    // One valve fewer, two filters though one is on the shelf, and finished.
    const done = await put(
      "sync-0002-bbbb",
      sheet("2", {
        parts: [
          { productId: valve.id, quantity: 1 },
          { productId: filter.id, quantity: 2 },
        ],
        signedName: "Sam Site",
        finish: true,
      }),
    );
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("completed");
    expect(await stockOf(valve.id)).toBe(4);
    expect(await stockOf(filter.id)).toBe(0);
    const ledger = await query<{ product_id: number; change: number; reason: string }>(
      "SELECT product_id, change, reason FROM stock_movements WHERE service_record_id = ?1 ORDER BY id",
      visitId,
    );
    expect(ledger).toEqual([
      { product_id: valve.id, change: -2, reason: "visit" },
      { product_id: valve.id, change: 1, reason: "visit" },
      { product_id: filter.id, change: -1, reason: "visit" },
    ]);
    const [record] = await query<{ status: string; work_completed: string; parts_used: string }>(
      "SELECT status, work_completed, parts_used FROM service_records WHERE id = ?1",
      visitId,
    );
    expect(record).toEqual({
      status: "completed",
      work_completed: "Replaced the diverter valve",
      parts_used: `1 × ${valve.name}, 2 × ${filter.name}`,
    });
  });

  it("refuses a sheet made from an older version once the office changed the visit, and says which is current", async () => {
    const { visitId } = await visitToday();
    // The office moves the visit while the phone has version 1.
    const moved = await admin("PATCH", `/api/admin/service-records/${visitId}`, { notes: "Customer asked for the afternoon" });
    expect(moved.status).toBe(200);
    const conflict = await admin("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("1"), {
      "Idempotency-Key": "sync-conflict-1",
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.details).toEqual([{ path: "baseVersion", message: "2" }]);
    expect(await query("SELECT * FROM visit_sheets WHERE service_record_id = ?1", visitId)).toEqual([]);
    const retried = await admin("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("2"), {
      "Idempotency-Key": "sync-conflict-2",
    });
    expect(retried.status).toBe(200);
  });

  it("asks for an Idempotency-Key and checks what the sheet says", async () => {
    const { visitId } = await visitToday();
    const noKey = await admin("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("1"));
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toBe("Send an Idempotency-Key header with each sync");
    const bad = await admin(
      "PUT",
      `/api/admin/visits/${visitId}/sheet`,
      sheet("1", { labourMinutes: -5, parts: [{ productId: 1, quantity: 0 }], photos: ["../../etc/passwd"] }),
      { "Idempotency-Key": "sync-bad-0001" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "labourMinutes",
      "parts.0.quantity",
      "photos.0",
    ]);
    const elsewhere = await admin("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("1", { photos: ["visits/1/x.jpg"] }), {
      "Idempotency-Key": "sync-bad-0002",
    });
    expect(elsewhere.status).toBe(visitId === 1 ? 200 : 400);
    expect(
      (await admin("PUT", "/api/admin/visits/99999999/sheet", sheet("1"), { "Idempotency-Key": "sync-bad-0003" })).status,
    ).toBe(404);
  });
});
