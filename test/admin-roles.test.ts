import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MONEY_KEY } from "../schema/money";
import app from "../worker/app";
import { FORBIDDEN, ROUTE_ROLES } from "../worker/routes/admin/roles";
import { adminHeaders, teamHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { createServiceRecord } from "./helpers/factories-admin";
import { call, callJson } from "./helpers/http";

/** Public on purpose: signing in (and, once it exists, accepting an invitation). */
const PUBLIC = /^POST \/login$|^(GET|POST) \/join/;

/** Every back-office route of the router, as the role table keys it ("GET /invoices/:id"). */
const routerKeys = () => [
  ...new Set(
    app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"))
      .map((r) => `${r.method} ${r.path.slice("/api/admin".length)}`)
      .filter((key) => !PUBLIC.test(key)),
  ),
];

/** Lists that need a query to answer. */
const QUERIES: Record<string, string> = {
  "/service-records/free-times": "?minutes=60",
  "/campaigns/audience": "?segment=all",
  "/export/invoices.csv": "?from=2026-01-01&to=2026-12-31",
  "/export/payments.csv": "?from=2026-01-01&to=2026-12-31",
};

const sample = (path: string) =>
  path
    .replace(/:email\b/g, "someone%40example.com")
    .replace(/:reference\b/g, "NOPE-0000")
    .replace(/:name\b/g, "photo.jpg")
    .replace(/:[a-z]+/gi, "999999");

/** Each key's path made callable, and a session that nothing in the walk can end (it signs out last). */
const roleHeaders: Record<string, () => Promise<Record<string, string>>> = {
  owner: adminHeaders,
  office: async () => (await teamHeaders("office")).headers,
  engineer: async () => (await teamHeaders("engineer")).headers,
};

describe("the route table (worker/routes/admin/roles.ts)", () => {
  it("names every back-office route of the router, and no route the router does not have", () => {
    const keys = routerKeys();
    expect(
      keys.filter((key) => !(key in ROUTE_ROLES)),
      "routes missing from ROUTE_ROLES",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_ROLES).filter((key) => !keys.includes(key)),
      "rows no route has",
    ).toEqual([]);
    expect(keys.length).toBeGreaterThan(130);
  });

  for (const role of ["owner", "office", "engineer"] as const) {
    it(`answers the ${role} 403 exactly where the table leaves the ${role} out`, async () => {
      const refused: string[] = [];
      const allowed: string[] = [];
      const notAnswered: string[] = [];
      for (const key of routerKeys()) {
        const [method, path] = key.split(" ") as [string, string];
        // A fresh session per call: the walk signs out and signs out everywhere on the way.
        const headers = await roleHeaders[role]!();
        const res = await call(`/api/admin${sample(path)}${QUERIES[path] ?? ""}`, {
          method,
          headers,
          json: method === "GET" || method === "DELETE" ? undefined : {},
        });
        expect(res.status, key).not.toBe(401);
        if (res.status === 403) {
          const body = (await res.json()) as { code: string; error: string };
          if (body.error === FORBIDDEN) refused.push(key);
        } else {
          await res.arrayBuffer();
          allowed.push(key);
        }
        // A list (no id in its path) is answered in full for a role it is open to.
        if (method === "GET" && !path.includes(":") && ROUTE_ROLES[key]!.includes(role) && res.status !== 200) {
          notAnswered.push(`${key} ${res.status}`);
        }
      }
      const expected = routerKeys().filter((key) => !ROUTE_ROLES[key]!.includes(role));
      expect(notAnswered).toEqual([]);
      expect(
        refused.filter((key) => !expected.includes(key)),
        "refused against the table",
      ).toEqual([]);
      expect(
        expected.filter((key) => !refused.includes(key)),
        "let through against the table",
      ).toEqual([]);
      if (role === "owner") expect(refused).toEqual([]);
    });
  }
});

describe("an engineer's answers", () => {
  let engineer: Record<string, string>;
  let pricedEngineer: Record<string, string>;
  beforeAll(async () => {
    engineer = (await teamHeaders("engineer")).headers;
    pricedEngineer = (await teamHeaders("engineer", { seesPrices: true })).headers;
    await createProduct({ name: "Diverter valve", pricePence: 4_500 });
    const today = new Date().toISOString().slice(0, 10);
    await createServiceRecord({
      serviceDate: today,
      costPence: 9_500,
      status: "scheduled",
      visitStart: `${today}T10:00:00.000Z`,
      visitEnd: `${today}T11:00:00.000Z`,
    });
  });

  const moneyKeys = (value: unknown, at = ""): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => moneyKeys(v, `${at}[${i}]`));
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, inner]) => [
      ...(MONEY_KEY.test(key) ? [`${at}.${key}`] : []),
      ...moneyKeys(inner, `${at}.${key}`),
    ]);
  };

  it("carry no price or total on any list an engineer may read, unless the owner lets them see prices", async () => {
    const lists = routerKeys().filter(
      (key) => key.startsWith("GET ") && !key.includes(":") && ROUTE_ROLES[key]!.includes("engineer"),
    );
    expect(lists).toEqual(expect.arrayContaining(["GET /today", "GET /products"]));
    for (const key of lists) {
      const { status, body } = await callJson(`/api/admin${key.slice(4)}`, { headers: engineer });
      expect(status, key).toBe(200);
      expect(moneyKeys(body), key).toEqual([]);
    }
    const owner = await callJson<{ items: Record<string, unknown>[] }>("/api/admin/products", { headers: await adminHeaders() });
    expect(moneyKeys(owner.body).length).toBeGreaterThan(0);
    const priced = await callJson("/api/admin/products", { headers: pricedEngineer });
    expect(priced.body).toEqual(owner.body);
  });

  it("are refused on invoices, exports and settings with a message that says why", async () => {
    for (const path of [
      "/api/admin/invoices",
      "/api/admin/export/invoices.csv?from=2026-01-01&to=2026-12-31",
      "/api/admin/settings/billing",
      "/api/admin/reports/takings",
    ]) {
      const { status, body } = await callJson(path, { headers: engineer });
      expect(status, path).toBe(403);
      expect(body).toMatchObject({ code: "FORBIDDEN", error: FORBIDDEN });
    }
  });

  it("say who is signed in and with which role", async () => {
    const { body } = await callJson("/api/admin/me", { headers: engineer });
    expect(body).toMatchObject({ role: "engineer", seesPrices: false });
    expect((await callJson("/api/admin/me", { headers: await adminHeaders() })).body).toMatchObject({
      id: 1,
      role: "owner",
      seesPrices: true,
    });
  });

  it("end when the person is suspended: the next request is 401", async () => {
    const { headers, id } = await teamHeaders("office");
    expect((await call("/api/admin/customers", { headers })).status).toBe(200);
    await env.DB.prepare("UPDATE admin_users SET status = 'suspended' WHERE id = ?1").bind(id).run();
    expect((await call("/api/admin/customers", { headers })).status).toBe(401);
  });
});
