import { describe, expect, it } from "vitest";
import app from "../worker/app";
import { callApp, stripeEnv } from "./helpers/factories-commerce";
import { smsEnv } from "./helpers/sms";

const malformedMultipart = {
  "Content-Type": "multipart/form-data; boundary=----x",
  body: '------x\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n------y--\r\n',
};
const noBoundary = { "Content-Type": "multipart/form-data", body: "token=abc" };
const brokenForm = { "Content-Type": "application/x-www-form-urlencoded", body: "token=%E0%A4%A&%%%" };

/** Every public route that takes a body, read from the router itself (the admin area has its own 401 test). */
const publicPosts = () =>
  [
    ...new Set(
      app.routes
        .filter((r) => ["POST", "PUT"].includes(r.method) && !r.path.startsWith("/api/admin/"))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ]
    .map((route) => route.split(" ") as [string, string])
    .map(([method, path]) => [method, path.replace(/:[a-z]+/gi, "1")] as const);

describe("malformed bodies", () => {
  it("answer POST /api/unsubscribe with 400, never 500", async () => {
    for (const { body, ...headers } of [malformedMultipart, noBoundary, brokenForm]) {
      const res = await callApp("/api/unsubscribe", { method: "POST", headers, body });
      expect(res.status, headers["Content-Type"]).toBe(400);
      expect(await res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });

  it("answer every public write with a 4xx in the house shape, never 500", async () => {
    const routes = publicPosts();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of routes) {
      for (const { body, ...headers } of [malformedMultipart, noBoundary, brokenForm]) {
        // Card payment and texts configured, so those routes get past their 503 and read the body too.
        const res = await callApp(path, { method, headers, body, env: { ...stripeEnv, ...smsEnv } });
        const label = `${method} ${path} ${headers["Content-Type"]}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        const json = (await res.json()) as Record<string, unknown>;
        expect(json, label).toMatchObject({ error: expect.any(String), code: expect.any(String), requestId: expect.any(String) });
        expect(
          Object.keys(json).every((key) => ["error", "code", "requestId", "details"].includes(key)),
          label,
        ).toBe(true);
      }
    }
  });
});
