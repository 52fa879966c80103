import { Hono } from "hono";
import type { HonoEnv } from "../env";
import { getProductImage, IMMUTABLE_CACHE } from "../services/shop/product-images";

/**
 * Uploaded product images: the bytes with their type, ETag and a year of immutable caching, or a
 * 304 when the browser already holds this version.
 */
const app = new Hono<HonoEnv>().get("/product-images/:name", async (c) => {
  const object = await getProductImage(c.env, c.req.param("name"), {
    ifNoneMatch: c.req.header("If-None-Match"),
    ifModifiedSince: c.req.header("If-Modified-Since"),
  });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE_CACHE);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});

export default app;
