import { useMemo } from "react";
import { adminPage } from "../../lib/admin/admin-api";
import type { ListPage } from "../../lib/api";
import { useLoadMore } from "../use-load-more";

/** How many rows an admin list asks for at a time (a phone screen shows about five). */
export const ADMIN_PAGE_SIZE = 30;

/**
 * An admin list read a page at a time from `path` with its filters (`q`, a tab…): the rows so
 * far, the full count, the tab counts, and `loadMore` for the next page as the owner scrolls.
 * A 401 ends the session (adminPage).
 * `pageSize` is for a screen that works out figures from the rows themselves (the subscribers' tiles).
 */
export function useAdminList<T, Tabs = Record<string, number>>(
  path: string,
  filters: Record<string, string | number | undefined>,
  { pageSize = ADMIN_PAGE_SIZE }: { pageSize?: number } = {},
) {
  const query = useMemo(() => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
    return params.toString();
  }, [filters]);
  return useLoadMore<T, Tabs>(
    (index: number, previous: ListPage<T, Tabs> | null) => {
      if (previous && previous.items.length < pageSize) return null;
      return `${path}?${query}${query ? "&" : ""}limit=${pageSize}&offset=${index * pageSize}`;
    },
    (url: string) => adminPage<T, Tabs>(url),
  );
}
