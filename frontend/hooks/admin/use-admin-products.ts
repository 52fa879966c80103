import type { ProductFormInput } from "../../../schema/api/admin";
import type { Product } from "../../../schema/api/products";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

/**
 * The catalogue and its admin changes. The admin list is the public list uncached, so the owner
 * sees exactly what visitors see, including a create or delete the moment it happens.
 */
export function useAdminProducts() {
  const { data, error, isLoading, refresh } = useAdminData<Product[]>("/api/admin/products");
  return {
    products: data,
    error,
    isLoading,
    refresh,
    // Not retried: a retry after a lost answer would add the product twice.
    create: (input: ProductFormInput) => adminApi<Product>("/api/admin/products", { json: input }),
    remove: (id: number) => adminChange("DELETE", `/api/admin/products/${id}`),
  };
}
