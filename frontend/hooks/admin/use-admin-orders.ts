import type { AdminOrder, FulfilmentStatus } from "../../../schema/api/admin";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const openFulfilment: readonly FulfilmentStatus[] = ["new", "confirmed", "dispatched"];

export function useAdminOrders() {
  const { data, error, isLoading, refresh } = useAdminData<AdminOrder[]>("/api/admin/orders");
  return {
    orders: data,
    error,
    isLoading,
    refresh,
    // Setting a state is idempotent, so the write may be retried.
    move: (id: string, fulfilmentStatus: FulfilmentStatus) =>
      adminChange<AdminOrder>("PATCH", `/api/admin/orders/${encodeURIComponent(id)}`, { fulfilmentStatus }),
  };
}
