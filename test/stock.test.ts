import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import { adminHeaders } from "./helpers/admin";
import { guardedEnv } from "./helpers/d1-guard";
import { createProduct } from "./helpers/factories";
import {
  callApp,
  callAppJson,
  newCartSession,
  outboxMentioning,
  putInCart,
  query,
  signedWebhook,
  stripeEnv,
  stripeEvent,
} from "./helpers/factories-commerce";

const form = {
  customerName: "Stock Tester",
  customerEmail: "stock@example.com",
  customerPhone: "0161 496 0555",
  shippingAddress: "5 Stock Street, Salford, M5 4WT",
};

const countOf = async (id: number) =>
  (await query<{ stock_quantity: number | null }>("SELECT stock_quantity FROM products WHERE id = ?1", id))[0]?.stock_quantity;
const movements = (id: number) =>
  query<{ change: number; quantity_after: number | null; reason: string; order_id: string | null }>(
    "SELECT change, quantity_after, reason, order_id FROM stock_movements WHERE product_id = ?1 ORDER BY id",
    id,
  );
const orderOf = async (id: string) => (await query<Record<string, any>>("SELECT * FROM orders WHERE id = ?1", id))[0]!;

async function order(session: string, totalPence: number) {
  return callAppJson("/api/orders", { method: "POST", session, json: { ...form, totalAmount: (totalPence / 100).toFixed(2) } });
}

async function admin(method: string, path: string, json?: unknown) {
  return callAppJson(path, { method, json, headers: await adminHeaders() });
}

describe("stock on the public side", () => {
  it("derives inStock from a count and says how many are left at or below the low-stock level", async () => {
    const plenty = await createProduct({ name: "Plenty", stockQuantity: 9 });
    const few = await createProduct({ name: "Few", stockQuantity: 2, lowStockThreshold: 3 });
    const none = await createProduct({ name: "None", stockQuantity: 0, inStock: true });
    const uncounted = await createProduct({ name: "Uncounted", stockQuantity: null, inStock: false });
    const { body } = await callAppJson<any[]>("/api/products");
    const byId = new Map(body.map((p) => [p.id, p]));
    expect(byId.get(plenty.id)).toMatchObject({ inStock: true, stockLeft: null });
    expect(byId.get(few.id)).toMatchObject({ inStock: true, stockLeft: 2 });
    expect(byId.get(none.id)).toMatchObject({ inStock: false, stockLeft: 0 });
    expect(byId.get(uncounted.id)).toMatchObject({ inStock: false, stockLeft: null });
  });

  it("refuses to put more in the cart than is in stock, saying how many are left", async () => {
    const product = await createProduct({ name: "Pump", stockQuantity: 3 });
    const session = newCartSession();
    expect(
      (await callApp("/api/cart/add", { method: "POST", session, json: { productId: product.id, quantity: 2 } })).status,
    ).toBe(200);
    const over = await callAppJson("/api/cart/add", { method: "POST", session, json: { productId: product.id, quantity: 2 } });
    expect(over.status).toBe(409);
    expect(over.body.details).toEqual([
      {
        path: "quantity",
        message: "Only 3 of Pump are left (you have 2 in your cart)",
        productId: product.id,
        available: 3,
        value: 2,
      },
    ]);
    const [line] = await query<{ id: number; quantity: number }>(
      "SELECT id, quantity FROM cart_items WHERE session_id = ?1",
      session,
    );
    expect(line!.quantity).toBe(2);
    const put = await callAppJson(`/api/cart/${line!.id}`, { method: "PUT", session, json: { quantity: 4 } });
    expect(put.status).toBe(409);
    expect(put.body.details[0]).toMatchObject({ productId: product.id, available: 3 });
  });
});

describe("never oversell", () => {
  it("takes the stock of a checkout-form order in the same batch, with a ledger row per line", async () => {
    const valve = await createProduct({ name: "Valve", pricePence: 1000, stockQuantity: 5 });
    const fan = await createProduct({ name: "Fan", pricePence: 2000, stockQuantity: null });
    const session = newCartSession();
    await putInCart(session, valve.id, 2);
    await putInCart(session, fan.id, 1);
    const { status, body } = await order(session, 4000);
    expect(status).toBe(201);
    expect(await countOf(valve.id)).toBe(3);
    expect(await countOf(fan.id)).toBeNull();
    expect(await movements(valve.id)).toEqual([{ change: -2, quantity_after: 3, reason: "sale", order_id: body.order.id }]);
    expect((await orderOf(body.order.id)).stock_state).toBe("taken");
  });

  it("writes nothing when a line lacks stock, and names the line and how many are left", async () => {
    const valve = await createProduct({ name: "Short Valve", pricePence: 1000, stockQuantity: 5 });
    const session = newCartSession();
    await putInCart(session, valve.id, 3);
    await env.DB.prepare("UPDATE products SET stock_quantity = 1 WHERE id = ?1").bind(valve.id).run();
    const { status, body } = await order(session, 3000);
    expect(status).toBe(409);
    expect(body.code).toBe("CONFLICT");
    expect(body.details).toEqual([
      { path: "lines.0.quantity", message: "Only 1 of Short Valve is left", productId: valve.id, available: 1 },
    ]);
    expect(await countOf(valve.id)).toBe(1);
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toHaveLength(1);
  });

  it("sells the last one to exactly one of 20 concurrent orders, and no order is half-written", async () => {
    const last = await createProduct({ name: "Last Gas Valve", pricePence: 15000, stockQuantity: 1 });
    const sessions = Array.from({ length: 20 }, newCartSession);
    for (const session of sessions) {
      await env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity) VALUES (?1, ?2, 1)")
        .bind(session, last.id)
        .run();
    }
    const results = await Promise.all(sessions.map((session) => order(session, 15000)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await countOf(last.id)).toBe(0);
    const orders = await query<{ id: string }>(
      `SELECT o.id FROM orders o WHERE o.session_id IN (${sessions.map(() => "?").join(",")})`,
      ...sessions,
    );
    expect(orders).toHaveLength(1);
    const lines = await query("SELECT id FROM order_lines WHERE product_id = ?1", last.id);
    expect(lines).toHaveLength(1);
    expect(await movements(last.id)).toEqual([{ change: -1, quantity_after: 0, reason: "sale", order_id: orders[0]!.id }]);
  });

  it("gives a cancelled order's stock back once, however often it is cancelled", async () => {
    const part = await createProduct({ name: "Returnable", pricePence: 1000, stockQuantity: 4 });
    const session = newCartSession();
    await putInCart(session, part.id, 3);
    const { body } = await order(session, 3000);
    expect(await countOf(part.id)).toBe(1);
    expect((await admin("PATCH", `/api/admin/orders/${body.order.id}`, { fulfilmentStatus: "cancelled" })).status).toBe(200);
    expect(await countOf(part.id)).toBe(4);
    expect((await admin("PATCH", `/api/admin/orders/${body.order.id}`, { fulfilmentStatus: "cancelled" })).status).toBe(409);
    expect(await countOf(part.id)).toBe(4);
    expect((await movements(part.id)).map((m) => [m.reason, m.change])).toEqual([
      ["sale", -3],
      ["cancellation", 3],
    ]);
  });
});

describe("card payments hold stock", () => {
  async function checkout(stock = 4, quantity = 2) {
    const part = await createProduct({
      name: `Held Part ${crypto.randomUUID().slice(0, 6)}`,
      pricePence: 2500,
      stockQuantity: stock,
    });
    const session = newCartSession();
    await putInCart(session, part.id, quantity);
    const res = await callAppJson("/api/create-checkout-session", {
      method: "POST",
      session,
      json: { amount: ((2500 * quantity) / 100).toFixed(2) },
      env: stripeEnv,
    });
    expect(res.status).toBe(201);
    return { part, session, orderId: res.body.orderId as string };
  }

  const stripeSession = async (orderId: string) => {
    const { stripe_session_id } = await orderOf(orderId);
    return (await (
      await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${stripe_session_id}`, {
        headers: { Authorization: `Bearer ${stripeEnv.STRIPE_SECRET_KEY}` },
      })
    ).json()) as Record<string, any>;
  };

  const webhook = async (event: unknown) =>
    callApp("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(event)), env: stripeEnv });

  it("holds the stock while the payment is open, with a session that expires within the hold", async () => {
    const { part, orderId } = await checkout(4, 2);
    expect(await countOf(part.id)).toBe(2);
    const order = await orderOf(orderId);
    expect(order.stock_state).toBe("held");
    const session = await stripeSession(orderId);
    expect(Date.parse(order.hold_expires_at) / 1000).toBeGreaterThan(session.expires_at);
    expect((await movements(part.id)).map((m) => [m.reason, m.change])).toEqual([["hold", -2]]);
  });

  it("turns the hold into a sale when the payment is confirmed", async () => {
    const { part, orderId } = await checkout(4, 2);
    const paid = await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${(await orderOf(orderId)).stripe_session_id}/pay`, {
        method: "POST",
        body: JSON.stringify({ email: "card@example.com" }),
      })
    ).json();
    expect((await webhook(stripeEvent("checkout.session.completed", paid))).status).toBe(200);
    expect(await countOf(part.id)).toBe(2);
    expect((await orderOf(orderId)).stock_state).toBe("taken");
    expect((await movements(part.id)).map((m) => [m.reason, m.change])).toEqual([
      ["hold", -2],
      ["sale", 0],
    ]);
  });

  it("releases the hold when Stripe reports the session expired", async () => {
    const { part, orderId } = await checkout(4, 2);
    const expired = await (
      await fetch(`${env.STRIPE_API_BASE}/__sessions/${(await orderOf(orderId)).stripe_session_id}/expire`, { method: "POST" })
    ).json();
    const event = stripeEvent("checkout.session.expired", expired);
    await webhook(event);
    await webhook(stripeEvent("checkout.session.expired", expired));
    expect(await countOf(part.id)).toBe(4);
    expect((await movements(part.id)).map((m) => [m.reason, m.change])).toEqual([
      ["hold", -2],
      ["release", 2],
    ]);
  });

  it("releases the hold when the visitor cancels, and puts the lines back in the cart", async () => {
    const { part, orderId, session } = await checkout(2, 2);
    expect(await countOf(part.id)).toBe(0);
    const cancel = await callAppJson("/api/cancel-checkout-session", {
      method: "POST",
      session,
      json: { orderId },
      env: stripeEnv,
    });
    expect(cancel.body).toEqual({ status: "cancelled", restoredLines: 1 });
    expect(await countOf(part.id)).toBe(2);
  });

  it("releases a hold the cron finds expired with no word from Stripe, and cancels the order", async () => {
    const { part, orderId } = await checkout(3, 1);
    const order = await orderOf(orderId);
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.parse(order.hold_expires_at) + 60_000, cron: "*/5 * * * *" }),
      guardedEnv(env),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await countOf(part.id)).toBe(3);
    expect(await orderOf(orderId)).toMatchObject({
      payment_status: "cancelled",
      fulfilment_status: "cancelled",
      stock_state: "released",
    });
  });
});

describe("low stock", () => {
  it("tells the owner once when sales take a part to its low-stock level, again only after a restock", async () => {
    const part = await createProduct({
      name: `Low Alert Part ${crypto.randomUUID().slice(0, 6)}`,
      pricePence: 1000,
      stockQuantity: 6,
      lowStockThreshold: 3,
    });
    const buy = async (quantity: number) => {
      const session = newCartSession();
      await putInCart(session, part.id, quantity);
      expect((await order(session, 1000 * quantity)).status).toBe(201);
    };
    const lowStockAlerts = async () => (await outboxMentioning(part.name)).filter((m) => m.subject.startsWith("Low stock"));
    await buy(2);
    expect(await lowStockAlerts()).toHaveLength(0);
    await buy(2);
    await buy(1);
    const alerts = await lowStockAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain("2 left");
    expect((await admin("PATCH", `/api/admin/products/${part.id}`, { stockQuantity: 10 })).status).toBe(200);
    await buy(7);
    expect(await lowStockAlerts()).toHaveLength(2);
  });
});

describe("the catalogue cache", () => {
  it("serves the whole catalogue from the cache until a product or stock write drops it", async () => {
    const part = await createProduct({ name: "Cached Part", stockQuantity: 5 });
    const first = await callAppJson<any[]>("/api/products");
    expect(first.body.find((p) => p.id === part.id)).toMatchObject({ inStock: true });
    // A change behind the Worker's back is not seen while the copy is fresh…
    await env.DB.prepare("UPDATE products SET stock_quantity = 0 WHERE id = ?1").bind(part.id).run();
    const cached = await callAppJson<any[]>("/api/products");
    expect(cached.body.find((p) => p.id === part.id)).toMatchObject({ inStock: true });
    // …but every write through the Worker drops it.
    await admin("PATCH", `/api/admin/products/${part.id}`, { stockQuantity: 0 });
    const fresh = await callAppJson<any[]>("/api/products");
    expect(fresh.body.find((p) => p.id === part.id)).toMatchObject({ inStock: false, stockLeft: 0 });
  });
});
