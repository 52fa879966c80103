import type { ComponentPropsWithoutRef, ReactNode } from "react";
import {
  BUILD_RATING,
  type BusinessFacts,
  defaultFacts,
  FACTS_ELEMENT_ID,
  type FactHref,
  type FactName,
  factHref,
  factText,
  fillFacts,
  liveFacts,
  type Offer,
  starClass,
} from "../../schema/facts";
import { StarIcon } from "../components/site/icons";

/**
 * The company's facts on a page. The Worker fills every marked place of the prerendered HTML from
 * the owner's settings and embeds the same facts as JSON (worker/services/pages.ts); the app reads
 * that JSON before it hydrates, so it renders exactly the HTML it finds. The build renders with the
 * defaults, every offer included, so each place a fact or an offer can appear is in the HTML.
 *
 * Rules for a component: show a fact only through <Fact>, <FactLink> or useFacts() inside a marked
 * element; never put a fact inside an attribute other than a FactLink's href (use `ariaFacts`); show
 * the rating only inside an element marked `data-rating`, with <RatingStars> and <RatingSource>.
 */
/**
 * What the build renders: the defaults with a placeholder rating and reviews page, so the rating's
 * places exist in the HTML for the Worker to fill or take out. Never what a visitor sees.
 */
const buildFacts: BusinessFacts = { ...defaultFacts, rating: BUILD_RATING, reviewUrl: "https://www.google.com/" };

function readPageFacts(): BusinessFacts {
  if (typeof document === "undefined") return buildFacts;
  const element = document.getElementById(FACTS_ELEMENT_ID);
  if (element?.textContent) {
    try {
      return JSON.parse(element.textContent) as BusinessFacts;
    } catch {
      // A page served without the Worker (npm run dev): the defaults, today's offers only.
    }
  }
  return liveFacts(defaultFacts);
}

const pageFacts = readPageFacts();

/** The facts this page shows (constant for the page's life). */
export const useFacts = (): BusinessFacts => pageFacts;

/** The offer a page features, if one is live. Render it inside an element marked `data-offer`. */
export const useOffer = (): Offer | null => pageFacts.offers[0] ?? null;

/** A fact's text, marked so the Worker can fill it in the HTML. */
export function Fact({ name, className }: { name: FactName; className?: string }) {
  return (
    <span data-fact={name} className={className}>
      {factText(pageFacts, name)}
    </span>
  );
}

type FactLinkProps = Omit<ComponentPropsWithoutRef<"a">, "href"> & {
  to: Exclude<FactHref, "reviewUrl">;
  children?: ReactNode;
};

/** A tel: or mailto: link to the company, marked so the Worker can fill its target. */
export function FactLink({ to, children, ...rest }: FactLinkProps) {
  return (
    <a {...rest} href={factHref(pageFacts, to)} data-fact-href={to}>
      {children ?? <Fact name={to} />}
    </a>
  );
}

/**
 * An aria-label naming facts ("Call us on {phone}"): the attributes to spread on the element. The
 * Worker fills the same template in the HTML (`data-fact-aria`).
 */
export function ariaFacts(template: string): { "aria-label": string; "data-fact-aria": string } {
  return { "aria-label": fillFacts(template, pageFacts), "data-fact-aria": template };
}

const hoursRows: { days: string; fact: FactName }[] = [
  { days: "Monday - Friday", fact: "hours.weekdays" },
  { days: "Saturday", fact: "hours.saturday" },
  { days: "Sunday", fact: "hours.sunday" },
];

/** The opening hours as a list of days and times, each marked; `children` adds rows after them. */
export function OpeningHours({ className, children }: { className: string; children?: ReactNode }) {
  return (
    <dl className={className}>
      {hoursRows.map((row) => (
        <div key={row.days}>
          <dt>{row.days}</dt>
          <dd>
            <Fact name={row.fact} />
          </dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/**
 * The firm's rating, only as the owner entered it (null: render none of it). Render it inside an
 * element marked `data-rating`: the Worker takes those out of a page whose facts have no rating.
 */
export const useRating = () => pageFacts.rating;

/**
 * The review site's name ("Google"), linked to the owner's reviews page when there is one; without
 * one the Worker keeps the name and drops the link, as React renders it.
 */
export function RatingSource() {
  const name = <Fact name="rating.source" />;
  if (!pageFacts.reviewUrl) return name;
  return (
    <a href={pageFacts.reviewUrl} data-fact-href="reviewUrl" rel="noopener" target="_blank">
      {name}
    </a>
  );
}

/** The rating's stars, each marked so the Worker lights them for the owner's rating, spoken once. */
export function RatingStars({ size }: { size: number }) {
  const value = pageFacts.rating?.value ?? 0;
  return (
    <span className="stars" role="img" {...ariaFacts("{rating.value} out of 5 stars")}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} size={size} className={starClass(n, value)} data-fact-star={n} />
      ))}
    </span>
  );
}
