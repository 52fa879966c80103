import { env } from "cloudflare:workers";
import { products } from "../../schema/db";
import { getDb } from "../../worker/db/client";
import { forgetCatalogue } from "../../worker/services/shop/catalogue-cache";

let counter = 0;

/**
 * Inserts a product with sensible defaults; each test seeds its own rows. Like every product write
 * in the Worker, it drops the cached catalogue, so GET /api/products shows it at once.
 */
export async function createProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  counter += 1;
  const [row] = await getDb(env)
    .insert(products)
    .values({
      name: `Test Part ${counter}`,
      description: "A part made for a test",
      pricePence: 4599,
      image: "/images/parts/test.svg",
      brand: "Vaillant",
      category: "Gas Valves",
      condition: "New",
      inStock: true,
      ...overrides,
    })
    .returning();
  await forgetCatalogue();
  return row!;
}
