import { Badge } from "@radix-ui/themes";

/**
 * The status badge styles, as a shadcn-style tone: default (solid), secondary (soft),
 * outline, destructive (red). Each screen maps its own states to tones.
 */
export type StatusTone = "default" | "secondary" | "outline" | "destructive" | "success";

// High contrast where Radix's default pairing falls under WCAG AA for small text.
const toneProps = {
  default: { variant: "solid", color: undefined, highContrast: false },
  secondary: { variant: "soft", color: "gray", highContrast: false },
  outline: { variant: "outline", color: "gray", highContrast: false },
  destructive: { variant: "solid", color: "red", highContrast: false },
  success: { variant: "soft", color: "green", highContrast: true },
} as const;

/** `tones` maps a status to its tone; a status not in the map shows as destructive. */
export function StatusBadge({
  status,
  tones,
  label,
}: {
  status: string;
  tones: Partial<Record<string, StatusTone>>;
  label?: string;
}) {
  const tone = tones[status] ?? "destructive";
  const { variant, color, highContrast } = toneProps[tone];
  return (
    <Badge variant={variant} color={color} highContrast={highContrast} radius="full" size="2" data-tone={tone}>
      {label ?? status}
    </Badge>
  );
}
