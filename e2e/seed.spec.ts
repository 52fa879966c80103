import type { Product } from "../schema/api/products";
import { storeBrands, storeCategories } from "../schema/business";
import { expect, test } from "./fixtures";

// The browser tests' server is migrated and seeded by scripts/local-db.mjs, as `npm start` is.
test.describe("seeded store catalogue", () => {
  test("GET /api/products serves 24+ parts over every store category and brand", async ({ request }) => {
    const res = await request.get("/api/products");
    expect(res.status()).toBe(200);
    const products = (await res.json()) as Product[];
    expect(products.length).toBeGreaterThanOrEqual(24);
    for (const category of storeCategories.filter((c) => c !== "All")) {
      expect(
        products.some((p) => p.category === category),
        `a product in ${category}`,
      ).toBe(true);
    }
    for (const brand of storeBrands.filter((b) => b !== "All")) {
      expect(
        products.some((p) => p.brand === brand),
        `a product by ${brand}`,
      ).toBe(true);
    }
    expect(products.filter((p) => !p.inStock).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.condition === "Used").length).toBeGreaterThanOrEqual(3);
  });

  test("every product image answers 200 as an SVG", async ({ request }) => {
    const products = (await (await request.get("/api/products")).json()) as Product[];
    // A product added by a price-list import has no image until the owner uploads one (the store shows its placeholder).
    const images = [...new Set(products.map((p) => p.image).filter((image) => image !== ""))];
    expect(images.length).toBeGreaterThanOrEqual(24);
    for (const image of images) {
      const res = await request.get(image);
      expect(res.status(), image).toBe(200);
      expect(res.headers()["content-type"], image).toMatch(/^image\/svg\+xml/);
      expect(await res.text(), image).toContain("<title");
    }
  });
});
