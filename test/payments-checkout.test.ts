import { describe, expect, it } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "../schema/api/payments";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { expectConsoleError } from "./helpers/console";
import { createProduct } from "./helpers/factories";
import {
  callApp,
  callAppJson,
  newCartSession,
  putInCart,
  query,
  signedWebhook,
  stripeEnv,
  stripeEvent,
} from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";
import { cartWithItems, startCheckout, stripeBase } from "./helpers/payments";

describe("without a Stripe key", () => {
  it("answers 503 'Card payments are not configured' everywhere and keeps the cart", async () => {
    const { session } = await cartWithItems();
    const create = await callAppJson("/api/create-checkout-session", { method: "POST", session, json: { amount: "309.98" } });
    expect(create.status).toBe(503);
    expect(create.body).toMatchObject({ code: "NOT_CONFIGURED", error: PAYMENTS_NOT_CONFIGURED });
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toHaveLength(2);

    const verify = await callAppJson(`/api/verify-payment/cs_test_${"a".repeat(30)}`);
    expect(verify.status).toBe(503);
    expect(verify.body.error).toBe(PAYMENTS_NOT_CONFIGURED);

    const webhook = await callApp("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(stripeEvent("ping", {}))) });
    expect(webhook.status).toBe(503);
  });

  it("answers 503 to webhooks when only the webhook secret is missing", async () => {
    const { status, body } = await callAppJson("/api/stripe/webhook", {
      method: "POST",
      ...(await signedWebhook(stripeEvent("ping", {}))),
      env: { STRIPE_SECRET_KEY: stripeEnv.STRIPE_SECRET_KEY },
    });
    expect(status).toBe(503);
    expect(body.error).toBe("Stripe webhooks are not configured: set the STRIPE_WEBHOOK_SECRET secret.");
  });

  it("tells the frontend through GET /api/config so the cart hides the card button", async () => {
    expect((await callAppJson("/api/config")).body).toEqual({ payments: false, texts: false });
    expect((await callAppJson("/api/config", { env: stripeEnv })).body).toEqual({ payments: true, texts: false });
  });
});

describe("POST /api/create-checkout-session", () => {
  it("prices the Stripe session from D1 even when the client sends 1p, and reports the difference", async () => {
    const { session } = await cartWithItems();
    const { status, body, order } = await startCheckout(session, { amount: "0.01", quantity: 1, productName: "Cheap thing" });
    expect(status).toBe(201);
    expect(body).toEqual({
      checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      orderId: order.id,
      amount_total: 30998,
      amountMismatch: {
        sent: "0.01",
        charged: "309.98",
        message: "Your cart total is £309.98; that is the amount you will be asked to pay.",
      },
    });

    const sent = (await fakeRequests(stripeBase())).filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/checkout/sessions" &&
        r.headers["idempotency-key"] === `checkout-session:${order.id}`,
    );
    expect(sent).toHaveLength(1);
    const form = new URLSearchParams(sent[0]!.body);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${stripeEnv.STRIPE_SECRET_KEY}`);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: "payment",
      currency: "gbp",
      client_reference_id: order.id,
      "metadata[orderId]": order.id,
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "12999",
      "line_items[0][price_data][product_data][name]": "Gas Valve VK4105",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "5000",
      "line_items[1][price_data][product_data][name]": "Fan Assembly",
      success_url: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: `http://localhost/payment-cancelled?order=${order.id}`,
    });
    expect(form.has("line_items[2][quantity]")).toBe(false);

    const stripeSession = await (
      await fetch(`${stripeBase()}/v1/checkout/sessions/${order.stripe_session_id}`, {
        headers: { Authorization: `Bearer ${stripeEnv.STRIPE_SECRET_KEY}` },
      })
    ).json();
    expect(stripeSession).toMatchObject({
      amount_total: 30998,
      currency: "gbp",
      client_reference_id: order.id,
      payment_status: "unpaid",
    });
  });

  it("records the order pending payment with line snapshots, then empties the cart", async () => {
    const { session, valve, fan } = await cartWithItems();
    const { body, order } = await startCheckout(session);
    expect(body.amountMismatch).toBeNull();
    expect(order).toMatchObject({
      id: body.orderId,
      payment_method: "card",
      payment_status: "pending_payment",
      fulfilment_status: "new",
      total_pence: 30998,
      stripe_session_id: expect.stringMatching(/^cs_test_/),
      customer_email: null,
      paid_at: null,
    });
    expect(
      await query("SELECT product_id, unit_price_pence, quantity FROM order_lines WHERE order_id = ?1 ORDER BY id", order.id),
    ).toEqual([
      { product_id: valve.id, unit_price_pence: 12999, quantity: 2 },
      { product_id: fan.id, unit_price_pence: 5000, quantity: 1 },
    ]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toEqual([]);
  });

  it("takes the cart session from the body as well as the header", async () => {
    const { session } = await cartWithItems();
    const { status } = await callAppJson("/api/create-checkout-session", {
      method: "POST",
      json: { sessionId: session, amount: 309.98 },
      env: stripeEnv,
    });
    expect(status).toBe(201);
  });

  it("refuses an empty cart with 400 and asks Stripe for nothing", async () => {
    const session = newCartSession();
    const { status, body } = await callAppJson("/api/create-checkout-session", {
      method: "POST",
      session,
      json: {},
      env: stripeEnv,
    });
    expect(status).toBe(400);
    expect(body.error).toBe("Your cart is empty");
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
  });

  it("refuses a cart with an out-of-stock part with 409", async () => {
    const { session } = await cartWithItems();
    await putInCart(session, (await createProduct({ name: "Gone Burner", inStock: false })).id, 1);
    const { status, body } = await callAppJson("/api/create-checkout-session", {
      method: "POST",
      session,
      json: {},
      env: stripeEnv,
    });
    expect(status).toBe(409);
    expect(body.error).toContain("Gone Burner");
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
  });

  it("cancels the order and keeps the cart when Stripe refuses", async () => {
    expectConsoleError(/checkout\.sessions\.create.*Invalid API Key/);
    const { session } = await cartWithItems();
    const { status, body } = await callAppJson("/api/create-checkout-session", {
      method: "POST",
      session,
      json: {},
      env: { ...stripeEnv, STRIPE_SECRET_KEY: "sk_test_revoked_key" },
    });
    expect(status).toBe(503);
    expect(body.error).toBe(
      "Card payment is unavailable right now. Please try again in a few minutes, or place your order with the checkout form.",
    );
    const orders = await query<Record<string, any>>(
      "SELECT payment_status, stripe_session_id FROM orders WHERE session_id = ?1",
      session,
    );
    expect(orders).toEqual([{ payment_status: "cancelled", stripe_session_id: null }]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toHaveLength(2);
  });

  it.each([
    [{ amount: "lots" }, "The total is not a valid amount"],
    [{ quantity: "3" }, "The quantity must be a whole number"],
    [{ productName: 5 }, "The product name must be text"],
  ])("refuses %j with 400 and writes nothing", async (json, message) => {
    const { session } = await cartWithItems();
    const { status, body } = await callAppJson("/api/create-checkout-session", { method: "POST", session, json, env: stripeEnv });
    expect(status).toBe(400);
    expect(body.error).toBe(message);
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toHaveLength(2);
  });

  it("answers malformed JSON with 400 and an oversized body with 413, writing nothing", async () => {
    const { session } = await cartWithItems();
    const malformed = await callApp("/api/create-checkout-session", {
      method: "POST",
      session,
      headers: { "Content-Type": "application/json" },
      body: '{"amount": ',
      env: stripeEnv,
    });
    expect(malformed.status).toBe(400);
    const oversized = await callApp("/api/create-checkout-session", {
      method: "POST",
      session,
      json: { productName: "x".repeat(API_BODY_LIMIT_BYTES) },
      env: stripeEnv,
    });
    expect(oversized.status).toBe(413);
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
    expect(await query("SELECT id FROM cart_items WHERE session_id = ?1", session)).toHaveLength(2);
  });

  it("refuses a missing cart session", async () => {
    const { status, body } = await callAppJson("/api/create-checkout-session", { method: "POST", json: {}, env: stripeEnv });
    expect(status).toBe(400);
    expect(body.error).toBe("A cart session id is required");
  });
});
