import type { ReactNode } from "react";

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "start";
  /** On navy backgrounds. */
  inverted?: boolean;
};

/** The eyebrow, h2 and lead paragraph that open each section; `id` names the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, lead, align = "center", inverted = false }: SectionHeadingProps) {
  const className = ["section-heading", `section-heading--${align}`, inverted ? "section-heading--inverted" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      {eyebrow ? <p className="section-heading__eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {lead ? <p className="section-heading__lead">{lead}</p> : null}
    </div>
  );
}
