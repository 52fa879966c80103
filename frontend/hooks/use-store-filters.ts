import { useSearchParams } from "wouter";
import type { Product } from "../../schema/api/products";
import { storeBrands, storeCategories } from "../../schema/business";
import { useHydrated } from "./use-hydrated";

export type StoreFilters = { q: string; category: string; brand: string };

const ALL = "All";
const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : ALL);

/**
 * The store's search and filters live in the URL (?q=&category=&brand=) so a filtered view can be
 * shared and survives a reload. The prerendered page knows no query, so until hydration is over the
 * defaults are used.
 */
export function useStoreFilters() {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const filters: StoreFilters = hydrated
    ? {
        q: params.get("q") ?? "",
        category: pick(params.get("category"), storeCategories),
        brand: pick(params.get("brand"), storeBrands),
      }
    : { q: "", category: ALL, brand: ALL };

  function setFilter(name: keyof StoreFilters, value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "" || value === ALL) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });
  const isFiltered = filters.q.trim() !== "" || filters.category !== ALL || filters.brand !== ALL;
  return { filters, setFilter, clearFilters, isFiltered, hydrated };
}

/** Search matches the name or the description, case-insensitively. */
export function filterProducts(products: Product[], { q, category, brand }: StoreFilters): Product[] {
  const needle = q.trim().toLowerCase();
  return products.filter(
    (p) =>
      (category === ALL || p.category === category) &&
      (brand === ALL || p.brand === brand) &&
      (needle === "" || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)),
  );
}
