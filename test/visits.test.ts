import { env } from "cloudflare:workers";
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
      gasSafetyRecord: null,
      serviceSheet: null,
    });
    expect(visit.propertyId).toEqual(expect.any(Number));
    expect(visit.mapsUrl).toContain(encodeURIComponent("Flat 4, 3 Ash Grove"));
    expect((await admin("GET", "/api/admin/today?date=tomorrow")).status).toBe(400);
    expect(visit.tenant).toBeNull();
  });

  it("names the tenant who opens the door at a let flat, beside the landlord who pays", async () => {
    const { visitId } = await visitToday();
    const record = await admin("GET", `/api/admin/service-records/${visitId}`);
    const changed = await admin("PATCH", `/api/admin/properties/${record.body.propertyId}`, {
      tenantName: "Tia Tenant",
      tenantPhone: "07700 900123",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const day = await admin("GET", `/api/admin/today?date=${londonToday()}`);
    const visit = (day.body as TodayAnswer).visits.find((v) => v.id === visitId)!;
    expect(visit.tenant).toEqual({ name: "Tia Tenant", phone: "07700 900123" });
    expect(visit.customer?.phone).toBe("0161 496 0777");
  });

  it("syncs a sheet once per key, moving stock by the change, and finishes the visit", async () => {
    const { visitId } = await visitToday();
    const valve = await product(5);
    const filter = await product(1);
    const put = (key: string, body: object) =>
      admin<SheetAnswer>("PUT", `/api/admin/visits/${visitId}/sheet`, body, { "Idempotency-Key": key });

    const firstSheet = sheet("1", { parts: [{ productId: valve.id, quantity: 2 }] });
    const first = await put("sync-0001-aaaa", firstSheet);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "in-progress", version: "2", replayed: false });
    expect(first.body.sheet.parts).toEqual([{ productId: valve.id, name: valve.name, quantity: 2 }]);
    expect(await stockOf(valve.id)).toBe(3);
    // The answer was lost; the phone sends the same change again: nothing moves twice.
    const again = await put("sync-0001-aaaa", firstSheet);
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

  it("syncs in two D1 round trips, and of two phones' sheets sent at once from the same version applies one", async () => {
    const { visitId } = await visitToday();
    const valve = await product(5);
    const counter = countingD1((await import("cloudflare:workers")).env.DB as unknown as Parameters<typeof countingD1>[0]);
    const put = (key: string, body: object, env = {}) =>
      callAppJson<SheetAnswer>(`/api/admin/visits/${visitId}/sheet`, {
        method: "PUT",
        json: body,
        headers: { ...(headers as Record<string, string>), "Idempotency-Key": key },
        env,
      });
    const headers = await adminHeaders();
    const first = await put("sync-trips-0001", sheet("1", { parts: [{ productId: valve.id, quantity: 1 }] }), { DB: counter.db });
    expect(first.status).toBe(200);
    // The session check, the read (key, version, parts) and the write with its answer; the audit
    // log's entry of the sync is written after the answer and is not the sync's own.
    const own = counter.trips.filter((trip) => !trip.some((sql) => sql.includes('"audit_log"')));
    expect(own.length).toBeLessThanOrEqual(3);
    expect(own.at(-1)!.some((sql) => sql.startsWith('insert into "sheet_syncs"'))).toBe(true);

    // Both read version 2 before either writes: the second write finds the visit moved on, and
    // changes nothing (the sheet, the stock) rather than writing over the first.
    const [a, b] = await Promise.all([
      put("sync-race-000a", sheet("2", { parts: [{ productId: valve.id, quantity: 3 }] })),
      put("sync-race-000b", sheet("2", { parts: [{ productId: valve.id, quantity: 4 }], workDone: "The other phone" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect((lost.body as unknown as { details: unknown }).details).toEqual([{ path: "baseVersion", message: "3" }]);
    expect(await stockOf(valve.id)).toBe(5 - won.body.sheet.parts[0]!.quantity);
    const [kept] = await query<{ work_done: string }>("SELECT work_done FROM visit_sheets WHERE service_record_id = ?1", visitId);
    expect(kept!.work_done).toBe(won.body.sheet.workDone);
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
    const elsewhere = await admin(
      "PUT",
      `/api/admin/visits/${visitId}/sheet`,
      sheet("1", { photos: [`visits/${visitId + 1}/x.jpg`] }),
      { "Idempotency-Key": "sync-bad-0002" },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe("A photo belongs to another visit");
    expect(
      (await admin("PUT", "/api/admin/visits/99999999/sheet", sheet("1"), { "Idempotency-Key": "sync-bad-0003" })).status,
    ).toBe(404);
  });
});

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("a visit's photos", () => {
  const uploadTarget = async (visitId: number, name: string) => {
    const res = await admin<{ uploadURL: string; key: string; uploaded: boolean }>(
      "POST",
      `/api/admin/visits/${visitId}/photo-url`,
      { name },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...res.body, path: new URL(res.body.uploadURL).pathname + new URL(res.body.uploadURL).search };
  };
  const upload = (path: string, body: BodyInit = PNG, type = "image/png") =>
    callApp(path, { method: "PUT", body, headers: { "Content-Type": type } });

  it("are named by the phone, uploaded once through a signed URL, listed by the sheet and served only to the office", async () => {
    const { visitId } = await visitToday();
    const name = `${crypto.randomUUID()}.jpg`;
    const target = await uploadTarget(visitId, name);
    expect(target).toMatchObject({ key: `visits/${visitId}/${name}`, uploaded: false });

    // The sheet cannot name a photo that has not arrived.
    const early = await admin("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("1", { photos: [target.key] }), {
      "Idempotency-Key": `photo-early-${visitId}`,
    });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("A photo has not finished uploading: the sheet is sent again once it has");

    const stored = await upload(target.path);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ key: target.key, contentType: "image/png", size: PNG.byteLength });
    const object = await env.IMAGES.get(target.key);
    expect(object?.httpMetadata?.cacheControl).toBe("private, max-age=31536000, immutable");
    // The upload's answer was lost: asking again says it is there, and the link does not write twice.
    expect((await uploadTarget(visitId, name)).uploaded).toBe(true);
    expect((await upload(target.path)).status).toBe(409);

    const synced = await admin<SheetAnswer>("PUT", `/api/admin/visits/${visitId}/sheet`, sheet("1", { photos: [target.key] }), {
      "Idempotency-Key": `photo-sync-${visitId}`,
    });
    expect(synced.status).toBe(200);
    expect(synced.body.sheet.photos).toEqual([target.key]);

    const served = await callApp(`/api/admin/visits/${visitId}/photos/${name}`, { headers: await adminHeaders() });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await callApp(`/api/admin/visits/${visitId}/photos/${name}`)).status).toBe(401);
    // Never on the public image path, whatever the name.
    expect((await callApp(`/public-objects/product-images/${name}`)).status).toBe(404);
    expect((await callApp(`/api/admin/visits/${visitId}/photos/missing.jpg`, { headers: await adminHeaders() })).status).toBe(
      404,
    );
  });

  it("refuses a name the phone could not have made, a link for another visit or object, and what is not an image", async () => {
    const { visitId } = await visitToday();
    for (const name of ["../x.jpg", "a/b.jpg", "photo.svg", "photo", ".jpg"]) {
      const res = await admin("POST", `/api/admin/visits/${visitId}/photo-url`, { name });
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe("A photo's name is a random id with .jpg, .png or .webp");
    }
    expect((await admin("POST", "/api/admin/visits/99999999/photo-url", { name: "a.jpg" })).status).toBe(404);

    const target = await uploadTarget(visitId, `${crypto.randomUUID()}.jpg`);
    const other = `/api/uploads/visits/${visitId}/${crypto.randomUUID()}.jpg${new URL(target.uploadURL).search}`;
    expect((await upload(other)).status).toBe(403);
    const notImage = await upload(target.path, new TextEncoder().encode("<svg onload=alert(1)>"), "image/jpeg");
    expect(notImage.status).toBe(415);
    expect(await env.IMAGES.head(target.key)).toBeNull();
    expect((await upload(target.path.replace(/\?token=.*/, ""))).status).toBe(401);
  });
});
