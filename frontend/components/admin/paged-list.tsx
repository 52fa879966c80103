import type { ReactNode } from "react";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "./admin-states";
import { LoadMore } from "./load-more";

/** What a screen's list hook (useAdminList) gives this component. */
type PagedRows<T> = {
  items: T[] | undefined;
  total: number;
  error: Error | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** The rows are the previous search's while this one loads (useAdminList keeps them on screen). */
  updating?: boolean;
  loadMore: () => void;
  refresh: () => unknown;
};

/**
 * The body of a server-paged admin list: the spinner, the error with Try Again (nothing on a 401,
 * which has already sent the owner to log in), the empty message, or the rows and Load more.
 * While a new search loads, the previous rows stay, dimmed and marked busy, instead of a spinner.
 */
export function PagedList<T>({
  list,
  empty,
  loading,
  failed,
  children,
}: {
  list: PagedRows<T>;
  empty: string;
  loading: string;
  failed: string;
  children: (items: T[]) => ReactNode;
}) {
  const { items, total, error, hasMore, loadingMore, loadMore, refresh, updating = false } = list;
  if (items) {
    return (
      <div className={updating ? "admin-updating" : undefined} aria-busy={updating || undefined}>
        {/* The rows kept from before stay readable under the reason this search or reload failed. */}
        {error && !isUnauthorized(error) ? <ErrorState message={errorMessage(error, failed)} onRetry={refresh} /> : null}
        {items.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <>
            {children(items)}
            <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={items.length} total={total} />
          </>
        )}
      </div>
    );
  }
  if (error) return isUnauthorized(error) ? null : <ErrorState message={errorMessage(error, failed)} onRetry={refresh} />;
  return <LoadingState label={loading} />;
}

type TabDef = { value: string; label: string; empty: string };

/**
 * The tabs of a screen whose one server-paged list is the open tab's (CountTabs' `tabs`): each tab
 * with its count, and only the open one rendering the list, its empty message naming the search.
 */
export function pagedTabs<T, D extends TabDef>({
  defs,
  current,
  list,
  counts,
  query,
  loading,
  failed,
  render,
}: {
  defs: readonly D[];
  current: string;
  list: PagedRows<T>;
  counts: Partial<Record<string, number>> | null | undefined;
  query: string;
  loading: string;
  failed: string;
  render: (items: T[], def: D) => ReactNode;
}) {
  return defs.map((def) => ({
    value: def.value,
    label: def.label,
    count: counts?.[def.value],
    content:
      def.value === current ? (
        <PagedList list={list} empty={query ? `${def.empty} matching "${query}"` : def.empty} loading={loading} failed={failed}>
          {(items) => render(items, def)}
        </PagedList>
      ) : null,
  }));
}
