import type { OutboxEmail } from "../../../schema/api/campaigns";
import type { TemplateSample } from "../../../schema/api/mail-templates";
import { useAdminData } from "./use-admin-data";
import { useAdminList } from "./use-admin-list";

export const OUTBOX_PATH = "/api/admin/outbox";
const EMPTY = {};

/** The outbox newest first, 20 at a time. */
export const useOutbox = () => useAdminList<OutboxEmail>(OUTBOX_PATH, EMPTY, { pageSize: 20 });

/** Every template with sample details (read when the Templates tab opens). */
export const useMailTemplates = () => useAdminData<TemplateSample[]>(`${OUTBOX_PATH}/templates`);
