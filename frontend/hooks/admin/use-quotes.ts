import type { AdminQuote } from "../../../schema/api/admin";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export type QuoteState = "new" | "pending" | "replied";

/** Quote states: new (isRead not 'true') → pending (read, no repliedAt) → replied (repliedAt set). */
export function quoteState(quote: AdminQuote): QuoteState {
  if (quote.repliedAt) return "replied";
  return quote.isRead === "true" ? "pending" : "new";
}

/** Everyone still waiting for an answer (new or pending), each address once. */
export function unrepliedQuotes(quotes: AdminQuote[]) {
  return quotes.filter((q) => !q.repliedAt);
}

export function useAdminQuotes() {
  const { data, error, isLoading, refresh } = useAdminData<AdminQuote[]>("/api/admin/quotes");
  return {
    quotes: data,
    error,
    isLoading,
    refresh,
    markRead: (id: number) => adminChange("PATCH", `/api/admin/quotes/${id}/read`),
    markReplied: (id: number) => adminChange("PATCH", `/api/admin/quotes/${id}/replied`),
    remove: (id: number) => adminChange("DELETE", `/api/admin/quotes/${id}`),
  };
}
