import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Product } from "../schema/api/products";
import { reviewRatingSchema } from "../schema/api/settings";
import { enquiryServiceLabels, signupConsentText, storeBrands, storeCategories } from "../schema/business";
import { serviceRecordStatuses } from "../schema/db";
import { seedStatements } from "../scripts/seed-data/sql.mjs";
import { callJson } from "./helpers/http";

// The seed's own SQL (what `npm run db:seed` hands to wrangler) run against the migrated test D1.
const TODAY = new Date("2026-11-23T12:00:00.000Z");
const seed = () => env.DB.batch(seedStatements(TODAY).map((sql) => env.DB.prepare(sql)));
const rows = async <T = Record<string, unknown>>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;

const tables = [
  "chat_messages",
  "order_lines",
  "orders",
  "service_records",
  "customers",
  "quotes",
  "email_subscribers",
  "products",
  "settings",
];
const snapshot = async () => Promise.all(tables.map((t) => rows(`SELECT * FROM ${t} ORDER BY rowid`)));

describe("demo seed", () => {
  // Storage is shared by the tests of one file: each test starts from empty tables whose
  // AUTOINCREMENT high-water marks are reset too, as on a freshly migrated database.
  beforeEach(async () => {
    await env.DB.batch([
      ...tables.map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
      env.DB.prepare(`DELETE FROM sqlite_sequence WHERE name IN (${tables.map((t) => `'${t}'`).join(", ")})`),
    ]);
  });

  it("dates the summer service offer in the seed's own year, leaving a saved row alone", async () => {
    await seed();
    const [row] = await rows<{ value: string }>("SELECT value FROM settings WHERE key = 'facts'");
    expect(JSON.parse(row!.value).offers).toEqual([
      expect.objectContaining({ id: "summer-service", title: "Summer Sale", startsAt: "2026-06-01", endsAt: "2026-08-31" }),
    ]);
    // The spec's rating as the owner's entry, as the settings screen would take it: "4.9 out of 5 from 200 reviews on Google".
    const rating = reviewRatingSchema.safeParse(JSON.parse(row!.value).rating);
    expect(rating.success, JSON.stringify(rating.error)).toBe(true);
    expect(rating.data).toMatchObject({ value: 4.9, count: 200, source: "Google", verified: false });
    await env.DB.prepare("UPDATE settings SET value = '{\"phone\":\"0161 555 0100\"}' WHERE key = 'facts'").run();
    await seed();
    const [after] = await rows<{ value: string }>("SELECT value FROM settings WHERE key = 'facts'");
    expect(JSON.parse(after!.value)).toEqual({ phone: "0161 555 0100" });
  });

  it("stocks the store with 24+ parts over every store category and brand", async () => {
    await seed();
    const { status, body } = await callJson<Product[]>("/api/products");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(24);
    expect(new Set(body.map((p) => p.category))).toEqual(new Set(storeCategories.filter((c) => c !== "All")));
    expect(new Set(body.map((p) => p.brand))).toEqual(new Set(storeBrands.filter((b) => b !== "All")));
    expect(body.filter((p) => !p.inStock).length).toBeGreaterThanOrEqual(3);
    const counts = await rows<{ stock_quantity: number | null }>("SELECT stock_quantity FROM products");
    const counted = counts.filter((r) => r.stock_quantity !== null);
    expect(counted.length).toBeGreaterThan(counts.length / 2);
    expect(counted.filter((r) => r.stock_quantity! <= 1).length).toBeGreaterThanOrEqual(3);
    expect(counts.filter((r) => r.stock_quantity === null).length).toBeGreaterThanOrEqual(2);
    expect(body.filter((p) => p.stockLeft !== null && p.stockLeft > 0).length).toBeGreaterThanOrEqual(2);
    expect(body.filter((p) => p.condition === "Used").length).toBeGreaterThanOrEqual(3);
    expect(body.filter((p) => p.originalPrice !== null).length).toBeGreaterThanOrEqual(3);
    for (const p of body) {
      expect(Number(p.price)).toBeGreaterThanOrEqual(8);
      expect(Number(p.price)).toBeLessThanOrEqual(450);
      if (p.originalPrice !== null) expect(Number(p.originalPrice)).toBeGreaterThan(Number(p.price));
      if (p.rating !== null) expect(p.rating * 10).toBe(Math.round(p.rating * 10));
      if (p.rating !== null) expect(p.rating).toBeGreaterThanOrEqual(3.5);
      expect(p.image).toMatch(/^\/images\/parts\/[a-z0-9-]+\.svg$/);
      expect(p.description.length).toBeGreaterThan(60);
    }
    expect(body.filter((p) => p.rating !== null).length).toBeGreaterThan(body.length / 2);
    expect(new Set(body.map((p) => p.image)).size).toBe(body.length);
  });

  it("changes nothing when run a second time", async () => {
    await seed();
    const first = await snapshot();
    await seed();
    expect(await snapshot()).toEqual(first);
  });

  it("never overwrites the owner's rows nor brings back demo rows the owner deleted", async () => {
    await env.DB.prepare(
      "INSERT INTO email_subscribers (email, status, signed_up_at, unsubscribed_at) VALUES ('oliver.grant@example.com', 'unsubscribed', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')",
    ).run();
    await seed();
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET price_pence = 1111 WHERE id = 6"),
      env.DB.prepare("DELETE FROM products WHERE id = 5"),
      env.DB.prepare("DELETE FROM quotes WHERE id = 2"),
      env.DB.prepare(
        "INSERT INTO products (name, description, price_pence, image, brand, category) VALUES ('Owner part', 'Added in the back office', 500, '/x.svg', 'Baxi', 'Other')",
      ),
    ]);
    await seed();
    expect(await rows("SELECT id, price_pence FROM products WHERE id IN (5, 6)")).toEqual([{ id: 6, price_pence: 1111 }]);
    expect(await rows("SELECT id FROM quotes WHERE id = 2")).toEqual([]);
    expect(await rows("SELECT name FROM products WHERE name = 'Owner part'")).toHaveLength(1);
    expect(await rows("SELECT status, signed_up_at FROM email_subscribers WHERE email = 'oliver.grant@example.com'")).toEqual([
      { status: "unsubscribed", signed_up_at: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("gives the service-records screen customers, every status and an unknown customer", async () => {
    await seed();
    expect(await rows("SELECT id FROM customers")).toHaveLength(12);
    const records = await rows<{ status: string; customer_id: number | null; service_date: string; cost_pence: number | null }>(
      "SELECT status, customer_id, service_date, cost_pence FROM service_records",
    );
    expect(records.length).toBeGreaterThanOrEqual(15);
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(serviceRecordStatuses));
    expect(records.some((r) => r.customer_id === null)).toBe(true);
    const today = TODAY.toISOString().slice(0, 10);
    expect(records.some((r) => r.service_date < today)).toBe(true);
    expect(records.some((r) => r.service_date > today)).toBe(true);
    const orphans = await rows(
      "SELECT id FROM service_records WHERE customer_id IS NOT NULL AND customer_id NOT IN (SELECT id FROM customers)",
    );
    expect(orphans).toEqual([]);
  });

  it("fills the quotes tabs (new, pending, replied) with every service", async () => {
    await seed();
    const quotes = await rows<{ service: string; is_read: number; replied_at: string | null }>(
      "SELECT service, is_read, replied_at FROM quotes",
    );
    const states = quotes.map((q) => (q.replied_at ? "replied" : q.is_read ? "pending" : "new"));
    for (const state of ["new", "pending", "replied"]) {
      expect(states.filter((s) => s === state).length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(quotes.map((q) => q.service))).toEqual(new Set(Object.keys(enquiryServiceLabels)));
  });

  it("records subscribers with consent evidence, some new this week, one pending and some unsubscribed", async () => {
    await seed();
    const subscribers = await rows<{
      status: string;
      signed_up_at: string;
      confirmed_at: string | null;
      unsubscribed_at: string | null;
      consent_text: string;
    }>("SELECT status, signed_up_at, confirmed_at, unsubscribed_at, consent_text FROM email_subscribers");
    expect(subscribers.length).toBeGreaterThanOrEqual(12);
    const weekAgo = new Date(TODAY.getTime() - 7 * 86_400_000).toISOString();
    expect(subscribers.filter((s) => s.status === "active" && s.signed_up_at >= weekAgo).length).toBeGreaterThanOrEqual(2);
    expect(subscribers.filter((s) => s.signed_up_at < weekAgo).length).toBeGreaterThanOrEqual(5);
    expect(subscribers.filter((s) => s.status === "pending").every((s) => s.confirmed_at === null)).toBe(true);
    expect(subscribers.some((s) => s.status === "pending")).toBe(true);
    expect(subscribers.filter((s) => s.status === "active").every((s) => s.confirmed_at !== null)).toBe(true);
    const gone = subscribers.filter((s) => s.status === "unsubscribed");
    expect(gone.length).toBeGreaterThanOrEqual(2);
    expect(gone.every((s) => s.unsubscribed_at !== null && s.unsubscribed_at > s.signed_up_at)).toBe(true);
    expect(subscribers.every((s) => s.consent_text === signupConsentText)).toBe(true);
  });

  it("adds a paid card order and an order-form order whose totals match their lines, and a chat", async () => {
    await seed();
    const orders = await rows<{ id: string; payment_method: string; payment_status: string; total_pence: number; lines: number }>(
      `SELECT o.id, o.payment_method, o.payment_status, o.total_pence,
              (SELECT SUM(l.unit_price_pence * l.quantity) FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM orders o`,
    );
    expect(orders.some((o) => o.payment_method === "card" && o.payment_status === "paid")).toBe(true);
    expect(orders.some((o) => o.payment_method === "order_form")).toBe(true);
    for (const o of orders) {
      expect(o.id).toMatch(/^ord_[a-z2-7]{24}$/);
      expect(o.total_pence).toBe(o.lines);
    }
    // Numbered as the shop numbers orders, oldest first.
    const numbered = await rows<{ number: number }>("SELECT number FROM orders ORDER BY created_at");
    expect(numbered.map((o) => o.number)).toEqual([10001, 10002, 10003]);
    const chat = await rows<{ sender: string }>("SELECT sender FROM chat_messages ORDER BY id");
    expect(chat.map((m) => m.sender)).toEqual(["customer", "ai", "customer", "ai"]);
  });
});
