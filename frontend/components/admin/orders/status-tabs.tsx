import { Box, Tabs } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { FulfilmentStatus } from "../../../../schema/api/orders";
import { fulfilmentLabels } from "../order-card";

const ALL = "all";
const statuses = Object.keys(fulfilmentLabels) as FulfilmentStatus[];

/**
 * The orders list filtered by fulfilment state, as the back office's tabs look. The chosen state
 * lives in the address (`?status=dispatched`) and is filtered on the server, so only the chosen
 * tab's panel holds the list.
 */
export function StatusTabs({
  status,
  onChange,
  children,
}: {
  status: FulfilmentStatus | "";
  onChange: (status: FulfilmentStatus | "") => void;
  children: ReactNode;
}) {
  const current = status || ALL;
  const tabs = [{ value: ALL, label: "All" }, ...statuses.map((s) => ({ value: s, label: fulfilmentLabels[s] }))];
  return (
    <Tabs.Root value={current} onValueChange={(v) => onChange(v === ALL ? "" : (v as FulfilmentStatus))}>
      <Tabs.List aria-label="Orders by fulfilment state" className="admin-tabs admin-status-tabs">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.value === current ? <Box pt="4">{children}</Box> : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
