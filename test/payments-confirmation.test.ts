import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { company } from "../schema/business";
import { expectConsoleError } from "./helpers/console";
import {
  callApp,
  callAppJson,
  outboxMentioning,
  outboxTo,
  query,
  signedWebhook,
  stripeEnv,
  stripeEvent,
} from "./helpers/factories-commerce";
import { cartWithItems, startCheckout, stripeBase } from "./helpers/payments";

/** The customer pays on the (fake) Stripe page; answers the session as Stripe now holds it. */
async function payOnStripe(sessionId: string, customer: Record<string, unknown>) {
  const res = await fetch(`${stripeBase()}/__sessions/${sessionId}/pay`, { method: "POST", body: JSON.stringify(customer) });
  return (await res.json()) as Record<string, any>;
}

const orderById = async (id: string) => (await query<Record<string, any>>("SELECT * FROM orders WHERE id = ?1", id))[0]!;
const uniqueEmail = () => `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

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
