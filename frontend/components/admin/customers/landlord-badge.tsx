import { Badge } from "@radix-ui/themes";

/** Marks a landlord (gas safety reminders in the landlord wording); high contrast for small text (WCAG AA). */
export function LandlordBadge() {
  return (
    <Badge color="blue" variant="soft" highContrast radius="full">
      Landlord
    </Badge>
  );
}
