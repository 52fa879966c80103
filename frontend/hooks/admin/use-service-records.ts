import type { AdminServiceRecord, ServiceRecordCounts, ServiceRecordInput, serviceRecordTabs } from "../../../schema/api/records";
import { adminApi } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminList } from "./use-admin-list";

export const SERVICE_RECORDS_PATH = "/api/admin/service-records";
export const SERVICE_RECORDS_EXPORT_PATH = "/api/admin/export/service-records.csv";

export type ServiceRecordTab = (typeof serviceRecordTabs)[number];
export type ServiceRecordFilters = { q?: string; tab?: ServiceRecordTab | ""; customerId?: number };

/** A new record (POST) or the fields changed in one (PATCH): the body the form sends. */
export type ServiceRecordChangesInput = Partial<ServiceRecordInput>;

export const createServiceRecord = (input: ServiceRecordInput) =>
  // Not retried: a retry after a lost answer would add the record (and its new customer) twice.
  adminApi<AdminServiceRecord>(SERVICE_RECORDS_PATH, { json: input });

// Setting fields to given values is idempotent, so the write may be retried.
export const updateServiceRecord = (id: number, changes: ServiceRecordChangesInput) =>
  adminChange<AdminServiceRecord>("PATCH", `${SERVICE_RECORDS_PATH}/${id}`, changes);

export const deleteServiceRecord = (id: number) => adminChange("DELETE", `${SERVICE_RECORDS_PATH}/${id}`);

/**
 * Service records newest visit first, searched and filtered by tab (or one customer's) on the
 * server, a page at a time, with each tab's count for the same search.
 */
export function useAdminServiceRecords(filters: ServiceRecordFilters) {
  return useAdminList<AdminServiceRecord, ServiceRecordCounts>(SERVICE_RECORDS_PATH, filters);
}
