import { Badge } from "@radix-ui/themes";

/**
 * Spec section 4's badge styles, as a shadcn-style tone: default (solid), secondary (soft),
 * outline, destructive (red). Each screen maps its own states to tones.
 */
export type StatusTone = "default" | "secondary" | "outline" | "destructive" | "success";

const toneProps = {
  default: { variant: "solid", color: undefined },
  secondary: { variant: "soft", color: "gray" },
  outline: { variant: "outline", color: "gray" },
  destructive: { variant: "solid", color: "red" },
  success: { variant: "soft", color: "green" },
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
  const { variant, color } = toneProps[tone];
  return (
    <Badge variant={variant} color={color} radius="full" size="2" data-tone={tone}>
      {label ?? status}
    </Badge>
  );
}
