import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settings } from "../schema/settings";
import { forgetCatalogue } from "../worker/services/shop/catalogue-cache";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson } from "./helpers/factories-commerce";

describe("GET /api/products", () => {
  it("gives the catalogue with prices as decimal text and every field the store reads", async () => {
    const made = await createProduct({
      name: "Worcester Diverter Valve",
      pricePence: 4599,
      originalPricePence: 5999,
      rating: 4.7,
      editedImage: "/public-objects/product-images/valve-edited.png",
      condition: "Used",
      brand: "Worcester",
      category: "Valves",
    });
    const { status, body, res } = await callAppJson<any[]>("/api/products");
    expect(status).toBe(200);
    const product = body.find((p) => p.id === made.id);
    expect(product).toEqual({
      id: made.id,
      name: "Worcester Diverter Valve",
      description: made.description,
      price: "45.99",
      originalPrice: "59.99",
      image: made.image,
      editedImage: "/public-objects/product-images/valve-edited.png",
      condition: "Used",
      brand: "Worcester",
      category: "Valves",
      inStock: true,
      rating: 4.7,
      stockLeft: null,
    });
    expect(res.headers.get("Cache-Control")).toContain("max-age");
  });

  it("gives null for a missing original price and rating, and inStock false for an out-of-stock part", async () => {
    const made = await createProduct({ pricePence: 1000, inStock: false });
    const { body } = await callAppJson<any[]>("/api/products");
    const product = body.find((p) => p.id === made.id);
    expect(product).toMatchObject({ price: "10.00", originalPrice: null, rating: null, editedImage: null, inStock: false });
  });

  it("lists the newest products first", async () => {
    const older = await createProduct();
    const newer = await createProduct();
    const { body } = await callAppJson<any[]>("/api/products");
    const ids = body.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });
});

describe("a large catalogue", () => {
  it("answers the newest first page with the full count, and the rest a page at a time", async () => {
    await env.DB.prepare(
      `INSERT INTO products (name, description, price_pence, image, brand, category)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
       SELECT 'Bulk Part ' || i, 'Generated', 1000, '/images/parts/test.svg', 'Baxi', 'Fans' FROM n`,
    ).run();
    await forgetCatalogue();
    const total = Number((await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first("n")) ?? 0);
    const first = await callApp("/api/products");
    const firstPage = (await first.json()) as { id: number }[];
    expect(firstPage).toHaveLength(settings.catalogue.firstPage);
    expect(Number(first.headers.get("X-Total-Count"))).toBe(total);
    const rest = await callApp(`/api/products?limit=500&offset=${settings.catalogue.firstPage}`);
    const restPage = (await rest.json()) as { id: number }[];
    expect(restPage).toHaveLength(total - settings.catalogue.firstPage);
    expect(new Set([...firstPage, ...restPage].map((p) => p.id)).size).toBe(total);
    // The cached copy keeps the count too.
    expect(Number((await callApp("/api/products")).headers.get("X-Total-Count"))).toBe(total);
  });
});
