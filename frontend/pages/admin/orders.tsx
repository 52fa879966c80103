import { useState } from "react";
import type { AdminOrder, FulfilmentStatus } from "../../../schema/api/admin";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { CountTabs, listTab } from "../../components/admin/count-tabs";
import { fulfilmentLabels, OrderCard } from "../../components/admin/order-card";
import { PageHeader } from "../../components/admin/page-header";
import { openFulfilment, useAdminOrders } from "../../hooks/admin/use-admin-orders";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

const tabDefs: { value: string; label: string; empty: string; show: (o: AdminOrder) => boolean }[] = [
  { value: "open", label: "Open", empty: "No open orders", show: (o) => openFulfilment.includes(o.fulfilmentStatus) },
  { value: "completed", label: "Completed", empty: "No completed orders", show: (o) => o.fulfilmentStatus === "completed" },
  { value: "cancelled", label: "Cancelled", empty: "No cancelled orders", show: (o) => o.fulfilmentStatus === "cancelled" },
  { value: "all", label: "All", empty: "No orders yet", show: () => true },
];

export default function Orders() {
  const { orders, error, refresh, move } = useAdminOrders();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function moveOrder(order: AdminOrder, to: FulfilmentStatus) {
    setBusyId(order.id);
    try {
      await move(order.id, to);
      notify({
        title: "Order updated",
        description: `Order ${order.id} is now ${fulfilmentLabels[to].toLowerCase()}.`,
        variant: "success",
      });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to update the order"), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  const tabs = tabDefs.map((tab) =>
    listTab(tab, (orders ?? []).filter(tab.show), (o) => (
      <OrderCard key={o.id} order={o} busy={busyId === o.id} onMove={(to) => moveOrder(o, to)} />
    )),
  );

  return (
    <>
      <PageHeader title="Orders" subtitle="Newest first: confirm, dispatch and complete parts orders" />
      {orders ? (
        <CountTabs label="Orders by fulfilment state" tabs={tabs} />
      ) : error ? (
        isUnauthorized(error) ? null : (
          <ErrorState message={errorMessage(error, "Failed to load orders.")} onRetry={refresh} />
        )
      ) : (
        <LoadingState label="Loading orders…" />
      )}
    </>
  );
}
