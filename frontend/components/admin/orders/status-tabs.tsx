import type { ReactNode } from "react";
import type { FulfilmentStatus } from "../../../../schema/api/orders";
import { FilterTabs } from "../filter-tabs";
import { fulfilmentLabels } from "../order-card";

const statuses = Object.keys(fulfilmentLabels) as FulfilmentStatus[];

/** The orders list filtered by fulfilment state (`?status=dispatched`), as every list's tabs look. */
export function StatusTabs({
  status,
  onChange,
  children,
}: {
  status: FulfilmentStatus | "";
  onChange: (status: FulfilmentStatus | "") => void;
  children: ReactNode;
}) {
  return (
    <FilterTabs value={status} onChange={onChange} states={statuses} labels={fulfilmentLabels} label="Orders by fulfilment state">
      {children}
    </FilterTabs>
  );
}
