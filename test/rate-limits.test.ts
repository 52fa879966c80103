import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../worker/db/client";
import { countRateLimits } from "../worker/lib/rate-limit";
import { addressLimits } from "../worker/middleware/rate-limit";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson, newCartSession, putInCart, query, randomIp, stripeEnv } from "./helpers/factories-commerce";

/**
 * Every public write is limited per client IP (CF-Connecting-IP), in sliding windows. The clock is
 * pinned, then moved on by the Retry-After a refusal gives to show the next request goes through.
 */
const START = new Date("2030-01-07T10:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

async function exhaust(path: string, ip: string, times: number, init: Parameters<typeof callApp>[1] = {}) {
  for (let i = 0; i < times; i++) {
    const res = await callApp(path, { method: "POST", json: {}, ...init, ip });
    expect(res.status).not.toBe(429);
  }
}

/** The 429's shape; answers its body and Retry-After (once that has passed, the next request goes through). */
async function expectLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  // A sliding window: the hits of this window still count, fading, through the next one.
  expect(retryAfter).toBeLessThanOrEqual(2 * windowSeconds);
  const body = (await res.json()) as Record<string, string>;
  expect(body).toMatchObject({ code: "RATE_LIMITED" });
  expect(body.error).toBeTruthy();
  expect(Object.keys(body).sort()).toEqual(["code", "error", "requestId"]);
  return Object.assign(body, { retryAfter });
}

const validEnquiry = (name: string) => ({
  name,
  phone: "07700 900123",
  email: "limit@example.com",
  postcode: "M1 1AE",
  service: "annual-service",
});

describe("abuse limits on public writes", () => {
  it("limits quote requests per IP with 429 and Retry-After, stores nothing, and resets in the next window", async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = addressLimits.quote;
    await exhaust("/api/quotes", ip, limit);
    const name = `Limited ${Date.now()}`;
    const limited = await expectLimited(
      await callApp("/api/quotes", { method: "POST", ip, json: validEnquiry(name) }),
      windowSeconds,
    );
    expect(limited.error).toContain("0161 496 0123");
    expect(await query("SELECT id FROM quotes WHERE name = ?1", name)).toEqual([]);

    expect((await callApp("/api/quotes", { method: "POST", ip: randomIp(), json: validEnquiry(`${name} other`) })).status).toBe(
      201,
    );

    vi.setSystemTime(START.getTime() + limited.retryAfter * 1000);
    expect((await callApp("/api/quotes", { method: "POST", ip, json: validEnquiry(name) })).status).toBe(201);
  });

  it("limits e-mail sign-ups, with the message the modal shows", async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = addressLimits["email-signup"];
    await exhaust("/api/email-signups", ip, limit);
    const email = `limited-${Date.now()}@example.com`;
    const limited = await expectLimited(
      await callApp("/api/email-signups", { method: "POST", ip, json: { email } }),
      windowSeconds,
    );
    expect(limited.error).toBe("Too many sign-ups from your connection. Please try again later.");
    expect(await query("SELECT id FROM email_subscribers WHERE email = ?1", email)).toEqual([]);
    vi.setSystemTime(START.getTime() + limited.retryAfter * 1000);
    expect((await callApp("/api/email-signups", { method: "POST", ip, json: { email } })).status).toBe(202);
  });

  it("limits payment checks per address (each asks Stripe), counting an IPv6 /64 as one address", async () => {
    const { limit, windowSeconds } = addressLimits["verify-payment"];
    const path = "/api/verify-payment/cs_test_unknownsession0000";
    for (let i = 0; i < limit; i++) {
      const res = await callApp(path, { ip: `2001:db8:77:77::${i.toString(16)}`, env: stripeEnv });
      expect(res.status).toBe(404);
    }
    await expectLimited(await callApp(path, { ip: "2001:db8:77:77::ffff", env: stripeEnv }), windowSeconds);
    expect((await callApp(path, { ip: "2001:db8:77:78::1", env: stripeEnv })).status).toBe(404);
  });

  it("limits orders without touching the cart", async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = addressLimits.order;
    const session = newCartSession();
    const product = await createProduct({ pricePence: 2500 });
    await putInCart(session, product.id, 1);
    await exhaust("/api/orders", ip, limit, { session });
    const order = {
      customerName: "Rate Limited",
      customerEmail: "limited@example.com",
      customerPhone: "0161 496 0789",
      shippingAddress: "1 Limit Lane, Manchester M1 1AE",
      totalAmount: "25.00",
    };
    const limited = await expectLimited(
      await callApp("/api/orders", { method: "POST", ip, session, json: order }),
      windowSeconds,
    );
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
    expect(await query("SELECT quantity FROM cart_items WHERE session_id = ?1", session)).toEqual([{ quantity: 1 }]);
    vi.setSystemTime(START.getTime() + limited.retryAfter * 1000);
    expect((await callApp("/api/orders", { method: "POST", ip, session, json: order })).status).toBe(201);
  });

  it("limits cart adds, leaving the line at the last accepted quantity", async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = addressLimits["cart-add"];
    const session = newCartSession();
    const product = await createProduct();
    const add = () => callApp("/api/cart/add", { method: "POST", ip, session, json: { productId: product.id } });
    for (let i = 0; i < limit; i++) expect((await add()).status).toBe(200);
    const limited = await expectLimited(await add(), windowSeconds);
    expect(await query("SELECT quantity FROM cart_items WHERE session_id = ?1", session)).toEqual([{ quantity: limit }]);
    vi.setSystemTime(START.getTime() + limited.retryAfter * 1000);
    expect((await add()).status).toBe(200);
  });

  it("limits checkout sessions before Stripe is asked for anything", async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = addressLimits["checkout-session"];
    await exhaust("/api/create-checkout-session", ip, limit, { session: newCartSession(), env: stripeEnv });
    const session = newCartSession();
    await putInCart(session, (await createProduct()).id, 1);
    const res = await callApp("/api/create-checkout-session", { method: "POST", ip, session, json: {}, env: stripeEnv });
    await expectLimited(res, windowSeconds);
    expect(await query("SELECT id FROM orders WHERE session_id = ?1", session)).toEqual([]);
  });

  it("leaves reads alone: the catalogue and the cart are never limited", async () => {
    const ip = randomIp();
    for (let i = 0; i < 80; i++) {
      expect((await callApp("/api/products", { ip })).status).toBe(200);
    }
    const { status } = await callAppJson("/api/cart", { ip, session: newCartSession() });
    expect(status).toBe(200);
  });
});

describe("the sliding window", () => {
  const hit = (key: string) => [{ key, limit: 5, windowSeconds: 60 }];
  const at = (seconds: number) => START.getTime() + seconds * 1000;

  it("does not let a burst straddle a window's edge: the last window's hits still count", async () => {
    const db = getDb(env);
    const key = `edge:${crypto.randomUUID()}`;
    for (let i = 0; i < 5; i++) expect((await countRateLimits(db, hit(key), at(59))).retryAfter).toBe(0);
    // One second later a fixed window would start again at zero; the sliding count is still full.
    const next = await countRateLimits(db, hit(key), at(60));
    expect(next.retryAfter).toBeGreaterThan(0);
  });

  it("frees a request exactly when Retry-After says, and not a second before", async () => {
    const db = getDb(env);
    for (const t of [59, 60, 75]) {
      // The same burst seen twice: once to find the wait, once to check a second earlier is too soon.
      const keys = [`fade:${crypto.randomUUID()}`, `fade:${crypto.randomUUID()}`];
      let wait = 0;
      for (const key of keys) {
        for (let i = 0; i < 5; i++) await countRateLimits(db, hit(key), at(t));
        wait = (await countRateLimits(db, hit(key), at(t))).retryAfter;
        expect(wait, `burst at ${t}s`).toBeGreaterThan(0);
      }
      expect((await countRateLimits(db, hit(keys[0]!), at(t + wait))).retryAfter, `after ${wait}s`).toBe(0);
      if (wait > 1)
        expect((await countRateLimits(db, hit(keys[1]!), at(t + wait - 1))).retryAfter, `${t}+${wait}-1`).toBeGreaterThan(0);
    }
  });
});
