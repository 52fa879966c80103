import { Hono } from "hono";
import { catalogueQuerySchema, isWholeCatalogue } from "../../schema/api/catalogue";
import { settings } from "../../schema/settings";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { listAnswer } from "../lib/list-answer";
import { validate } from "../lib/validate";
import { cachedCatalogue, keepCatalogue } from "../services/shop/catalogue-cache";
import { listProducts, toApiProduct } from "../services/shop/products";

/** Browsers may keep the list briefly too: a visitor's repeat loads stay cheap. */
const BROWSER_CACHE = "public, max-age=30, stale-while-revalidate=300";

/**
 * GET /api/products: the store's catalogue, newest first, with the full count in X-Total-Count.
 * The plain first page comes from the data centre's cache when it has a fresh copy (every product
 * or stock write deletes it); a search, a filter or a later page from D1.
 */
const app = new Hono<HonoEnv>().get("/", validate("query", catalogueQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const firstPage = isWholeCatalogue(query);
  if (firstPage) {
    const cached = await cachedCatalogue();
    if (cached) {
      return new Response(cached.body, {
        headers: {
          "Content-Type": "application/json",
          "X-Total-Count": cached.headers.get("X-Total-Count") ?? "",
          "Cache-Control": BROWSER_CACHE,
        },
      });
    }
  }
  const { items, total } = await listProducts(
    getDb(c.env),
    firstPage ? { ...query, limit: settings.catalogue.firstPage } : query,
  );
  c.header("Cache-Control", BROWSER_CACHE);
  const answer = listAnswer(c, { items: items.map(toApiProduct), total });
  if (firstPage) c.executionCtx.waitUntil(keepCatalogue(answer.clone()));
  return answer;
});

export default app;
