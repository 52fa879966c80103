import { mutate } from "swr";
import type { Product } from "../../schema/api/products";
import { apiPage, type ListPage } from "./api";

/**
 * The catalogue's first answer: GET /api/products without a query, preloaded with the store page
 * (entry-server.tsx), so this exact URL must stay the app's first request for it. It holds the
 * newest products (the whole catalogue of a shop this size) and the full count.
 */
export const CATALOGUE_KEY = "/api/products";

/** One answer of the catalogue, and where it ends in the whole list (the offset of the next page). */
export type CataloguePage = ListPage<Product> & { end: number };

export async function fetchCataloguePage(url: string, fresh = false): Promise<CataloguePage> {
  const page = await apiPage<Product>(url, fresh ? { headers: { "Cache-Control": "no-cache" } } : {});
  const offset = Number(new URL(url, "http://store").searchParams.get("offset") ?? 0);
  return { ...page, end: offset + page.items.length };
}

/**
 * Reads the catalogue again past the browser's copy (the API lets browsers keep it 30 s), once the
 * visitor's own order or a refusal showed that stock has moved: the store then shows what is left,
 * and the fresh answer replaces the browser's copy for the next visit too. Kept apart from the
 * store's hook so the cart, which every page loads, can call it without the store's paging code.
 */
export function refreshCatalogue(): void {
  mutate(CATALOGUE_KEY, fetchCataloguePage(CATALOGUE_KEY, true), { revalidate: false }).catch(() => undefined);
}
