import { mutate } from "swr";
import type { BusinessFactsPatch, BusinessSettings } from "../../../schema/api/settings";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const SETTINGS_PATH = "/api/admin/settings";

/**
 * The company's facts as the owner edits them (/admin/settings). A save sends only the groups that
 * changed; the Worker drops its cached copy, so the next public page shows them.
 */
export function useSettings() {
  const { data, error, isLoading, refresh } = useAdminData<BusinessSettings>(SETTINGS_PATH);
  return {
    settings: data,
    error,
    isLoading,
    refresh,
    // Each group is set whole, so a retried save gives the same result.
    save: async (patch: BusinessFactsPatch) => {
      const saved = await adminChange<BusinessSettings>("PATCH", SETTINGS_PATH, patch);
      await mutate(SETTINGS_PATH, saved, { revalidate: false });
      return saved;
    },
  };
}
