import type { AdminSummary } from "../../../schema/api/home";
import { useAdminData } from "./use-admin-data";

/** The home screen's counts: what needs the owner today. */
export function useAdminSummary() {
  const { data, error, isLoading, refresh } = useAdminData<AdminSummary>("/api/admin/summary");
  return { summary: data, error, isLoading, refresh };
}
