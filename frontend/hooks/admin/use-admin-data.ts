import useSWR from "swr";
import { adminApi } from "./admin-api";

/**
 * An admin read: the URL is the SWR key and the fetch goes through `adminApi`, so a 401 ends the
 * session wherever it happens. `headers` is for reads that must skip the browser's HTTP cache.
 */
export function useAdminData<T>(path: string, headers?: Record<string, string>) {
  const { data, error, isLoading, mutate } = useSWR<T, Error>(path, (url: string) => adminApi<T>(url, { headers }));
  return { data, error, isLoading, refresh: () => mutate() };
}
