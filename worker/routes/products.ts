import { Hono } from "hono";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { listProducts } from "../services/products";

const app = new Hono<HonoEnv>().get("/", async (c) => {
  // Short shared caching: the catalogue changes rarely and the admin sees its own changes at once
  // through its own fetch (SWR revalidates), while visitors' repeat loads stay cheap.
  c.header("Cache-Control", "public, max-age=30, stale-while-revalidate=300");
  return c.json(await listProducts(getDb(c.env)));
});

export default app;
