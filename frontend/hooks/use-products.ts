import useSWR from "swr";
import type { Product } from "../../schema/api/products";

/** The store catalogue (GET /api/products). */
export function useProducts() {
  const { data, error, isLoading, mutate } = useSWR<Product[]>("/api/products");
  return { products: data, error: error as Error | undefined, isLoading, retry: () => mutate() };
}
