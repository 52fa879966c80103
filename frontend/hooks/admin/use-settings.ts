import { mutate } from "swr";
import type { BusinessFactsPatch, BusinessSettings } from "../../../schema/api/settings";
import { adminApi } from "../../lib/admin/admin-api";
import { withWriteRetry } from "../../lib/swr-config";
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
    // Each group is set whole, so a retried save gives the same result. `version` is the
    // `updatedAt` the form was filled from: a save over a newer one answers 409 (changed elsewhere).
    save: async (patch: BusinessFactsPatch, version: string | null) => {
      const saved = await withWriteRetry(() =>
        adminApi<BusinessSettings>(SETTINGS_PATH, {
          method: "PATCH",
          json: patch,
          headers: { "If-Match": `"${version ?? "new"}"` },
        }),
      );
      await mutate(SETTINGS_PATH, saved, { revalidate: false });
      return saved;
    },
    /** Shows the facts someone else saved (from a 409's answer) without another call. */
    replace: (current: BusinessSettings) => mutate(SETTINGS_PATH, current, { revalidate: false }),
  };
}
