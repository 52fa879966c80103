import { type CoverageTier, company, coverageTiers } from "../../../schema/business";
import { SectionHeading } from "../site/section-heading";
import { basePin, mapShapes } from "./coverage-map-shapes";

const tierClass: Record<CoverageTier, string> = {
  "same-day": "tier-same-day",
  "next-day": "tier-next-day",
  limited: "tier-limited",
};

/** Landing section 7: the boroughs coloured by service tier, with a legend that lists them too. */
export function CoverageMap() {
  return (
    <section className="section section--muted" aria-labelledby="coverage-title">
      <div className="container coverage">
        <div className="coverage__intro">
          <SectionHeading
            id="coverage-title"
            align="start"
            eyebrow="Coverage"
            title="Where we work"
            lead={`Based in ${company.address.locality}, we cover the whole of Greater Manchester. How quickly we can reach you depends on where you are:`}
          />
          <ul className="coverage-legend" aria-label="Map legend">
            {coverageTiers.map((tier) => (
              <li key={tier.tier} className="coverage-legend__item">
                <span className={`coverage-legend__swatch ${tierClass[tier.tier]}`} aria-hidden="true" />
                <span className="coverage-legend__text">
                  <strong>{tier.label}</strong>
                  <span className="coverage-legend__areas">{tier.areas.join(", ")}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <figure className="card coverage-map">
          <svg viewBox="0 0 640 600" role="img" aria-labelledby="coverage-map-title" className="coverage-map__svg">
            <title id="coverage-map-title">
              Map of Greater Manchester boroughs coloured by service tier: same-day, next-day and limited availability
            </title>
            {coverageTiers.flatMap((tier) =>
              tier.areas.map((area) => {
                const shape = mapShapes[area];
                if (!shape) return null;
                return (
                  <g key={area} className={`coverage-map__area ${tierClass[tier.tier]}`}>
                    <polygon points={shape.points} />
                  </g>
                );
              }),
            )}
            {/* The names after every shape, so no neighbouring borough is drawn over a long name ("Manchester"). */}
            <g className="coverage-map__labels">
              {Object.entries(mapShapes).map(([area, shape]) => (
                <text key={area} x={shape.labelAt[0]} y={shape.labelAt[1]} textAnchor="middle">
                  {shape.label}
                </text>
              ))}
            </g>
            <g className="coverage-map__pin" transform={`translate(${basePin[0]} ${basePin[1]})`}>
              <path d="M0 0c-9-12-14-19-14-26a14 14 0 0 1 28 0c0 7-5 14-14 26z" />
              <circle cy="-26" r="5" />
            </g>
          </svg>
          <figcaption className="coverage-map__caption">Our base in {company.address.locality}</figcaption>
        </figure>
      </div>
    </section>
  );
}
