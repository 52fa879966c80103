import { useCallback, useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import { adminPage } from "../../lib/admin/admin-api";
import type { ListPage } from "../../lib/api";

/** How many rows an admin list asks for at a time (a phone screen shows about five). */
export const ADMIN_PAGE_SIZE = 30;

/**
 * An admin list read a page at a time from `path` with its filters (`q`, a tab…): the rows so
 * far, the full count, the tab counts, and `loadMore` for the next page as the owner scrolls.
 * Changing a filter starts again from the first page, the rows found before staying on screen
 * (marked `updating`) until the new ones come, so typing a search never flashes an empty list.
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
  const key = (index: number, previous: ListPage<T, Tabs> | null) => {
    if (previous && previous.items.length < pageSize) return null;
    return `${path}?${query}${query ? "&" : ""}limit=${pageSize}&offset=${index * pageSize}`;
  };
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<ListPage<T, Tabs>, Error>(
    key,
    (url: string) => adminPage<T, Tabs>(url),
    { revalidateFirstPage: false, keepPreviousData: true },
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
    /** The rows shown are the previous search's or tab's, while this one's first page loads. */
    updating: isLoading && data !== undefined,
    loadMore,
    refresh: () => mutate(),
  };
}
