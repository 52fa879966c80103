import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../schema/london-time";
import app from "../worker/app";
import { getDb } from "../worker/db/client";
import { createBookingToken } from "../worker/lib/booking-token";
import { createUnsubscribeToken } from "../worker/lib/unsubscribe-token";
import { currentFacts } from "../worker/services/settings/business-facts";
import { readCalendarAndFeed } from "../worker/services/visits/calendar";
import { adminHeaders } from "./helpers/admin";
import { countingD1, writeTrips } from "./helpers/d1-counter";
import { createProduct } from "./helpers/factories";
import { createCustomer, createEnquiry, createOrder, createServiceRecord, createSubscriber } from "./helpers/factories-admin";
import { newChatSessionId } from "./helpers/factories-chat";
import { callApp, callAppJson, newCartSession, putInCart, query, stripeEnv } from "./helpers/factories-commerce";
import { smsEnv } from "./helpers/sms";
import { uniqueId, xeroEnv } from "./helpers/xero";

/** Calls the app with a counting D1 and answers the status and the round trips it made. */
async function measure(path: string, init: Parameters<typeof callApp>[1] = {}) {
  // Every request reads the owner's facts, from memory or the Cache API while they are cached
  // (business-settings.test.ts counts that read): the route is measured with them cached.
  await currentFacts(getDb(env));
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
    const feed = (await readCalendarAndFeed(env, getDb(env))).secret;
    const bookingLink = await createBookingToken(env, "BK-NONE22", 1);
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
    const enquiry = await createEnquiry();
    const order = await createOrder();
    const subscriber = await createSubscriber();
    const writes: [string, string, unknown][] = [
      ["PATCH", `/api/admin/quotes/${enquiry.id}/read`, undefined],
      ["PATCH", `/api/admin/quotes/${enquiry.id}/replied`, undefined],
      ["PATCH", `/api/admin/orders/${order.id}`, { fulfilmentStatus: "confirmed" }],
      ["PATCH", `/api/admin/email-subscribers/${encodeURIComponent(subscriber.email)}/unsubscribe`, undefined],
      ["DELETE", `/api/admin/quotes/${enquiry.id}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      const { status, trips } = await measure(path, { method, json, headers });
      expect(status, path).toBeLessThan(300);
      expect(writeTrips(trips), `${method} ${path}: ${JSON.stringify(trips)}`).toHaveLength(1);
    }
  });
});

/**
 * Every route the router has, read from the router itself (as the 401 test does), so a route added
 * later is held to a budget without anyone editing a list. Each is called with sample values: real
 * rows for its path parameters and a plausible body where one is given below (others get `{}`,
 * which measures their refusal). The budget counts the route's own trips: the admin session check,
 * rate-limit counters and handing e-mail to the outbox are apart.
 */
describe("D1 round trips of every route", () => {
  /** Reads answer in one trip, writes in a read and a write; these need more, each for a reason. */
  const BUDGETS: Record<string, { trips: number; why: string }> = {
    "POST /api/admin/login": {
      trips: 4,
      why: "the account, then the sign-in log, the session and the known device, each written apart",
    },
  };

  const budgetOf = (method: string, path: string) => BUDGETS[`${method} ${path}`]?.trips ?? (method === "GET" ? 1 : 2);

  /**
   * Not the route's own work: the admin session check, rate limits, the mail hand-over, and the
   * audit log's record of a write (its read of the record before, and its entry after the answer).
   */
  const isOverhead = (trip: string[]) =>
    trip.every(
      (sql) =>
        /"(rate_limits|outbox|outgoing_emails|audit_log)"/.test(sql) ||
        /^select .* from "admin_sessions"/i.test(sql) ||
        /\baudit_before$/.test(sql),
    );

  const isDestructive = (r: { method: string; path: string }) =>
    r.method === "DELETE" || /logout|sign-out|rotate-feed|cart\/clear|\/cancel$/.test(r.path);

  it("holds every route of the router to its budget", async () => {
    const product = await createProduct();
    const session = newCartSession();
    const line = await putInCart(session, product.id, 1);
    const enquiry = await createEnquiry();
    const order = await createOrder();
    const subscriber = await createSubscriber();
    const unsubscribe = await createUnsubscribeToken(env, subscriber.email);
    const feed = (await readCalendarAndFeed(env, getDb(env))).secret;
    const booking = await createBookingToken(env, "BK-NONE22", 1);
    const tomorrow = addDays(londonToday(), 1);
    const slots = (
      await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${addDays(tomorrow, 1)}&days=14`)
    ).body;
    const paramValue: Record<string, string> = {
      id: String(enquiry.id),
      email: encodeURIComponent(subscriber.email),
      file: "customers.csv",
      name: "missing.png",
      session_id: "cs_test_missing",
    };
    const customer = await createCustomer();
    const record = await createServiceRecord({ customerId: customer.id });
    const ids: [prefix: string, id: number | string][] = [
      ["/api/admin/products", product.id],
      ["/api/admin/orders", order.id],
      ["/api/admin/customers", customer.id],
      ["/api/admin/service-records", record.id],
      ["/api/cart", line],
    ];
    const idFor = (path: string) => ids.find(([prefix]) => path.startsWith(prefix))?.[1] ?? enquiry.id;
    const query: Record<string, string> = {
      "/api/availability": `?service=annual-service&from=${tomorrow}&days=14`,
      "/api/bookings/manage": `?token=${encodeURIComponent(booking)}`,
      "/unsubscribe": `?token=${encodeURIComponent(unsubscribe)}`,
      "/reminders/opt-out": "?token=not-a-token",
      "/api/calendar/:file": "",
    };
    const bodies: Record<string, unknown> = {
      "POST /api/cart/add": { productId: product.id },
      "PUT /api/cart/:id": { quantity: 2 },
      "POST /api/quotes": {
        name: "Ann",
        phone: "0161 496 0000",
        email: "ann@example.com",
        postcode: "M32 0ZZ",
        service: "annual-service",
      },
      "POST /api/email-signups": { email: `walk-${crypto.randomUUID()}@example.com` },
      "PATCH /api/admin/orders/:id": { fulfilmentStatus: "confirmed" },
      "PATCH /api/admin/quotes/:id/notes": { notes: "Rang back" },
      "POST /api/admin/customers": { firstName: "Walk", lastName: "Route", email: `walk-${crypto.randomUUID()}@example.com` },
      "PATCH /api/admin/customers/:id": { phone: "0161 496 0111" },
      "PATCH /api/admin/calendar": { minNoticeDays: 1 },
      "PATCH /api/admin/settings": { phone: "0161 496 0123" },
      "POST /api/admin/products": {
        name: "Walked Valve",
        price: "£12.50",
        image: "/public-objects/product-images/0b9d7e0c-1111-4222-8333-444455556666.png",
        category: "Gas Valves",
        brand: "Vaillant",
        description: "A valve the walk creates.",
        condition: "New",
        inStock: true,
      },
      "PATCH /api/admin/products/:id": { price: "13.50" },
      "POST /api/admin/service-records": {
        customerId: customer.id,
        serviceType: "Annual boiler service",
        status: "scheduled",
        serviceDate: addDays(londonToday(), 3),
      },
      "PATCH /api/admin/service-records/:id": { notes: "Walked by the round-trip test" },
      "POST /api/admin/quotes/replied": { ids: [enquiry.id] },
      "POST /api/admin/quotes/unreplied": { ids: [enquiry.id] },
      "POST /api/admin/send-campaign": {
        emails: [subscriber.email],
        campaign: { subject: "Walk", title: "Walk", content: "<p>Hi</p>" },
      },
      "POST /api/admin/upload-url": { fileName: "boiler.png" },
      "POST /api/admin/login": { username: "admin", password: "admin-dev-password" },
      "POST /api/chat/ai-response": { sessionId: newChatSessionId(), message: "Do you cover Sale?" },
      "POST /api/chat/message": {
        sessionId: newChatSessionId(),
        message: "Hello",
        sender: "customer",
        timestamp: new Date().toISOString(),
      },
      "POST /api/chat/handover": { sessionId: newChatSessionId(), name: "Jo Walker", contact: "07700 900456" },
      "POST /api/bookings": {
        service: "annual-service",
        start: slots[0]!.start,
        name: "Ann Walker",
        email: `walk-${crypto.randomUUID()}@example.com`,
        phone: "0161 496 0000",
        postcode: "M33 7XX",
        address: "1 Park Road, Sale",
      },
      "POST /api/orders": {
        customerName: "Ann Example",
        customerEmail: "ann@example.com",
        customerPhone: "0161 496 0000",
        shippingAddress: "1 Example Street, Manchester M1 1AA",
        totalAmount: ((product.pricePence * 2) / 100).toFixed(2),
      },
    };
    const routes = app.routes
      .filter((r) => r.method !== "ALL" && (r.path.startsWith("/api/") || !r.path.includes("*")))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i)
      // Whatever ends a session, a cart, a secret or a row goes last, so the others still find them.
      .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));
    expect(routes.length).toBeGreaterThan(60);
    const over: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const path =
        route.path
          .replace(":file", route.path.startsWith("/api/calendar") ? `${feed}.ics` : paramValue.file!)
          .replace(/:id\b/, String(idFor(route.path)))
          .replace(/:([a-z_]+)/gi, (_, name: string) => paramValue[name] ?? "1") + (query[route.path] ?? "");
      const json = route.method === "GET" || route.method === "DELETE" ? undefined : (bodies[key] ?? {});
      const headers = route.path.startsWith("/api/admin/") ? await adminHeaders() : {};
      // With Stripe and Xero set up, and Twilio for its webhooks (an unsigned call answers 403, not
      // 503); the other routes without Twilio, so a booking's text (sent after the answer, in the
      // daytime only) leaves their counts the same at any hour.
      const services = { ...stripeEnv, ...xeroEnv(uniqueId("trips")) };
      const bindings = route.path.startsWith("/api/sms/") ? { ...services, ...smsEnv } : services;
      const { status, trips } = await measure(path, { method: route.method, json, headers, session, env: bindings });
      expect(status, `${key} answered ${status}`).toBeLessThan(500);
      const own = trips.filter((trip) => !isOverhead(trip));
      if (own.length > budgetOf(route.method, route.path)) over.push(`${key}: ${own.length} trips ${JSON.stringify(own)}`);
    }
    expect(over).toEqual([]);
  });
});
