import { Text } from "@radix-ui/themes";
import { Link } from "wouter";

type Tone = "navy" | "orange" | "green" | "red";

/** A summary number with its label (subscriber tiles); with `href`, the tile opens the list it counts (home screen). */
export function StatTile({
  label,
  value,
  tone,
  href,
  hint,
}: {
  label: string;
  value: number;
  tone?: Tone;
  href?: string;
  hint?: string;
}) {
  const className = `admin-card admin-tile admin-tile-${tone ?? "navy"}`;
  const body = (
    <>
      <Text as="div" size="1" weight="medium" className="admin-tile-label">
        {label}
      </Text>
      <Text as="div" size="7" weight="bold" className="admin-tile-value">
        {value}
      </Text>
      {hint ? (
        <Text as="div" size="1" className="admin-tile-hint">
          {hint}
        </Text>
      ) : null}
    </>
  );
  if (!href) return <div className={className}>{body}</div>;
  return (
    <Link href={href} className={`${className} admin-tile-link`}>
      {body}
    </Link>
  );
}
