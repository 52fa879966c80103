import { useDeferredValue, useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import type { Product } from "../../schema/api/products";
import { CATALOGUE_KEY, type CataloguePage, fetchCataloguePage } from "../lib/catalogue";
import { useLoadMore } from "./use-load-more";
import { filterProducts, type StoreFilters } from "./use-store-filters";

/** Products asked for per request once the store searches and pages on the server. */
const SERVER_PAGE_SIZE = 48;
/** A search typed into a large shop is sent once the visitor pauses, not on every keystroke. */
const SEARCH_DELAY_MS = 300;

/** The filters as the API takes them (an empty string when there are none). */
function serverQuery({ q, category, brand }: StoreFilters): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category !== "All") params.set("category", category);
  if (brand !== "All") params.set("brand", brand);
  return params.toString();
}

/**
 * The search to send to the server: as typed, once the visitor pauses. A search that did not come
 * from typing (the one in the address when the page has just hydrated, or when the store has just
 * found it must search on the server) is taken at once: `since` names that moment.
 */
function useSettledSearch(typed: string, since: string, active: boolean): string {
  const [settled, setSettled] = useState({ value: typed, since });
  if (settled.since !== since) setSettled({ value: typed, since });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSettled((s) => (s.value === typed ? s : { ...s, value: typed })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, active]);
  return settled.since === since ? settled.value : typed;
}

/**
 * The store's products for the current filters. When the first answer held the whole catalogue
 * (its count says so), filtering happens here, instantly. Otherwise the catalogue is too large to
 * hold: search and filters go to the server, and further pages are read as the visitor scrolls
 * (`loadMore`), the unfiltered list continuing where the first answer stopped.
 *
 * `products` are the matches read so far, `matches` how many there are in all, `total` the size of
 * the catalogue.
 */
export function useCatalogue(filters: StoreFilters, hydrated: boolean) {
  const first = useSWR<CataloguePage>(CATALOGUE_KEY, fetchCataloguePage);
  // The catalogue's arrival renders a dozen cards; as a deferred value React renders them in short
  // slices between which the page stays responsive, instead of in one long task.
  const firstPage = useDeferredValue(first.data);
  const whole = firstPage ? firstPage.total <= firstPage.items.length : null;

  // Choosing a category or brand is sent at once; only typing waits.
  const typed = filters.q.trim();
  const settled = useSettledSearch(typed, `${hydrated}|${whole}`, whole === false);
  const query = whole === false ? serverQuery({ ...filters, q: settled }) : null;

  const server = useLoadMore<Product, Record<string, number>, CataloguePage>((index, previous) => {
    if (query === null) return null;
    if (previous && (previous.end >= previous.total || previous.items.length === 0)) return null;
    const offset = previous?.end ?? 0;
    // Unfiltered, the first answer is the first page (already here, not asked for again).
    if (query === "" && index === 0) return CATALOGUE_KEY;
    return `${CATALOGUE_KEY}?${query}${query ? "&" : ""}limit=${SERVER_PAGE_SIZE}&offset=${offset}`;
  }, fetchCataloguePage);

  const local = useMemo(
    () => (whole && firstPage ? filterProducts(firstPage.items, filters) : null),
    [whole, firstPage, filters],
  );
  // A product added while the visitor scrolls shifts later pages by one: the hook shows each once.
  const fromServer = server.items ?? null;

  const products = whole ? local : fromServer;
  const matches = whole ? (local?.length ?? 0) : server.total;
  const loadMore = server.loadMore;

  return {
    /** Null until the first answer (or, on a large shop, the first page of a new search) is in. */
    products,
    matches,
    total: firstPage?.total ?? 0,
    /** The catalogue could not be read at all. */
    error: (first.error ?? (products === null ? server.error : undefined)) as Error | undefined,
    /** A further page could not be read; the products read so far stay. */
    moreFailed: Boolean(server.error) && products !== null,
    /** A new search or filter is being answered (the previous results are still shown). */
    searching: whole === false && (server.isLoading || typed !== settled),
    loadMore,
    retry: () => {
      if (first.error || !first.data) void first.mutate();
      else void server.refresh();
    },
  };
}
