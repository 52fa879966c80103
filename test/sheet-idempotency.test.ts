import { describe, expect, it } from "vitest";
import type { SheetAnswer } from "../schema/api/visits";
import { londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { callAppJson, query } from "./helpers/factories-commerce";

async function admin<T = any>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  return callAppJson<T>(path, { method, json, headers: { ...(await adminHeaders()), ...headers } });
}

/** A visit booked for today at a customer's property. */
async function visitToday() {
  const tag = crypto.randomUUID().slice(0, 8);
  const customer = await admin("POST", "/api/admin/customers", {
    firstName: "Ida",
    lastName: `Key-${tag}`,
    email: `key-${tag}@example.com`,
    address: "8 Birch Road, Sale",
    postcode: "M33 2AA",
  });
  const visit = await admin("POST", "/api/admin/service-records", {
    customerId: customer.body.id,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  return visit.body.id as number;
}

const arrivedAt = new Date().toISOString();
const sheet = (extra: object = {}) => ({
  baseVersion: "1",
  arrivedAt,
  workDone: "Replaced the diverter valve",
  labourMinutes: 90,
  ...extra,
});

/** The raw JSON text, so a retry can come with its fields in another order. */
async function putRaw(visitId: number, key: string, body: string) {
  return callAppJson<SheetAnswer & { error?: string; code?: string; details?: unknown }>(`/api/admin/visits/${visitId}/sheet`, {
    method: "PUT",
    body,
    headers: { ...(await adminHeaders()), "Content-Type": "application/json", "Idempotency-Key": key },
  });
}
const put = (visitId: number, key: string, body: object) => putRaw(visitId, key, JSON.stringify(body));

const stockOf = async (id: number) =>
  (await query<{ stock_quantity: number }>("SELECT stock_quantity FROM products WHERE id = ?1", id))[0]!.stock_quantity;
const workDone = async (visitId: number) =>
  (await query<{ work_done: string }>("SELECT work_done FROM visit_sheets WHERE service_record_id = ?1", visitId))[0]?.work_done;

describe("a job sheet's Idempotency-Key", () => {
  it("replays the same sheet sent again, whatever the order of its fields", async () => {
    const visitId = await visitToday();
    const key = `same-${crypto.randomUUID()}`;
    const first = await put(visitId, key, sheet());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ replayed: false, version: "2" });
    // The same sheet, its fields reversed and spaced out: the same request.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(sheet()).reverse()), null, 2);
    const again = await putRaw(visitId, key, reordered);
    expect(again.status).toBe(200);
    expect(again.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toMatchObject({ replayed: true, version: "2" });
    const [stored] = await query<{ body_sha256: string }>("SELECT body_sha256 FROM sheet_syncs WHERE key = ?1", key);
    expect(stored!.body_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses the key sent again with another sheet (422), changing nothing, and takes that sheet under a new key", async () => {
    const visitId = await visitToday();
    const valve = await createProduct({ name: `Key part ${crypto.randomUUID().slice(0, 8)}`, stockQuantity: 5 });
    const key = `changed-${crypto.randomUUID()}`;
    expect((await put(visitId, key, sheet({ parts: [{ productId: valve.id, quantity: 1 }] }))).status).toBe(200);
    expect(await stockOf(valve.id)).toBe(4);

    const changed = sheet({ workDone: "Replaced the pump instead", parts: [{ productId: valve.id, quantity: 3 }] });
    const reused = await put(visitId, key, changed);
    expect(reused.status).toBe(422);
    expect(reused.res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(reused.body).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      error: "This Idempotency-Key was already used for a different version of this sheet: send the change with a new key.",
      details: [{ path: "Idempotency-Key", message: expect.any(String) }],
    });
    // Neither the sheet nor the stock took the refused body.
    expect(await workDone(visitId)).toBe("Replaced the diverter valve");
    expect(await stockOf(valve.id)).toBe(4);

    const fresh = await put(visitId, `changed-${crypto.randomUUID()}`, { ...changed, baseVersion: "2" });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ replayed: false, version: "3" });
    expect(await workDone(visitId)).toBe("Replaced the pump instead");
    expect(await stockOf(valve.id)).toBe(2);
  });

  it("refuses the key sent for another visit (422)", async () => {
    const [one, other] = [await visitToday(), await visitToday()];
    const key = `elsewhere-${crypto.randomUUID()}`;
    expect((await put(one, key, sheet())).status).toBe(200);
    const reused = await put(other, key, sheet());
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      error: "This Idempotency-Key was already used for another visit's sheet.",
    });
    expect(await workDone(other)).toBeUndefined();
  });

  it("of two sheets sent at once under one key, applies one and refuses the other; the same sheet twice is one and a replay", async () => {
    const visitId = await visitToday();
    const key = `race-${crypto.randomUUID()}`;
    const answers = await Promise.all([
      put(visitId, key, sheet({ workDone: "First phone" })),
      put(visitId, key, sheet({ workDone: "Second phone" })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const won = answers.find((a) => a.status === 200)!;
    expect(await workDone(visitId)).toBe(won.body.sheet.workDone);

    const twin = await visitToday();
    const twinKey = `twin-${crypto.randomUUID()}`;
    const same = await Promise.all([put(twin, twinKey, sheet()), put(twin, twinKey, sheet())]);
    expect(same.map((a) => a.status)).toEqual([200, 200]);
    expect(same.map((a) => a.body.replayed).sort()).toEqual([false, true]);
    expect(same.map((a) => a.body.version)).toEqual(["2", "2"]);
  });
});
