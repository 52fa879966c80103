import { startTransition, useCallback, useEffect, useState } from "react";

type Options = {
  /** How many items exist in all when `items` holds only those read so far (a list paged on the server). */
  total?: number;
  /** Reads the next items; called when the rendered ones are about to run out and `total` says more exist. */
  loadMore?: () => void;
  /** A new list (another search): rendering starts again with the first page. */
  resetKey?: string;
  /** How far below the viewport the sentinel starts the next page, in pixels. */
  ahead?: number;
};

/**
 * Renders a long list a page at a time: the first `pageSize` items at once, and the next page
 * whenever the element given to `sentinelRef` (placed after the list) comes within `ahead` pixels
 * of the viewport, so the visitor scrolling down never sees the end arrive. When the list is read
 * from the server in pages, `loadMore` is asked for the next one as the rendered items reach the
 * end of those read so far.
 *
 * Every rendered card costs on a phone: React renders and hydrates it, and each full style
 * recalculation (a dialog opening, the deferred stylesheet applying) visits all of its elements.
 * Thirty-odd cards made those recalculations three times dearer than the dozen a screen needs.
 */
export function usePagedList<T>(items: readonly T[], pageSize: number, options: Options = {}) {
  const { total = items.length, loadMore, resetKey = "", ahead = 1200 } = options;
  const [paging, setPaging] = useState({ count: pageSize, resetKey });
  // Adjusted while rendering (not in an effect), so a new search never renders the old count first.
  if (paging.resetKey !== resetKey) setPaging({ count: pageSize, resetKey });
  const count = paging.resetKey === resetKey ? paging.count : pageSize;
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const loaded = items.length;
  const hasMore = loaded > count || total > loaded;

  useEffect(() => {
    if (!sentinel || !hasMore) return;
    // A new observer per page (and per arrival of items): its first report says whether the
    // sentinel is still near (a tall screen can show a whole page), which an observer that saw no
    // change would never repeat.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (count + pageSize >= loaded && total > loaded) loadMore?.();
        if (loaded > count) startTransition(() => setPaging((p) => ({ ...p, count: p.count + pageSize })));
      },
      { rootMargin: `${ahead}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasMore, loaded, total, count, pageSize, ahead, loadMore]);

  return {
    shown: loaded > count ? items.slice(0, count) : items,
    hasMore,
    // As a transition: the sentinel mounts in the commit that first shows the list, and a plain
    // state update there would render the whole list again at once, before the browser paints (a
    // long task of some 250 ms on Lighthouse's phone as the catalogue arrived; npm run trace).
    sentinelRef: useCallback((element: Element | null) => startTransition(() => setSentinel(element)), []),
  };
}
