import { Text } from "@radix-ui/themes";

/** A summary number with its label (subscriber tiles). */
export function StatTile({ label, value, tone }: { label: string; value: number; tone?: "navy" | "orange" | "green" | "red" }) {
  return (
    <div className={`admin-card admin-tile admin-tile-${tone ?? "navy"}`}>
      <Text as="div" size="1" weight="medium" className="admin-tile-label">
        {label}
      </Text>
      <Text as="div" size="7" weight="bold" className="admin-tile-value">
        {value}
      </Text>
    </div>
  );
}
