import { settings } from "../../../schema/settings";

/**
 * The catalogue's first page as the store reads it, kept for a few seconds in the Workers Cache
 * API of the data centre that served it. The key is fixed, not the request's URL, so every write
 * path (an admin edit, an order, the cron) can delete it without knowing the host the store was read on.
 */
const CATALOGUE_KEY = "https://catalogue.heating-company.internal/api/products";

export function cachedCatalogue(): Promise<Response | undefined> {
  return caches.default.match(CATALOGUE_KEY);
}

/** Keeps a copy of the catalogue answer, with its total count (after the response, through waitUntil). */
export function keepCatalogue(answer: Response): Promise<void> {
  const headers = new Headers({
    "Content-Type": "application/json",
    "X-Total-Count": answer.headers.get("X-Total-Count") ?? "",
    "Cache-Control": `public, max-age=${settings.catalogue.cacheSeconds}`,
  });
  return caches.default.put(CATALOGUE_KEY, new Response(answer.body, { headers }));
}

/** Called by every product or stock write: the next read comes from D1. */
export async function forgetCatalogue(): Promise<void> {
  await caches.default.delete(CATALOGUE_KEY);
}
