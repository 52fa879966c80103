import { Hono } from "hono";
import { catalogueQuerySchema, isWholeCatalogue } from "../../schema/api/catalogue";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { cachedCatalogue, keepCatalogue } from "../services/catalogue-cache";
import { listProducts, toApiProduct } from "../services/products";

/**
 * GET /api/products: the store's catalogue. The whole list comes from the data centre's cache when
 * it has a fresh copy (every product or stock write deletes it); a search or a page from D1.
 * Browsers may keep it briefly too: a visitor's repeat loads stay cheap.
 */
const app = new Hono<HonoEnv>().get("/", validate("query", catalogueQuerySchema), async (c) => {
  const query = c.req.valid("query");
  c.header("Cache-Control", "public, max-age=30, stale-while-revalidate=300");
  if (isWholeCatalogue(query)) {
    const cached = await cachedCatalogue();
    if (cached) return c.body(await cached.text(), 200, { "Content-Type": "application/json" });
  }
  const { rows, total } = await listProducts(getDb(c.env), query);
  const body = JSON.stringify(rows.map(toApiProduct));
  if (isWholeCatalogue(query)) c.executionCtx.waitUntil(keepCatalogue(body));
  else c.header("X-Total-Count", String(total));
  return c.body(body, 200, { "Content-Type": "application/json" });
});

export default app;
