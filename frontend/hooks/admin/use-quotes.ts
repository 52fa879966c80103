import type { AdminQuote, QuoteCounts, QuotesChanged } from "../../../schema/api/quotes";
import { adminApi, adminPage } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminList } from "./use-admin-list";

export const QUOTES_PATH = "/api/admin/quotes";

export type QuoteState = "new" | "pending" | "replied";

/** Quote states: new (isRead not 'true') → pending (read, no repliedAt) → replied (repliedAt set). */
export function quoteState(quote: AdminQuote): QuoteState {
  if (quote.repliedAt) return "replied";
  return quote.isRead === "true" ? "pending" : "new";
}

/** The largest page the API gives (adminListQuerySchema). */
const WHOLE_PAGE = 500;

/** Every quote in one state, page after page: the whole list "Reply to All Pending" must show. */
async function allQuotesIn(state: "new" | "pending"): Promise<AdminQuote[]> {
  const quotes: AdminQuote[] = [];
  for (;;) {
    const page = await adminPage<AdminQuote>(`${QUOTES_PATH}?state=${state}&limit=${WHOLE_PAGE}&offset=${quotes.length}`);
    quotes.push(...page.items);
    if (page.items.length === 0 || quotes.length >= page.total) return quotes;
  }
}

/** Everyone still waiting for an answer (new or pending), newest first. */
export async function unrepliedQuotes(): Promise<{ replyable: AdminQuote[]; urgent: number }> {
  const [fresh, pending] = await Promise.all([allQuotesIn("new"), allQuotesIn("pending")]);
  const waiting = [...fresh, ...pending].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // An urgent request is called, not sent a bulk e-mail (the Worker refuses it too).
  const replyable = waiting.filter((q) => !q.urgentReason);
  return { replyable, urgent: waiting.length - replyable.length };
}

/** The API takes this many ids a call (quoteIdsSchema); a longer list goes in several. */
const IDS_PER_CALL = 500;

async function inChunks(ids: number[], call: (chunk: number[]) => Promise<QuotesChanged>): Promise<QuotesChanged> {
  const changed: number[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL)
    changed.push(...(await call(ids.slice(start, start + IDS_PER_CALL))).ids);
  return { ids: changed };
}

/**
 * "Reply to All Pending", once the owner says the e-mail went. Not retried: the answer names the
 * quotes this call changed, which is what Undo puts back, and a retry after a lost answer would name none.
 */
export const markQuotesReplied = (ids: number[]) =>
  inChunks(ids, (chunk) => adminApi<QuotesChanged>(`${QUOTES_PATH}/replied`, { json: { ids: chunk } }));

/** The Undo: those quotes go back to pending. Only quotes still replied change, so a retry is harmless. */
export const markQuotesUnreplied = (ids: number[]) =>
  inChunks(ids, (chunk) => adminChange<QuotesChanged>("POST", `${QUOTES_PATH}/unreplied`, { ids: chunk }));

/** Quotes newest first, searched and filtered by state on the server, with each state's count. */
export function useAdminQuotes(filters: { q: string; state: QuoteState | "" }) {
  const list = useAdminList<AdminQuote, QuoteCounts>(QUOTES_PATH, filters);
  return {
    ...list,
    markRead: (id: number) => adminChange<AdminQuote>("PATCH", `${QUOTES_PATH}/${id}/read`),
    markReplied: (id: number) => adminChange<AdminQuote>("PATCH", `${QUOTES_PATH}/${id}/replied`),
    saveNotes: (id: number, notes: string) => adminChange<AdminQuote>("PATCH", `${QUOTES_PATH}/${id}/notes`, { notes }),
    remove: (id: number) => adminChange("DELETE", `${QUOTES_PATH}/${id}`),
  };
}
