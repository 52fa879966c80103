import { useCallback, useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import type { OutboxPage } from "../../../schema/api/campaigns";
import type { TemplateSample } from "../../../schema/api/mail-templates";
import { adminApi } from "../../lib/admin/admin-api";
import { useAdminData } from "./use-admin-data";

export const OUTBOX_PATH = "/api/admin/outbox";
const PAGE_SIZE = 20;

/**
 * The outbox newest first, a page at a time. The API pages by a cursor (`before`: the smallest id
 * of the page before), so mail arriving meanwhile never shifts a row onto the next page twice.
 */
export function useOutbox() {
  const key = (index: number, previous: OutboxPage | null) => {
    if (index === 0) return `${OUTBOX_PATH}?limit=${PAGE_SIZE}`;
    if (!previous?.nextBefore) return null;
    return `${OUTBOX_PATH}?limit=${PAGE_SIZE}&before=${previous.nextBefore}`;
  };
  const { data, error, isValidating, size, setSize, mutate } = useSWRInfinite<OutboxPage, Error>(key, (url: string) =>
    adminApi<OutboxPage>(url),
  );
  const items = useMemo(() => data?.flatMap((page) => page.items), [data]);
  const hasMore = Boolean(data?.at(-1)?.nextBefore);
  const loadMore = useCallback(() => {
    if (hasMore && !isValidating) void setSize(size + 1);
  }, [hasMore, isValidating, setSize, size]);
  return {
    items,
    error,
    hasMore,
    loadingMore: isValidating && size > (data?.length ?? 0),
    refreshing: isValidating,
    loadMore,
    refresh: () => mutate(),
  };
}

/** Every template with sample details (read when the Templates tab opens). */
export const useMailTemplates = () => useAdminData<TemplateSample[]>(`${OUTBOX_PATH}/templates`);
