import { startTransition, useCallback, useEffect, useState } from "react";

/**
 * Renders a long list a page at a time: the first `pageSize` items at once, and the next page
 * whenever the element given to `sentinelRef` (placed after the list) comes within `ahead` pixels
 * of the viewport, so the visitor scrolling down never sees the end arrive.
 *
 * Every rendered card costs on a phone: React renders and hydrates it, and each full style
 * recalculation (a dialog opening, the deferred stylesheet applying) visits all of its elements.
 * Thirty-odd cards made those recalculations three times dearer than the dozen a screen needs.
 */
export function usePagedList<T>(items: readonly T[], pageSize: number, ahead = 1200) {
  const [count, setCount] = useState(pageSize);
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const hasMore = items.length > count;

  const total = items.length;
  useEffect(() => {
    if (!sentinel || total <= count) return;
    // A new observer per page: its first report says whether the sentinel is still near (a tall
    // screen can show a whole page), which an observer that saw no change would never repeat.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setCount((n) => n + pageSize));
      },
      { rootMargin: `${ahead}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, total, count, pageSize, ahead]);

  return {
    shown: hasMore ? items.slice(0, count) : items,
    hasMore,
    sentinelRef: useCallback((element: Element | null) => setSentinel(element), []),
  };
}
