import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUnsubscribeToken } from "../worker/lib/unsubscribe-token";
import { adminHeaders } from "./helpers/admin";
import { countingD1, writeTrips } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { createOrder, createQuote, createSubscriber } from "./helpers/factories-admin";
import { newChatSessionId } from "./helpers/factories-chat";
import { callApp, newCartSession, putInCart } from "./helpers/factories-commerce";

/** Calls the app with a counting D1 and answers the status and the round trips it made. */
async function measure(path: string, init: Parameters<typeof callApp>[1] = {}) {
  const counter = countingD1(env.DB);
  const res = await callApp(path, { ...init, env: { ...init.env, DB: counter.db } });
  await res.arrayBuffer();
  return { status: res.status, trips: counter.trips };
}

describe("D1 round trips", () => {
  it("answers every public read in at most one round trip", async () => {
    const product = await createProduct();
    const session = newCartSession();
    await putInCart(session, product.id, 2);
    const subscriber = await createSubscriber();
    const token = await createUnsubscribeToken(env, subscriber.email);
    const reads: [string, Parameters<typeof callApp>[1], number][] = [
      ["/api/health", {}, 0],
      ["/api/config", {}, 0],
      ["/api/products", {}, 1],
      ["/api/cart", { session }, 1],
      [`/unsubscribe?token=${encodeURIComponent(token)}`, {}, 1],
      ["/public-objects/product-images/missing.png", {}, 0],
    ];
    for (const [path, init, expected] of reads) {
      const { status, trips } = await measure(path, init);
      expect(status, path).toBeLessThan(500);
      expect(trips.length, `${path}: ${JSON.stringify(trips)}`).toBe(expected);
    }
  });

  it("writes each public change in one batch", async () => {
    const product = await createProduct();
    const session = newCartSession();
    const lineId = await putInCart(session, product.id, 1);
    const chat = newChatSessionId();
    const form = {
      customerName: "Ann Example",
      customerEmail: "ann@example.com",
      customerPhone: "0161 496 0000",
      shippingAddress: "1 Example Street, Manchester M1 1AA",
    };
    const writes: [string, Parameters<typeof callApp>[1]][] = [
      ["/api/cart/add", { method: "POST", session, json: { productId: product.id } }],
      [`/api/cart/${lineId}`, { method: "PUT", session, json: { quantity: 3 } }],
      ["/api/orders", { method: "POST", session, json: { ...form, totalAmount: ((product.pricePence * 3) / 100).toFixed(2) } }],
      [
        "/api/quotes",
        {
          method: "POST",
          json: { name: "Ann", phone: "0161 496 0000", email: "ann@example.com", postcode: "M32 0ZZ", service: "annual-service" },
        },
      ],
      ["/api/email-signups", { method: "POST", json: { email: `rt-${crypto.randomUUID()}@example.com` } }],
      [
        "/api/chat/message",
        { method: "POST", json: { sessionId: chat, message: "Hello", sender: "customer", timestamp: new Date().toISOString() } },
      ],
      ["/api/cart/clear", { method: "POST", session, json: {} }],
    ];
    for (const [path, init] of writes) {
      const { status, trips } = await measure(path, init);
      expect(status, path).toBeLessThan(300);
      expect(writeTrips(trips), `${path}: ${JSON.stringify(trips)}`).toHaveLength(1);
    }
  });

  it("writes each owner's change in one batch", async () => {
    const headers = await adminHeaders();
    const quote = await createQuote();
    const order = await createOrder();
    const subscriber = await createSubscriber();
    const writes: [string, string, unknown][] = [
      ["PATCH", `/api/admin/quotes/${quote.id}/read`, undefined],
      ["PATCH", `/api/admin/quotes/${quote.id}/replied`, undefined],
      ["PATCH", `/api/admin/orders/${order.id}`, { fulfilmentStatus: "confirmed" }],
      ["PATCH", `/api/admin/email-subscribers/${encodeURIComponent(subscriber.email)}/unsubscribe`, undefined],
      ["DELETE", `/api/admin/quotes/${quote.id}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      const { status, trips } = await measure(path, { method, json, headers });
      expect(status, path).toBeLessThan(300);
      expect(writeTrips(trips), `${method} ${path}: ${JSON.stringify(trips)}`).toHaveLength(1);
    }
  });
});
