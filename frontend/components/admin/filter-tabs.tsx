import { Box, Tabs } from "@radix-ui/themes";
import type { ReactNode } from "react";

const ALL = "all";

/**
 * A list filtered by its state, as the back office's tabs look: "All", then each state. The chosen
 * state lives in the address (`?status=…`) and is filtered on the server, so only the chosen tab's
 * panel holds the list. One for the quotes, invoices, orders and jobs lists.
 */
export function FilterTabs<T extends string>({
  value,
  onChange,
  states,
  labels,
  label,
  children,
}: {
  /** The chosen state, or "" for all. */
  value: T | "";
  onChange: (value: T | "") => void;
  states: readonly T[];
  labels: Record<T, string>;
  /** The tab list's accessible name, e.g. "Quotes by state". */
  label: string;
  children: ReactNode;
}) {
  const current = value || ALL;
  const tabs = [{ value: ALL, label: "All" }, ...states.map((s) => ({ value: s as string, label: labels[s] }))];
  return (
    <Tabs.Root value={current} onValueChange={(v) => onChange(v === ALL ? "" : (v as T))}>
      <Tabs.List aria-label={label} className="admin-tabs admin-status-tabs">
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
