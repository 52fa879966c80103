import type { AdminEnquiry, EnquiriesChanged, EnquiryCounts } from "../../../schema/api/enquiries";
import { adminApi, adminPage } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminList } from "./use-admin-list";

export const ENQUIRIES_PATH = "/api/admin/quotes";

export type EnquiryState = "new" | "pending" | "replied";

/** Quote states: new (isRead not 'true') → pending (read, no repliedAt) → replied (repliedAt set). */
export function enquiryState(enquiry: AdminEnquiry): EnquiryState {
  if (enquiry.repliedAt) return "replied";
  return enquiry.isRead === "true" ? "pending" : "new";
}

/** The largest page the API gives (adminListQuerySchema). */
const WHOLE_PAGE = 500;

/** Every quote in one state, page after page: the whole list "Reply to All Pending" must show. */
async function allEnquiriesIn(state: "new" | "pending"): Promise<AdminEnquiry[]> {
  const enquiries: AdminEnquiry[] = [];
  for (;;) {
    const page = await adminPage<AdminEnquiry>(`${ENQUIRIES_PATH}?state=${state}&limit=${WHOLE_PAGE}&offset=${enquiries.length}`);
    enquiries.push(...page.items);
    if (page.items.length === 0 || enquiries.length >= page.total) return enquiries;
  }
}

/** Everyone still waiting for an answer (new or pending), newest first. */
export async function unrepliedEnquiries(): Promise<{ replyable: AdminEnquiry[]; urgent: number }> {
  const [fresh, pending] = await Promise.all([allEnquiriesIn("new"), allEnquiriesIn("pending")]);
  const waiting = [...fresh, ...pending].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // An urgent request is called, not sent a bulk e-mail (the Worker refuses it too).
  const replyable = waiting.filter((q) => !q.urgentReason);
  return { replyable, urgent: waiting.length - replyable.length };
}

/** The API takes this many ids a call (quoteIdsSchema); a longer list goes in several. */
const IDS_PER_CALL = 500;

async function inChunks(ids: number[], call: (chunk: number[]) => Promise<EnquiriesChanged>): Promise<EnquiriesChanged> {
  const changed: number[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL)
    changed.push(...(await call(ids.slice(start, start + IDS_PER_CALL))).ids);
  return { ids: changed };
}

/**
 * "Reply to All Pending", once the owner says the e-mail went. Not retried: the answer names the
 * quotes this call changed, which is what Undo puts back, and a retry after a lost answer would name none.
 */
export const markEnquiriesReplied = (ids: number[]) =>
  inChunks(ids, (chunk) => adminApi<EnquiriesChanged>(`${ENQUIRIES_PATH}/replied`, { json: { ids: chunk } }));

/** The Undo: those quotes go back to pending. Only quotes still replied change, so a retry is harmless. */
export const markEnquiriesUnreplied = (ids: number[]) =>
  inChunks(ids, (chunk) => adminChange<EnquiriesChanged>("POST", `${ENQUIRIES_PATH}/unreplied`, { ids: chunk }));

/** Quotes newest first, searched and filtered by state on the server, with each state's count. */
export function useAdminEnquiries(filters: { q: string; state: EnquiryState | "" }) {
  const list = useAdminList<AdminEnquiry, EnquiryCounts>(ENQUIRIES_PATH, filters);
  return {
    ...list,
    markRead: (id: number) => adminChange<AdminEnquiry>("PATCH", `${ENQUIRIES_PATH}/${id}/read`),
    markReplied: (id: number) => adminChange<AdminEnquiry>("PATCH", `${ENQUIRIES_PATH}/${id}/replied`),
    saveNotes: (id: number, notes: string) => adminChange<AdminEnquiry>("PATCH", `${ENQUIRIES_PATH}/${id}/notes`, { notes }),
    remove: (id: number) => adminChange("DELETE", `${ENQUIRIES_PATH}/${id}`),
  };
}
