import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The base of every inline line icon (24×24 grid, currentColor strokes): drawn inline so icons
 * cost no request and no icon package. Decorative (aria-hidden): the control around it carries
 * the accessible name. Each area keeps its own small set of glyphs built on this.
 */
export function Icon({ size = 16, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
