import { Button, Flex } from "@radix-ui/themes";
import { useEffect, useRef } from "react";

/**
 * The end of an admin list: the next page loads when this comes near the screen as the owner
 * scrolls, and the button does the same for keyboards and for a screen tall enough to show it all.
 */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  shown,
  total,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  shown: number;
  total: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, onMore]);
  if (total === 0) return null;
  return (
    <Flex ref={sentinel} direction="column" align="center" gap="2" py="4" className="admin-load-more">
      <span className="admin-muted" aria-live="polite">
        Showing {shown} of {total}
      </span>
      {hasMore ? (
        <Button variant="soft" onClick={onMore} disabled={loading}>
          {loading ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </Flex>
  );
}
