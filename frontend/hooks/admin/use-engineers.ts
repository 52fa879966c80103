import type { DiaryEngineer, EngineerBlock, EngineerHoursInput } from "../../../schema/api/diary";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

/** The diary's engineers (its columns), each with their own week. */
export const useEngineers = () => useAdminData<DiaryEngineer[]>("/api/admin/engineers");

/** One engineer's blocked times over the next `days` days, what changes them, and their own feed address. */
export function useEngineerDiary(id: number, from: string, days = 62) {
  const path = `/api/admin/engineers/${id}`;
  const blocks = useAdminData<EngineerBlock[]>(`${path}/blocks?from=${from}&days=${days}`);
  return {
    blocks,
    feed: useAdminData<{ feedUrl: string }>(`${path}/feed`),
    saveHours: (week: EngineerHoursInput) => adminApi<DiaryEngineer>(`${path}/hours`, { method: "PUT", json: week }),
    // Not retried: a retry after a lost answer would block the time twice.
    addBlock: (block: { start: string; end: string; reason: string }) =>
      adminApi<EngineerBlock>(`${path}/blocks`, { method: "POST", json: block }),
    deleteBlock: (blockId: number) => adminChange("DELETE", `${path}/blocks/${blockId}`),
  };
}
