import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProduct } from "./helpers/factories";
import { callAppJson, newCartSession, putInCart, query, stripeEnv } from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";

/** A cart of two valves and a fan taken to Stripe: the cart is empty, the order awaits payment. */
async function checkoutStarted() {
  const session = newCartSession();
  const valve = await createProduct({ name: "Gas Valve VK4105", pricePence: 12999 });
  const fan = await createProduct({ name: "Fan Assembly", pricePence: 5000 });
  await putInCart(session, valve.id, 2);
  await putInCart(session, fan.id, 1);
  const created = await callAppJson("/api/create-checkout-session", { method: "POST", session, json: {}, env: stripeEnv });
  expect(created.status).toBe(201);
  const [order] = await query<{ id: string; stripe_session_id: string }>(
    "SELECT id, stripe_session_id FROM orders WHERE session_id = ?1",
    session,
  );
  return { session, valve, fan, order: order!, checkoutUrl: created.body.checkout_url as string };
}

const cartOf = (session: string) =>
  query<{ product_id: number; quantity: number }>(
    "SELECT product_id, quantity FROM cart_items WHERE session_id = ?1 ORDER BY product_id",
    session,
  );
const orderStatus = async (id: string) =>
  (
    await query<{ payment_status: string; fulfilment_status: string }>(
      "SELECT payment_status, fulfilment_status FROM orders WHERE id = ?1",
      id,
    )
  )[0];
const cancel = (session: string, orderId: string, overrides = {}) =>
  callAppJson("/api/cancel-checkout-session", { method: "POST", session, json: { orderId }, env: stripeEnv, ...overrides });

describe("POST /api/cancel-checkout-session (back from Stripe without paying)", () => {
  it("sends the customer back with the order id, so the cancelled page can restore the cart", async () => {
    const { order } = await checkoutStarted();
    const created = (await fakeRequests(env.STRIPE_API_BASE!)).find(
      (r) => r.path === "/v1/checkout/sessions" && r.body.includes(order.id),
    );
    expect(decodeURIComponent(created!.body)).toContain(`cancel_url=http://localhost/payment-cancelled?order=${order.id}`);
  });

  it("expires the Stripe session, puts the cart back and cancels the order", async () => {
    const { session, valve, fan, order } = await checkoutStarted();
    expect(await cartOf(session)).toEqual([]);
    const { status, body } = await cancel(session, order.id);
    expect(status).toBe(200);
    expect(body).toEqual({ status: "cancelled", restoredLines: 2 });
    expect(await cartOf(session)).toEqual([
      { product_id: valve.id, quantity: 2 },
      { product_id: fan.id, quantity: 1 },
    ]);
    expect(await orderStatus(order.id)).toEqual({ payment_status: "cancelled", fulfilment_status: "cancelled" });
    const expired = (await fakeRequests(env.STRIPE_API_BASE!)).filter(
      (r) => r.path === `/v1/checkout/sessions/${order.stripe_session_id}/expire`,
    );
    expect(expired).toHaveLength(1);
  });

  it("restores nothing twice when called again", async () => {
    const { session, order } = await checkoutStarted();
    await cancel(session, order.id);
    const again = await cancel(session, order.id);
    expect(again.body).toEqual({ status: "already_cancelled", restoredLines: 0 });
    expect((await cartOf(session)).map((l) => l.quantity)).toEqual([2, 1]);
  });

  it("merges with what the customer added meanwhile and leaves out products now out of stock", async () => {
    const { session, valve, fan, order } = await checkoutStarted();
    await putInCart(session, valve.id, 1);
    await env.DB.prepare("UPDATE products SET in_stock = 0 WHERE id = ?1").bind(fan.id).run();
    const { body } = await cancel(session, order.id);
    expect(body).toEqual({ status: "cancelled", restoredLines: 1 });
    expect(await cartOf(session)).toEqual([{ product_id: valve.id, quantity: 3 }]);
  });

  it("refuses another cart session with 404 and changes nothing", async () => {
    const { order } = await checkoutStarted();
    const stranger = newCartSession();
    const { status, body } = await cancel(stranger, order.id);
    expect(status).toBe(404);
    expect(body.code).toBe("NOT_FOUND");
    expect(await cartOf(stranger)).toEqual([]);
    expect((await orderStatus(order.id))?.payment_status).toBe("pending_payment");
  });

  it("keeps a paid order paid and restores nothing when the customer paid after all", async () => {
    const { session, order } = await checkoutStarted();
    await fetch(`${env.STRIPE_API_BASE}/__sessions/${order.stripe_session_id}/pay`, { method: "POST", body: "{}" });
    const { status, body } = await cancel(session, order.id);
    expect(status).toBe(200);
    expect(body).toEqual({ status: "paid", restoredLines: 0 });
    expect((await orderStatus(order.id))?.payment_status).toBe("paid");
    expect(await cartOf(session)).toEqual([]);
  });

  it("answers 400 for a malformed order id and 503 without a Stripe key", async () => {
    const session = newCartSession();
    const bad = await cancel(session, "ord_<script>");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("That is not a valid order id");
    const unconfigured = await callAppJson("/api/cancel-checkout-session", {
      method: "POST",
      session,
      json: { orderId: `ord_${"a".repeat(24)}` },
    });
    expect(unconfigured.status).toBe(503);
  });
});
