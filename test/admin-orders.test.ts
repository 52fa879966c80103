import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder, FulfilmentStatus } from "../schema/api/orders";
import { adminHeaders } from "./helpers/admin";
import { createOrder } from "./helpers/factories-admin";
import { callJson } from "./helpers/http";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

const line = (name: string, unitPricePence: number, quantity: number) => ({
  productId: null,
  name,
  brand: "Worcester",
  image: "/images/parts/x.svg",
  unitPricePence,
  quantity,
});

const move = (id: string, fulfilmentStatus: unknown) =>
  callJson(`/api/admin/orders/${id}`, { method: "PATCH", json: { fulfilmentStatus }, headers: auth });

const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT fulfilment_status FROM orders WHERE id = ?1").bind(id).first<{ fulfilment_status: string }>())
    ?.fulfilment_status;

describe("admin orders", () => {
  it("lists orders newest first with lines, totals as decimal text, payment state and customer details", async () => {
    const older = await createOrder({ createdAt: "2026-05-01T10:00:00.000Z" }, [
      line("Diverter Valve", 4599, 2),
      line("PCB", 12000, 1),
    ]);
    const newer = await createOrder({
      createdAt: "2026-05-02T10:00:00.000Z",
      paymentMethod: "card",
      paymentStatus: "paid",
      paidAt: "2026-05-02T10:01:00.000Z",
      customerName: null,
      customerEmail: "card@example.com",
    });
    const { status, body } = await callJson<AdminOrder[]>("/api/admin/orders", { headers: auth });
    expect(status).toBe(200);
    const ours = body.filter((o) => o.id === older.id || o.id === newer.id);
    expect(ours.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(ours[0]).toMatchObject({
      paymentMethod: "card",
      paymentStatus: "paid",
      paidAt: "2026-05-02T10:01:00.000Z",
      lines: [],
    });
    expect(ours[1]).toMatchObject({
      customerName: "Olivia Order",
      customerEmail: "olivia@example.com",
      customerPhone: "0161 496 0777",
      shippingAddress: "1 Test Street, Sale, M33 1AA",
      totalAmount: "211.98",
      paymentMethod: "order_form",
      paymentStatus: "unpaid",
      fulfilmentStatus: "new",
      nextStatuses: ["confirmed", "cancelled"],
    });
    expect(ours[1]!.lines.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        productId: null,
        name: "Diverter Valve",
        brand: "Worcester",
        image: "/images/parts/x.svg",
        unitPrice: "45.99",
        quantity: 2,
        lineTotal: "91.98",
      },
      {
        productId: null,
        name: "PCB",
        brand: "Worcester",
        image: "/images/parts/x.svg",
        unitPrice: "120.00",
        quantity: 1,
        lineTotal: "120.00",
      },
    ]);
  });

  it("pages through orders with limit and offset, keeping each order's lines", async () => {
    const ids: string[] = [];
    for (let day = 1; day <= 3; day++) {
      const order = await createOrder({ createdAt: `2099-01-0${day}T00:00:00.000Z` }, [line(`Part ${day}`, 1000, day)]);
      ids.unshift(order.id);
    }
    const { body } = await callJson<AdminOrder[]>("/api/admin/orders?limit=2&offset=1", { headers: auth });
    expect(body.map((o) => o.id)).toEqual(ids.slice(1, 3));
    expect(body.map((o) => o.lines[0]?.name)).toEqual(["Part 2", "Part 1"]);
    expect((await callJson("/api/admin/orders?limit=0", { headers: auth })).status).toBe(400);
  });

  it("moves an order new → confirmed → dispatched → completed", async () => {
    const order = await createOrder({}, [line("Fan", 3000, 1)]);
    for (const [to, next] of [
      ["confirmed", ["dispatched", "cancelled"]],
      ["dispatched", ["completed", "cancelled"]],
      ["completed", []],
    ] as const) {
      const { status, body } = await move(order.id, to);
      expect(status, to).toBe(200);
      expect(body).toMatchObject({ id: order.id, fulfilmentStatus: to, nextStatuses: next });
      expect(body.lines).toHaveLength(1);
      expect(await statusOf(order.id)).toBe(to);
    }
  });

  it("cancels any order that is not completed", async () => {
    for (const from of ["new", "confirmed", "dispatched"] as FulfilmentStatus[]) {
      const order = await createOrder({ fulfilmentStatus: from });
      const { status } = await move(order.id, "cancelled");
      expect(status, from).toBe(200);
      expect(await statusOf(order.id)).toBe("cancelled");
    }
  });

  it("refuses a move the order's state does not allow with 409 and leaves it unchanged", async () => {
    for (const [from, to] of [
      ["new", "dispatched"],
      ["new", "completed"],
      ["confirmed", "new"],
      ["completed", "cancelled"],
      ["cancelled", "confirmed"],
      ["dispatched", "dispatched"],
    ] as [FulfilmentStatus, FulfilmentStatus][]) {
      const order = await createOrder({ fulfilmentStatus: from });
      const { status, body } = await move(order.id, to);
      expect(status, `${from} → ${to}`).toBe(409);
      const error = `This order is ${from}; it cannot be moved to ${to}.`;
      expect(body).toMatchObject({
        code: "CONFLICT",
        error,
        details: [{ path: "fulfilmentStatus", message: error, value: from }],
      });
      expect(await statusOf(order.id)).toBe(from);
    }
  });

  it("answers 404 for an unknown order and 400 for an unknown state", async () => {
    expect((await move("ord_missing", "confirmed")).status).toBe(404);
    const order = await createOrder();
    const bad = await move(order.id, "shipped");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Fulfilment status must be one of new, confirmed, dispatched, completed or cancelled");
  });

  it("keeps a card order that is not paid at new: it can only be cancelled", async () => {
    for (const paymentStatus of ["pending_payment", "cancelled"] as const) {
      const order = await createOrder({ paymentMethod: "card", paymentStatus });
      const listed = (await callJson<AdminOrder[]>("/api/admin/orders", { headers: auth })).body.find((o) => o.id === order.id);
      expect(listed?.nextStatuses).toEqual(["cancelled"]);
      const { status, body } = await move(order.id, "confirmed");
      expect(status, paymentStatus).toBe(409);
      expect(body.error).toContain("not paid");
      expect(await statusOf(order.id)).toBe("new");
    }
    const pending = await createOrder({ paymentMethod: "card", paymentStatus: "pending_payment" });
    expect((await move(pending.id, "cancelled")).status).toBe(200);
    const paid = await createOrder({ paymentMethod: "card", paymentStatus: "paid" });
    expect((await move(paid.id, "confirmed")).status).toBe(200);
  });
});
