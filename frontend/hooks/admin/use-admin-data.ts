import useSWR from "swr";
import { adminApi } from "../../lib/admin/admin-api";

/**
 * An admin read: the URL is the SWR key and the fetch goes through `adminApi`, so a 401 ends the
 * session wherever it happens.
 */
export function useAdminData<T>(path: string) {
  const { data, error, isLoading, mutate } = useSWR<T, Error>(path, (url: string) => adminApi<T>(url));
  return { data, error, isLoading, refresh: () => mutate() };
}
