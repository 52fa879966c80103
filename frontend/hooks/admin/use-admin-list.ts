import { useCallback, useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import { adminPage } from "../../lib/admin/admin-api";
import type { ListPage } from "../../lib/api";

/** How many rows an admin list asks for at a time (a phone screen shows about five). */
export const ADMIN_PAGE_SIZE = 30;

/**
 * An admin list read a page at a time from `path` with its filters (`q`, a tab…): the rows so
 * far, the full count, the tab counts, and `loadMore` for the next page as the owner scrolls.
 * Changing a filter starts again from the first page. A 401 ends the session (adminPage).
 */
export function useAdminList<T, Tabs = Record<string, number>>(
  path: string,
  filters: Record<string, string | number | undefined>,
) {
  const query = useMemo(() => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
    return params.toString();
  }, [filters]);
  const key = (index: number, previous: ListPage<T, Tabs> | null) => {
    if (previous && previous.items.length < ADMIN_PAGE_SIZE) return null;
    return `${path}?${query}${query ? "&" : ""}limit=${ADMIN_PAGE_SIZE}&offset=${index * ADMIN_PAGE_SIZE}`;
  };
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<ListPage<T, Tabs>, Error>(
    key,
    (url: string) => adminPage<T, Tabs>(url),
    { revalidateFirstPage: false },
  );
  const items = useMemo(() => data?.flatMap((page) => page.items), [data]);
  const total = data?.[0]?.total ?? 0;
  const hasMore = items !== undefined && items.length < total;
  const loadMore = useCallback(() => {
    if (hasMore && !isValidating) void setSize(size + 1);
  }, [hasMore, isValidating, setSize, size]);
  return {
    items,
    total,
    tabs: data?.[0]?.tabs ?? null,
    error,
    isLoading,
    hasMore,
    loadingMore: isValidating && size > (data?.length ?? 0),
    loadMore,
    refresh: () => mutate(),
  };
}
