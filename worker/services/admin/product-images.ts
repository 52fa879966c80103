import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { IMMUTABLE_CACHE, PRODUCT_IMAGE_NAME, PRODUCT_IMAGE_PREFIX } from "./uploads";

/**
 * An uploaded product image as a response: the body with Content-Type, ETag and a year of
 * immutable caching, or 304 when the browser already holds this version (If-None-Match).
 */
export async function serveProductImage(env: AppEnv, name: string, requestHeaders: Headers): Promise<Response> {
  // Only names this Worker issues: no slashes, no dots but the extension, so no traversal.
  if (!PRODUCT_IMAGE_NAME.test(name)) throw notFound("Image");
  // Only the cache validators: a failed If-Match would otherwise also come back bodiless, as a 304.
  const onlyIf = new Headers();
  for (const header of ["If-None-Match", "If-Modified-Since"]) {
    const value = requestHeaders.get(header);
    if (value) onlyIf.set(header, value);
  }
  const object = await env.IMAGES.get(PRODUCT_IMAGE_PREFIX + name, { onlyIf });
  if (!object) throw notFound("Image");
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
}
