import type { AdminOrder, FulfilmentStatus, MarkOrderPaid } from "../../../schema/api/orders";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminList } from "./use-admin-list";

export const ORDERS_PATH = "/api/admin/orders";
export const ORDERS_EXPORT_PATH = "/api/admin/export/orders.csv";

/** What the orders screen filters by; empty means "any". */
export type OrderFilters = { q: string; status: FulfilmentStatus | "" };

/** How an order moves on: the new state and, when it is dispatched, who carries it. */
export type OrderMove = { fulfilmentStatus: FulfilmentStatus; courier?: string; trackingReference?: string };

/** Orders newest first, searched and filtered on the server, a page at a time. */
export function useAdminOrders(filters: OrderFilters) {
  const list = useAdminList<AdminOrder>(ORDERS_PATH, filters);
  return {
    ...list,
    // Setting a state is idempotent, so the write may be retried.
    move: (id: string, move: OrderMove) => adminChange<AdminOrder>("PATCH", `${ORDERS_PATH}/${encodeURIComponent(id)}`, move),
    // Recording the same payment twice is refused (409), so a retry after a lost answer is safe.
    markPaid: (id: string, payment: MarkOrderPaid) =>
      adminChange<AdminOrder>("POST", `${ORDERS_PATH}/${encodeURIComponent(id)}/paid`, payment),
  };
}
