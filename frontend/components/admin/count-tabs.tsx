import { Badge, Box, Tabs } from "@radix-ui/themes";
import type { ReactNode } from "react";

export type CountTab = { value: string; label: string; count?: number; content: ReactNode };

/**
 * The back office's tabs, labels optionally carrying a count (quotes, records, orders): one look everywhere.
 * Without `value` the tabs keep their own state; with it (a list filtered on the server, the tab in
 * the address) the screen holds the state and only the chosen tab's content is rendered.
 */
export function CountTabs({
  tabs,
  label,
  defaultValue,
  value,
  onValueChange,
}: {
  tabs: CountTab[];
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const controlled = value !== undefined;
  return (
    <Tabs.Root {...(controlled ? { value, onValueChange } : { defaultValue: defaultValue ?? tabs[0]?.value, onValueChange })}>
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
          {controlled && tab.value !== value ? null : <Box pt="4">{tab.content}</Box>}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
