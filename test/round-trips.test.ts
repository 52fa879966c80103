import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { createBookingToken } from "../worker/lib/booking-token";
import { createUnsubscribeToken } from "../worker/lib/unsubscribe-token";
import { feedSecret } from "../worker/services/bookings/calendar";
import { adminHeaders } from "./helpers/admin";
import { countingD1, writeTrips } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { createOrder, createQuote, createSubscriber } from "./helpers/factories-admin";
import { newChatSessionId } from "./helpers/factories-chat";
import { callApp, callAppJson, newCartSession, putInCart, query } from "./helpers/factories-commerce";

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
    const feed = await feedSecret(getDb(env));
    const bookingLink = await createBookingToken(env, "BK-NONE22");
    const tomorrow = addDays(londonToday(), 1);
    const reads: [string, Parameters<typeof callApp>[1], number][] = [
      ["/api/health", {}, 0],
      ["/api/config", {}, 0],
      ["/api/products", {}, 1],
      ["/api/cart", { session }, 1],
      [`/unsubscribe?token=${encodeURIComponent(token)}`, {}, 1],
      ["/public-objects/product-images/missing.png", {}, 0],
      [`/api/availability?service=annual-service&from=${tomorrow}&days=14`, {}, 1],
      [`/api/bookings/manage?token=${encodeURIComponent(bookingLink)}`, {}, 1],
      [`/api/calendar/${feed}.ics`, {}, 1],
      ["/api/calendar/not-the-secret.ics", {}, 1],
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

    // A booking: the availability and the slot's cells read in one trip, the customer, visit,
    // booking and cells written in one batch.
    const from = addDays(londonToday(), 2);
    const slots = (await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${from}&days=14`)).body;
    const booking = await measure("/api/bookings", {
      method: "POST",
      json: {
        service: "annual-service",
        start: slots[0]!.start,
        name: "Ann Example",
        email: "ann@example.com",
        phone: "0161 496 0000",
        postcode: "M33 7XX",
        address: "1 Park Road, Sale",
      },
    });
    expect(booking.status).toBe(201);
    expect(writeTrips(booking.trips), JSON.stringify(booking.trips)).toHaveLength(1);
    const ownTrips = booking.trips.filter((trip) => !trip.some((sql) => /"(rate_limits|outgoing_emails)"/.test(sql)));
    expect(ownTrips.length, "one read and one write besides the rate limit and the mail").toBe(2);
    await query("DELETE FROM booking_cells");
    await query("DELETE FROM bookings");
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
