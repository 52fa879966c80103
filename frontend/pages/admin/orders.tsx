import { Flex } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { AdminOrder, FulfilmentStatus, MarkOrderPaid } from "../../../schema/api/orders";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ExportButton } from "../../components/admin/export-button";
import { LoadMore } from "../../components/admin/load-more";
import { fulfilmentLabels, OrderCard, orderLabel } from "../../components/admin/order-card";
import { StatusTabs } from "../../components/admin/orders/status-tabs";
import { PageHeader } from "../../components/admin/page-header";
import { SearchBox } from "../../components/admin/search-box";
import { ORDERS_EXPORT_PATH, type OrderMove, useAdminOrders } from "../../hooks/admin/use-admin-orders";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import "../../components/admin/orders/orders.css";

const filterNames = ["q", "status"] as const;
const isStatus = (s: string): s is FulfilmentStatus => s in fulfilmentLabels;

export default function Orders() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const filters = { q: params.q, status: isStatus(params.status) ? params.status : ("" as const) };
  const { items, total, error, hasMore, loadingMore, loadMore, refresh, move, markPaid } = useAdminOrders(filters);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function moveOrder(order: AdminOrder, change: OrderMove): Promise<boolean> {
    setBusyId(order.id);
    try {
      await move(order.id, change);
      notify({
        title: "Order updated",
        description: `Order ${orderLabel(order)} is now ${fulfilmentLabels[change.fulfilmentStatus].toLowerCase()}.`,
        variant: "success",
      });
      return true;
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to update the order"), variant: "destructive" });
      }
      return false;
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  async function recordPayment(order: AdminOrder, payment: MarkOrderPaid): Promise<boolean> {
    setBusyId(order.id);
    try {
      await markPaid(order.id, payment);
      notify({
        title: "Payment recorded",
        description: `Order ${orderLabel(order)} is marked paid by ${payment.method}.`,
        variant: "success",
      });
      return true;
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Not saved", description: errorMessage(e, "Failed to record the payment"), variant: "destructive" });
      return false;
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  let list: ReactNode;
  if (items) {
    const empty = filters.q
      ? "No orders match this search. Try the order number (NS-10001), a name, e-mail or phone."
      : filters.status
        ? `No ${fulfilmentLabels[filters.status].toLowerCase()} orders`
        : "No orders yet";
    list =
      items.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <div className="admin-list">
            {items.map((o) => (
              <OrderCard
                key={o.id}
                order={o}
                busy={busyId === o.id}
                onMove={(change) => moveOrder(o, change)}
                onPaid={(payment) => recordPayment(o, payment)}
              />
            ))}
          </div>
          <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={items.length} total={total} />
        </>
      );
  } else if (error) {
    list = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load orders.")} onRetry={refresh} />
    );
  } else {
    list = <LoadingState label="Loading orders…" />;
  }

  return (
    <>
      <PageHeader
        title="Orders"
        subtitle="Newest first: confirm, dispatch and complete parts orders"
        actions={<ExportButton path={ORDERS_EXPORT_PATH} fileName="orders" />}
      />
      <Flex className="admin-orders-toolbar" gap="3" align="center" wrap="wrap">
        <SearchBox label="Search orders" placeholder="Order number, name, e-mail, phone or address" />
      </Flex>
      <StatusTabs status={filters.status} onChange={(status) => setFilters({ status })}>
        {list}
      </StatusTabs>
    </>
  );
}
