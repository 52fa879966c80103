import { mutate } from "swr";
import type {
  AdminCustomer,
  AdminCustomerListItem,
  CustomerInput,
  CustomerMergeResult,
  PossibleDuplicate,
  TimelineEntry,
} from "../../../schema/api/customers";
import { adminApi, adminPage } from "../../lib/admin/admin-api";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";
import { useAdminList } from "./use-admin-list";

export const CUSTOMERS_PATH = "/api/admin/customers";
export const CUSTOMERS_EXPORT_PATH = "/api/admin/export/customers.csv";

export const customerName = (c: Pick<AdminCustomer, "firstName" | "lastName">) => `${c.firstName} ${c.lastName}`;

/** Not retried: a retry after a lost answer would add the customer twice. */
export const createCustomer = (input: CustomerInput) => adminApi<AdminCustomer>(CUSTOMERS_PATH, { json: input });

/** The first few customers matching a search (the customer picker of the service record form). */
export async function findCustomers(q: string, limit = 6): Promise<AdminCustomer[]> {
  const page = await adminPage<AdminCustomer>(`${CUSTOMERS_PATH}?q=${encodeURIComponent(q)}&limit=${limit}`);
  return page.items;
}

/** The customer with exactly this e-mail address, if there is one. */
export async function customerByEmail(email: string): Promise<AdminCustomer | null> {
  const wanted = email.trim().toLowerCase();
  return (await findCustomers(wanted, 20)).find((c) => c.email?.toLowerCase() === wanted) ?? null;
}

/** Customers by name, searched on the server, a page at a time. */
export function useAdminCustomers(filters: { q: string }) {
  return useAdminList<AdminCustomerListItem>(CUSTOMERS_PATH, filters);
}

/** One customer and their changes. */
export function useAdminCustomer(id: number) {
  const { data, error, isLoading, refresh } = useAdminData<AdminCustomer>(`${CUSTOMERS_PATH}/${id}`);
  return {
    customer: data,
    error,
    isLoading,
    refresh,
    // Setting fields to given values is idempotent, so the write may be retried.
    update: (changes: Partial<CustomerInput> | { checkReason: null }) =>
      adminChange<AdminCustomer>("PATCH", `${CUSTOMERS_PATH}/${id}`, changes),
  };
}

/** Everything the business has had with one customer, newest first. */
export function useCustomerTimeline(id: number) {
  const { data, error, isLoading, refresh } = useAdminData<TimelineEntry[]>(`${CUSTOMERS_PATH}/${id}/timeline`);
  return { timeline: data, error, isLoading, refresh };
}

/** The other customers with this one's e-mail address or phone number. */
export function usePossibleDuplicates(id: number) {
  const { data, refresh } = useAdminData<PossibleDuplicate[]>(`${CUSTOMERS_PATH}/${id}/duplicates`);
  return { duplicates: data, refresh };
}

/**
 * Merges `mergedCustomerId` into `keptId`. Not retried: a retry after a lost answer would meet a
 * customer already gone. Every admin read is read again after it (the merge moved rows that
 * records, counts and the other customer's page had shown); paged lists (SWR's infinite keys,
 * which a filtered mutate skips) are the screen's to refresh.
 */
export async function mergeCustomers(keptId: number, mergedCustomerId: number): Promise<CustomerMergeResult> {
  const result = await adminApi<CustomerMergeResult>(`${CUSTOMERS_PATH}/${keptId}/merge`, { json: { mergedCustomerId } });
  await mutate((key) => typeof key === "string" && key.includes("/api/admin/"));
  return result;
}
