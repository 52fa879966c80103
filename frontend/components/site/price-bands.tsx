import type { ReactNode } from "react";
import { CallButton } from "./call-button";
import { CheckList } from "./check-list";

type Band = { label: string; range: ReactNode; examples: readonly string[] };

/** Price band cards (plumbing and repairs pages), each with a call button. */
export function PriceBands({ bands, titleId }: { bands: readonly Band[]; titleId: string }) {
  return (
    <ul className="price-bands" aria-labelledby={titleId}>
      {bands.map((band, i) => (
        <li key={band.label} className={i === 1 ? "card price-band price-band--featured" : "card price-band"}>
          <h3 className="price-band__label">{band.label}</h3>
          <p className="price-band__range">{band.range}</p>
          <CheckList items={band.examples} className="price-band__examples" />
          <CallButton variant={i === 1 ? "solid" : "outline"}>Call for a price</CallButton>
        </li>
      ))}
    </ul>
  );
}
