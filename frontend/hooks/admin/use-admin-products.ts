import { mutate } from "swr";
import type {
  AdminProduct,
  ProductFormInput,
  ProductImportResult,
  ProductPatchInput,
  StockMovement,
} from "../../../schema/api/catalogue";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";
import { useAdminList } from "./use-admin-list";

export const PRODUCTS_PATH = "/api/admin/products";
export const PRODUCTS_EXPORT_PATH = `${PRODUCTS_PATH}/export.csv`;

/** What the products screen filters by; empty means "any". */
export type ProductFilters = { q: string; category: string; brand: string; lowStock: string };

const movementsPath = (id: number) => `${PRODUCTS_PATH}/${id}/stock-movements`;

/**
 * The server drops its cached catalogue on every product write, but the API lets browsers keep the
 * store's list (GET /api/products) for 30 s. After a change this browser reads it once past its
 * copy, which replaces the copy: the owner who looks at the store next sees the change.
 */
function refreshStoreCopy() {
  void fetch("/api/products", { cache: "reload", credentials: "include", headers: { Accept: "application/json" } }).catch(
    () => undefined,
  );
}

/** A write, then the store's copy refreshed once it succeeded. */
async function changingStore<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  refreshStoreCopy();
  return result;
}

/**
 * The catalogue as the owner works on it: searched and filtered on the server, a page at a time
 * (a shop of thousands of parts), with its changes. Every write drops the public catalogue's
 * cache on the server, so the store shows a change on its next load.
 */
export function useAdminProducts(filters: ProductFilters) {
  const list = useAdminList<AdminProduct>(PRODUCTS_PATH, filters);
  return {
    ...list,
    // Not retried: a retry after a lost answer would add the product twice.
    create: (input: ProductFormInput) => changingStore(adminApi<AdminProduct>(PRODUCTS_PATH, { json: input })),
    // Setting fields to given values is idempotent, so the write may be retried.
    update: async (id: number, changes: ProductPatchInput) => {
      const saved = await changingStore(adminChange<AdminProduct>("PATCH", `${PRODUCTS_PATH}/${id}`, changes));
      if (changes.stockQuantity !== undefined) void mutate(movementsPath(id));
      return saved;
    },
    remove: (id: number) => changingStore(adminChange("DELETE", `${PRODUCTS_PATH}/${id}`)),
    // Not retried: an import may create products, and a retry after a lost answer would create them twice.
    importCsv: async (csv: string, dryRun: boolean) => {
      const result = await adminApi<ProductImportResult>(`${PRODUCTS_PATH}/import${dryRun ? "?dryRun=1" : ""}`, {
        method: "POST",
        body: csv,
        headers: { "Content-Type": "text/csv" },
      });
      if (result.applied) refreshStoreCopy();
      return result;
    },
  };
}

/** A product's last 20 stock movements, newest first. */
export function useStockMovements(id: number) {
  const { data, error, isLoading, refresh } = useAdminData<StockMovement[]>(movementsPath(id));
  return { movements: data, error, isLoading, refresh };
}
