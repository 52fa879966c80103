import { withWriteRetry } from "../swr-config";
import { adminApi } from "./admin-api";

type Method = "PATCH" | "DELETE" | "POST";

/**
 * An idempotent admin change (PATCH, DELETE, retry-style POST): retried twice on network and
 * server errors. Creating calls (a product, a campaign) must not use this,
 * since a retry after a lost answer would create a second one.
 */
export function adminChange<T = unknown>(method: Method, path: string, json?: unknown): Promise<T> {
  return withWriteRetry(() => adminApi<T>(path, { method, json }));
}
