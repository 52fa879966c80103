import { useCallback, useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import type { ListPage } from "../lib/api";

/**
 * The one load-more hook: a list read a page at a time (the API's one list contract: an array, the
 * full count in X-Total-Count, tab counts in X-Tab-Counts). `keyOf` names each page's URL (null:
 * no more); changing it starts again from the first page, the rows found before staying on screen
 * (`updating`) until the new ones come. A row that a write shifted onto the next page is shown once.
 */
export function useLoadMore<T, Tabs = Record<string, number>, P extends ListPage<T, Tabs> = ListPage<T, Tabs>>(
  keyOf: (index: number, previous: P | null) => string | null,
  fetchPage: (url: string) => Promise<P>,
) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<P, Error>(keyOf, fetchPage, {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  const items = useMemo(() => {
    if (!data) return undefined;
    const seen = new Set<unknown>();
    return data
      .flatMap((page) => page.items)
      .filter((item) => {
        const id = (item as { id?: unknown }).id;
        if (id === undefined) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
  }, [data]);
  const total = data?.[0]?.total ?? 0;
  const hasMore = items !== undefined && items.length < total && (data?.at(-1)?.items.length ?? 0) > 0;
  const loadMore = useCallback(() => {
    if (hasMore && !isValidating) void setSize(size + 1);
  }, [hasMore, isValidating, setSize, size]);
  return {
    pages: data,
    items,
    total,
    tabs: data?.[0]?.tabs ?? null,
    error,
    isLoading,
    hasMore,
    loadingMore: isValidating && size > (data?.length ?? 0),
    refreshing: isValidating,
    /** The rows shown are the previous search's or tab's, while this one's first page loads. */
    updating: isLoading && data !== undefined,
    loadMore,
    refresh: () => mutate(),
  };
}
