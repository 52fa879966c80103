import { Badge, Box, Tabs } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { EmptyState } from "./admin-states";

export type CountTab = { value: string; label: string; count?: number; content: ReactNode };

/** The back office's tabs, labels optionally carrying a count (quotes, records, orders): one look everywhere. */
export function CountTabs({ tabs, label, defaultValue }: { tabs: CountTab[]; label: string; defaultValue?: string }) {
  return (
    <Tabs.Root defaultValue={defaultValue ?? tabs[0]?.value}>
      <Tabs.List aria-label={label} className="admin-tabs">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
            {tab.count === undefined ? null : (
              <Badge ml="2" radius="full" variant="soft" color="gray">
                {tab.count}
              </Badge>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          <Box pt="4">{tab.content}</Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** A tab over a list (quotes, records, orders): its count, then the items or the tab's empty message. */
export function listTab<T>(
  tab: { value: string; label: string; empty: string },
  items: readonly T[],
  renderItem: (item: T) => ReactNode,
): CountTab {
  return {
    value: tab.value,
    label: tab.label,
    count: items.length,
    content: items.length === 0 ? <EmptyState message={tab.empty} /> : <div className="admin-list">{items.map(renderItem)}</div>,
  };
}
