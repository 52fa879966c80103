import type { ChatConversation } from "../../../schema/api/chat";
import { useAdminList } from "./use-admin-list";

export const CHATS_PATH = "/api/admin/chats";

/** Conversations, most recently active first, searched and filtered on the server (`session` opens one). */
export function useChats(filters: { q: string; handover: "" | "1"; session: string }) {
  return useAdminList<ChatConversation>(CHATS_PATH, filters, { pageSize: 20 });
}
