import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";

export const PRODUCT_IMAGE_PREFIX = "product-images/";
export const PUBLIC_PRODUCT_IMAGE_PATH = "/public-objects/product-images/";
/** Object names this Worker hands out and serves: a random id and a lowercase extension. */
export const PRODUCT_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpg|png|gif|webp|avif)$/;

/** Uploaded images are served with a year of immutable caching, so a name is never reused. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * An uploaded product image from R2: the object with its body, or without one when the browser's
 * validators (If-None-Match, If-Modified-Since) show it already holds this version.
 */
export async function getProductImage(
  env: AppEnv,
  name: string,
  validators: { ifNoneMatch?: string; ifModifiedSince?: string },
): Promise<R2Object | R2ObjectBody> {
  // Only names this Worker issues: no slashes, no dots but the extension, so no traversal.
  if (!PRODUCT_IMAGE_NAME.test(name)) throw notFound("Image");
  // Only the cache validators: a failed If-Match would otherwise also come back bodiless, as a 304.
  const onlyIf = new Headers();
  if (validators.ifNoneMatch) onlyIf.set("If-None-Match", validators.ifNoneMatch);
  if (validators.ifModifiedSince) onlyIf.set("If-Modified-Since", validators.ifModifiedSince);
  const object = await env.IMAGES.get(PRODUCT_IMAGE_PREFIX + name, { onlyIf });
  if (!object) throw notFound("Image");
  return object;
}
