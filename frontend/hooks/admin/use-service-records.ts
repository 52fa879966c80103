import type { AdminServiceRecord } from "../../../schema/api/admin";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

/** The screen's tabs: Active means completed or in progress. */
export const serviceRecordFilters = {
  all: () => true,
  active: (r: AdminServiceRecord) => r.status === "completed" || r.status === "in-progress",
  scheduled: (r: AdminServiceRecord) => r.status === "scheduled",
  pending: (r: AdminServiceRecord) => r.status === "pending",
} as const;

export function useAdminServiceRecords() {
  const { data, error, isLoading, refresh } = useAdminData<AdminServiceRecord[]>("/api/admin/service-records");
  return {
    records: data,
    error,
    isLoading,
    refresh,
    remove: (id: number) => adminChange("DELETE", `/api/admin/service-records/${id}`),
  };
}
