import type { ReactNode } from "react";
import { CheckIcon } from "./icons";

/** A list with green ticks. */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={["check-list", className].filter(Boolean).join(" ")}>
      {items.map((item, i) => (
        // Items are static copy; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <li key={i}>
          <CheckIcon size={18} /> <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
