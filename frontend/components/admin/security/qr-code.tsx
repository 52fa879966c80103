import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * A QR code drawn in the page (uqr, no request leaves the browser: the address holds the secret).
 * An image of an SVG, so it scales crisply and takes its accessible name from `label`.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { ecc: "M", border: 3 }))}`,
    [value],
  );
  return <img className="admin-qr" src={src} alt={label} width={size} height={size} />;
}
