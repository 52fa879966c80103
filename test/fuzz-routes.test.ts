import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../schema/london-time";
import app from "../worker/app";
import { createBookingToken } from "../worker/lib/booking-token";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { callApp, callAppJson, randomIp, stripeEnv } from "./helpers/factories-commerce";
import { smsEnv } from "./helpers/sms";
import { uniqueId, xeroEnv } from "./helpers/xero";

/**
 * The outside services set up (against their fakes), so each route does its work rather than answer
 * 503, and their webhooks refuse what is not signed.
 */
const configured = { ...stripeEnv, ...smsEnv, ...xeroEnv(uniqueId("fuzz")) };

/**
 * Issue 28: no input reaches a 500. Every route of the router (public and admin) is sent arbitrary
 * bodies, queries and path values made of what a hostile review throws: far and impossible dates,
 * huge and odd numbers, control characters, long strings, wrong types and nesting, with keys the
 * API really uses. Every answer must be below 500 and carry no stack trace.
 */

/** Keys the API's bodies and queries use, so the values reach the schemas' checks, not just "unknown key". */
const keys = [
  "start",
  "from",
  "days",
  "service",
  "minutes",
  "name",
  "email",
  "phone",
  "postcode",
  "address",
  "notes",
  "message",
  "token",
  "code",
  "password",
  "username",
  "serviceDate",
  "visitStart",
  "visitEnd",
  "nextServiceDue",
  "startsAt",
  "endsAt",
  "price",
  "pricePence",
  "quantity",
  "productId",
  "limit",
  "offset",
  "q",
  "status",
  "fulfilmentStatus",
  "customerId",
  "ids",
  "emails",
  "campaign",
  "offers",
  "subject",
  "content",
  "firstName",
  "lastName",
  "isLandlord",
  "serviceType",
  "cost",
  "stockQuantity",
  "paidOn",
  "method",
  "show",
  "tab",
  "state",
  "date",
  "reason",
  "checkReason",
];

const dates = fc.constantFrom(
  "0000-01-01",
  "0001-01-01",
  "0099-12-31",
  "0500-06-15",
  "9999-12-31",
  "2026-02-30",
  "2026-13-01",
  "2026-11-25",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "2026-11-25T25:61:00Z",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "2026-11-25T10:00:00+14:00",
  "1970-01-01T00:00:00Z",
  "NaN",
  "",
);
const numbers = fc.oneof(
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 2 ** 63, 0.1, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom("1e999", "-0", "0x10", "NaN", "Infinity", "9".repeat(40), "12.345.6"),
);
const strings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "\r\nBcc: x@example.com",
    "‮gpj.exe",
    "=cmd|' /C calc'!A0",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
  ),
  fc.constant("x".repeat(5000)),
);
const leaf = fc.oneof(dates, numbers, strings, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.array(tie("any"), { maxLength: 4 }), tie("object")),
  object: fc.dictionary(fc.constantFrom(...keys), tie("any"), { maxKeys: 6 }),
})).any;
const body = fc.oneof(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 }), value);
const query = fc.dictionary(fc.constantFrom(...keys), fc.oneof(dates, numbers.map(String), strings), { maxKeys: 4 });
const pathValue = fc.oneof(
  fc.constantFrom("0", "-1", "1", "99999999999999999999", "1e9", "abc", "%00", "..%2F..", "x".repeat(300)),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** Ends the fuzzer's own session or the test's calendar link: sent, but not while the rest still runs. */
const lastOf = (path: string) => /sign-out|logout|rotate-feed/.test(path);

const routes = app.routes
  .filter((r) => r.method !== "ALL" && (r.path.startsWith("/api/") || !r.path.includes("*")))
  .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i)
  .sort((a, b) => Number(lastOf(a.path)) - Number(lastOf(b.path)));

// A frame names a place in a file ("at fn (worker.js:12:34)"): a CSV's "Parts at cost (£)" is not one.
const stackTrace = /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|\.(ts|js):\d+:\d+|Error: .*\n\s+at /;

describe("every route, fuzzed", () => {
  it("answers arbitrary bodies, queries and path values with a status below 500 and no stack trace", async () => {
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const admin = route.path.startsWith("/api/admin/");
      await fc
        .assert(
          fc.asyncProperty(body, query, pathValue, async (json, params, id) => {
            const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
            const path = route.path.replace(/:([a-z_]+)/gi, () => id) + (search ? `?${search}` : "");
            const sendsBody = route.method !== "GET" && route.method !== "DELETE";
            const res = await callApp(path, {
              method: route.method,
              ...(sendsBody ? { json } : {}),
              headers: admin ? await adminHeaders() : {},
              ip: randomIp(),
              env: configured,
            });
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500 || stackTrace.test(text)) {
              failures.push(
                `${route.method} ${path} ${JSON.stringify(json)?.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: 20, seed: 28, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A property that threw (rather than answered) is a failure too; one that answered badly is listed above.
          if (!failures.some((f) => f.startsWith(`${route.method} `)))
            failures.push(`${route.method} ${route.path} threw ${String(error).slice(0, 300)}`);
        });
    }
    expect(failures).toEqual([]);
    // Every route was really exercised, and mostly refused as it should be.
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(routes.length * 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 3);
  }, 240_000);

  it("answers valid requests with one field at a time made hostile with a status below 500", async () => {
    const day = addDays(londonToday(), 3);
    const slots = (await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${day}&days=14`)).body;
    const booked = await callAppJson<{ reference: string }>("/api/bookings", {
      method: "POST",
      ip: randomIp(),
      json: {
        service: "annual-service",
        start: slots[0]!.start,
        name: "Fuzz Base",
        email: "fuzz-base@example.com",
        phone: "0161 496 0000",
        postcode: "M33 7XX",
        address: "1 Park Road",
      },
    });
    const token = await createBookingToken(env, booked.body.reference, 1);
    const customer = await createCustomer();
    const record = await createServiceRecord({ customerId: customer.id });
    const product = await createProduct();
    type Base = { method: string; path: string; json?: Record<string, unknown>; query?: Record<string, string>; admin?: boolean };
    const bases: Base[] = [
      { method: "GET", path: "/api/availability", query: { service: "annual-service", from: day, days: "7" } },
      {
        method: "POST",
        path: "/api/bookings",
        json: {
          service: "annual-service",
          start: slots[1]!.start,
          name: "Fuzz Visitor",
          email: "fuzz@example.com",
          phone: "0161 496 0000",
          postcode: "M33 7XX",
          address: "2 Park Road",
          notes: null,
        },
      },
      { method: "POST", path: "/api/bookings/manage/move", json: { token, start: slots[2]!.start } },
      { method: "GET", path: "/api/bookings/manage", query: { token } },
      {
        method: "POST",
        path: "/api/quotes",
        json: {
          name: "Fuzz",
          phone: "0161 496 0000",
          email: "fuzz@example.com",
          postcode: "M32 0ZZ",
          service: "boiler-repair",
          message: "Hi",
        },
      },
      { method: "POST", path: "/api/email-signups", json: { email: "fuzz@example.com", source: "/" } },
      { method: "GET", path: "/api/admin/bookings", query: { from: day, days: "7" }, admin: true },
      {
        method: "POST",
        path: "/api/admin/service-records",
        json: {
          customerId: customer.id,
          serviceType: "Annual Boiler Service",
          status: "scheduled",
          serviceDate: day,
          nextServiceDue: day,
        },
        admin: true,
      },
      {
        method: "PATCH",
        path: `/api/admin/service-records/${record.id}`,
        json: { serviceDate: day, cost: "80.00" },
        admin: true,
      },
      { method: "GET", path: "/api/admin/service-records/free-times", query: { date: day, minutes: "60" }, admin: true },
      {
        method: "POST",
        path: "/api/admin/customers",
        json: { firstName: "Fuzz", lastName: "Test", phone: "07700 900000" },
        admin: true,
      },
      { method: "PATCH", path: `/api/admin/products/${product.id}`, json: { price: "13.50", stockQuantity: 3 }, admin: true },
      { method: "PATCH", path: "/api/admin/calendar", json: { minNoticeDays: 1 }, admin: true },
      { method: "GET", path: "/api/admin/security/sign-ins", query: { show: "all", limit: "5" }, admin: true },
    ];
    const failures: string[] = [];
    let sent = 0;
    for (const base of bases) {
      const fields = Object.keys(base.json ?? base.query ?? {});
      await fc
        .assert(
          fc.asyncProperty(
            fc.constantFrom(...fields),
            fc.oneof(dates, numbers, strings, fc.constant(null), value),
            async (field, hostile) => {
              const json = base.json ? { ...base.json, [field]: hostile } : undefined;
              // As a browser would send it: text as is, anything else as its JSON.
              const asText = typeof hostile === "string" ? hostile : (JSON.stringify(hostile) ?? "");
              const query = base.query ? { ...base.query, [field]: asText } : undefined;
              const path = `${base.path}${query ? `?${new URLSearchParams(query)}` : ""}`;
              const res = await callApp(path, {
                method: base.method,
                ...(json ? { json } : {}),
                headers: base.admin ? await adminHeaders() : {},
                ip: randomIp(),
              });
              sent++;
              const text = await res.text();
              if (res.status >= 500 || stackTrace.test(text)) {
                failures.push(
                  `${base.method} ${path} ${field}=${JSON.stringify(hostile)?.slice(0, 100)} → ${res.status} ${text.slice(0, 200)}`,
                );
                return false;
              }
              return true;
            },
          ),
          { numRuns: 40, seed: 28, endOnFailure: true },
        )
        .catch((error: unknown) => {
          if (!failures.some((f) => f.startsWith(`${base.method} ${base.path}`)))
            failures.push(`${base.method} ${base.path} threw ${String(error).slice(0, 300)}`);
        });
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(bases.length * 40);
  }, 240_000);
});
