import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { getDb } from "../worker/db/client";
import worker from "../worker/index";
import { purgeStaleCarts } from "../worker/jobs/retention";
import { forgetCatalogue } from "../worker/services/shop/catalogue-cache";
import { expectConsoleError } from "./helpers/console";
import { createProduct } from "./helpers/factories";
import { call, callJson, fakeRequests } from "./helpers/http";

describe("foundation", () => {
  it("answers /api/health without touching D1", async () => {
    const { status, body } = await callJson("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it("reads products from D1 with prices as decimal text", async () => {
    const made = await createProduct({ name: "Gas Valve VK4105", pricePence: 12999, originalPricePence: 15000, rating: 4.5 });
    const { status, body } = await callJson<any[]>("/api/products");
    expect(status).toBe(200);
    const found = body.find((p) => p.id === made.id);
    expect(found).toMatchObject({
      name: "Gas Valve VK4105",
      price: "129.99",
      originalPrice: "150.00",
      inStock: true,
      rating: 4.5,
    });
  });

  it("answers unknown /api paths with a JSON 404 in the house error shape", async () => {
    const { status, body } = await callJson("/api/nope");
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "Not found", code: "NOT_FOUND" });
    expect(typeof body.requestId).toBe("string");
  });

  it("refuses bodies over the API limit with 413", async () => {
    const res = await call("/api/quotes", { method: "POST", json: { message: "x".repeat(API_BODY_LIMIT_BYTES + 10) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("sets security headers on API responses", async () => {
    const res = await call("/api/health");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("round-trips an object through R2", async () => {
    await env.IMAGES.put("product-images/round-trip.txt", "hello", { httpMetadata: { contentType: "text/plain" } });
    const object = await env.IMAGES.get("product-images/round-trip.txt");
    expect(await object?.text()).toBe("hello");
    expect(object?.httpMetadata?.contentType).toBe("text/plain");
  });

  it("consumes a queue batch", async () => {
    const batch = createMessageBatch("unknown-queue", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { hello: 1 } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(true);
    expect(result.retryBatch.retry).toBe(false);
  });

  it("runs the scheduled handler, purging carts untouched for 30 days", async () => {
    const product = await createProduct();
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity, updated_at) VALUES ('old', ?1, 1, ?2)").bind(
        product.id,
        old,
      ),
      env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity) VALUES ('fresh', ?1, 1)").bind(product.id),
    ]);
    const controller = createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("SELECT session_id FROM cart_items ORDER BY session_id").all();
    expect(results.map((r) => r.session_id)).toEqual(["fresh"]);
    expect(await purgeStaleCarts(getDb(env))).toBe(0);
  });

  it("reaches the fakes of outside services on loopback", async () => {
    const res = await fetch(`${env.STRIPE_API_BASE}/v1/ping`);
    expect(res.status).toBeGreaterThanOrEqual(200);
    const requests = await fakeRequests(env.STRIPE_API_BASE!);
    expect(requests.some((r) => r.path === "/v1/ping")).toBe(true);
  });
});

describe("a database nobody migrated", () => {
  it("answers 503 saying which command to run, not a bare 500", async () => {
    expectConsoleError(/no such table/);
    await forgetCatalogue();
    await env.DB.exec("ALTER TABLE products RENAME TO products_not_migrated");
    try {
      const { status, body } = await callJson("/api/products");
      expect(status).toBe(503);
      expect(body).toEqual({
        error: "The database has not been migrated yet. Run `npm run db:migrate` and try again.",
        code: "NOT_CONFIGURED",
        requestId: expect.any(String),
      });
    } finally {
      await env.DB.exec("ALTER TABLE products_not_migrated RENAME TO products");
    }
  });
});
