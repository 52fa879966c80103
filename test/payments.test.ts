import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "../schema/api/payments";
import { company } from "../schema/business";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { expectConsoleError } from "./helpers/console";
import { createProduct } from "./helpers/factories";
import {
  callApp,
  callAppJson,
  newCartSession,
  outboxMentioning,
  outboxTo,
  putInCart,
  query,
  signedWebhook,
  stripeEnv,
  stripeEvent,
} from "./helpers/factories-commerce";
import { fakeRequests } from "./helpers/http";

const stripeBase = () => env.STRIPE_API_BASE!;

/** Two valves at £129.99 and a fan at £50.00 in a fresh cart: £309.98. */
async function cartWithItems() {
  const session = newCartSession();
  const valve = await createProduct({ name: "Gas Valve VK4105", brand: "Honeywell", pricePence: 12999 });
  const fan = await createProduct({ name: "Fan Assembly", brand: "Baxi", pricePence: 5000 });
  await putInCart(session, valve.id, 2);
  await putInCart(session, fan.id, 1);
  return { session, valve, fan };
}

async function startCheckout(session: string, json: Record<string, unknown> = {}) {
  const result = await callAppJson("/api/create-checkout-session", {
    method: "POST",
    session,
    json: { amount: "309.98", productName: "3 Heating Components", quantity: 3, ...json },
    env: stripeEnv,
  });
  const [order] = await query<Record<string, any>>("SELECT * FROM orders WHERE session_id = ?1", session);
  return { ...result, order: order! };
}

/** The customer pays on the (fake) Stripe page; answers the session as Stripe now holds it. */
async function payOnStripe(sessionId: string, customer: Record<string, unknown>) {
  const res = await fetch(`${stripeBase()}/__sessions/${sessionId}/pay`, { method: "POST", body: JSON.stringify(customer) });
  return (await res.json()) as Record<string, any>;
}

const orderById = async (id: string) => (await query<Record<string, any>>("SELECT * FROM orders WHERE id = ?1", id))[0]!;
const uniqueEmail = () => `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

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
    expect((await callAppJson("/api/config")).body).toEqual({ payments: false });
    expect((await callAppJson("/api/config", { env: stripeEnv })).body).toEqual({ payments: true });
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

describe("GET /api/verify-payment/{session_id}", () => {
  it("answers unpaid before the customer pays, and leaves the order pending", async () => {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const { status, body } = await callAppJson(`/api/verify-payment/${order.stripe_session_id}`, { env: stripeEnv });
    expect(status).toBe(200);
    expect(body).toEqual({ payment_status: "unpaid", amount_total: 30998, customer_email: null });
    expect((await orderById(order.id)).payment_status).toBe("pending_payment");
  });

  it("marks the order paid when Stripe says paid, fills the customer details and sends one receipt", async () => {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const email = uniqueEmail();
    await payOnStripe(order.stripe_session_id, {
      email,
      name: "Priya Patel",
      phone: "+447700900321",
      address: { line1: "5 Test Road", line2: null, city: "Stockport", state: null, postal_code: "SK4 1AA", country: "GB" },
    });

    const { status, body } = await callAppJson(`/api/verify-payment/${order.stripe_session_id}`, { env: stripeEnv });
    expect(status).toBe(200);
    expect(body).toEqual({ payment_status: "paid", amount_total: 30998, customer_email: email });
    expect(await orderById(order.id)).toMatchObject({
      payment_status: "paid",
      paid_at: expect.stringMatching(/^\d{4}-/),
      customer_name: "Priya Patel",
      customer_email: email,
      customer_phone: "+447700900321",
      shipping_address: "5 Test Road, Stockport, SK4 1AA, GB",
    });

    const receipts = await outboxTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: "receipt" });
    expect(receipts[0]!.subject).toContain(order.id);
    expect(receipts[0]!.text).toContain("We have received your payment of £309.98");
    expect(receipts[0]!.text).toContain("2 × Gas Valve VK4105 (Honeywell) @ £129.99");
    const ownerCopies = (await outboxMentioning(order.id)).filter((m) => m.to === company.email);
    expect(ownerCopies.map((m) => m.subject)).toEqual([`Paid card order ${order.id}: £309.98`]);

    // Reloading the success page changes nothing and sends nothing more.
    const again = await callAppJson(`/api/verify-payment/${order.stripe_session_id}`, { env: stripeEnv });
    expect(again.body.payment_status).toBe("paid");
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("answers 503 JSON, not 500, when Stripe cannot be reached, and leaves the order pending", async () => {
    expectConsoleError(/checkout\.sessions\.retrieve.*Invalid API Key/);
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const { status, body } = await callAppJson(`/api/verify-payment/${order.stripe_session_id}`, {
      env: { ...stripeEnv, STRIPE_SECRET_KEY: "sk_test_revoked_key" },
    });
    expect(status).toBe(503);
    expect(body.error).toBe("We couldn't check your payment right now. Please refresh this page in a moment.");
    expect((await orderById(order.id)).payment_status).toBe("pending_payment");
  });

  it("answers 404 for a well-formed id that is not one of the shop's sessions", async () => {
    const { status, body } = await callAppJson(`/api/verify-payment/cs_test_${"Z".repeat(40)}`, { env: stripeEnv });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "NOT_FOUND", error: "Payment session not found" });
  });

  it("answers 404 when Stripe no longer knows a session the shop recorded", async () => {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const ghost = `cs_test_${"Q".repeat(50)}`;
    await env.DB.prepare("UPDATE orders SET stripe_session_id = ?1 WHERE id = ?2").bind(ghost, order.id).run();
    const { status } = await callAppJson(`/api/verify-payment/${ghost}`, { env: stripeEnv });
    expect(status).toBe(404);
  });

  it.each(["abc", "cs_test_short", "pi_test_1234567890abcdef", "cs_test_aaaaaaaaaaaa%3Cscript%3E"])(
    "answers 400 JSON for the malformed id %s",
    async (id) => {
      const { status, body } = await callAppJson(`/api/verify-payment/${id}`, { env: stripeEnv });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: "That is not a valid payment session id" });
    },
  );
});

describe("POST /api/stripe/webhook", () => {
  async function paidSessionFor() {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const email = uniqueEmail();
    const stripeSession = await payOnStripe(order.stripe_session_id, { email });
    return { order, email, stripeSession };
  }

  const deliver = async (event: unknown, secret?: string) =>
    callAppJson("/api/stripe/webhook", { method: "POST", ...(await signedWebhook(event, secret)), env: stripeEnv });

  it("marks the order paid on checkout.session.completed with a valid signature, once, and records the event", async () => {
    const { order, email, stripeSession } = await paidSessionFor();
    const event = stripeEvent("checkout.session.completed", stripeSession);
    const { status, body } = await deliver(event);
    expect(status).toBe(200);
    expect(body).toEqual({ received: true });
    const paid = await orderById(order.id);
    expect(paid).toMatchObject({ payment_status: "paid", customer_email: email });
    expect(await outboxTo(email)).toHaveLength(1);
    expect(await query("SELECT type FROM stripe_events WHERE id = ?1", event.id)).toEqual([
      { type: "checkout.session.completed" },
    ]);

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await orderById(order.id)).toEqual(paid);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("sends one receipt when the webhook and the success page confirm the same payment at once", async () => {
    const { order, email, stripeSession } = await paidSessionFor();
    await Promise.all([
      deliver(stripeEvent("checkout.session.completed", stripeSession)),
      callApp(`/api/verify-payment/${order.stripe_session_id}`, { env: stripeEnv }),
    ]);
    expect((await orderById(order.id)).payment_status).toBe("paid");
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("refuses a wrong signature, a missing one and a tampered body with 400, changing nothing", async () => {
    const { order, email, stripeSession } = await paidSessionFor();
    const event = stripeEvent("checkout.session.completed", stripeSession);

    const wrongSecret = await deliver(event, "whsec_not_the_right_secret");
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ code: "VALIDATION_FAILED", error: "The webhook signature is not valid" });

    const signed = await signedWebhook(event);
    const tampered = await callApp("/api/stripe/webhook", {
      method: "POST",
      headers: signed.headers,
      body: signed.body.replace('"paid"', '"PAID"'),
      env: stripeEnv,
    });
    expect(tampered.status).toBe(400);

    const unsigned = await callAppJson("/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
      env: stripeEnv,
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error).toBe("The Stripe-Signature header is missing");

    expect((await orderById(order.id)).payment_status).toBe("pending_payment");
    expect(await outboxTo(email)).toEqual([]);
    expect(await query("SELECT id FROM stripe_events WHERE id = ?1", event.id)).toEqual([]);
  });

  it("returns the order to cancelled when the session expires, idempotently", async () => {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const expired = await (
      await fetch(`${stripeBase()}/__sessions/${order.stripe_session_id}/expire`, { method: "POST" })
    ).json();
    const event = stripeEvent("checkout.session.expired", expired);
    expect((await deliver(event)).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ payment_status: "cancelled", fulfilment_status: "cancelled" });
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
  });

  it("never cancels an order that is already paid", async () => {
    const { order, stripeSession } = await paidSessionFor();
    await deliver(stripeEvent("checkout.session.completed", stripeSession));
    await deliver(stripeEvent("checkout.session.expired", { ...stripeSession, status: "expired" }));
    expect((await orderById(order.id)).payment_status).toBe("paid");
  });

  it("does not mark an order paid for a completed session that is still unpaid", async () => {
    const { session } = await cartWithItems();
    const { order } = await startCheckout(session);
    const unpaid = await (
      await fetch(`${stripeBase()}/v1/checkout/sessions/${order.stripe_session_id}`, {
        headers: { Authorization: `Bearer ${stripeEnv.STRIPE_SECRET_KEY}` },
      })
    ).json();
    const { status } = await deliver(stripeEvent("checkout.session.completed", { ...(unpaid as object), status: "complete" }));
    expect(status).toBe(200);
    expect((await orderById(order.id)).payment_status).toBe("pending_payment");
  });

  it("acknowledges event types it does not handle", async () => {
    const { status, body } = await deliver(stripeEvent("customer.created", { id: "cus_test_1", object: "customer" }));
    expect(status).toBe(200);
    expect(body).toEqual({ received: true, ignored: true });
  });
});
