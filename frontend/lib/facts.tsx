import type { ComponentPropsWithoutRef, ReactNode } from "react";
import {
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
} from "../../schema/facts";

/**
 * The company's facts on a page. The Worker fills every marked place of the prerendered HTML from
 * the owner's settings and embeds the same facts as JSON (worker/services/pages.ts); the app reads
 * that JSON before it hydrates, so it renders exactly the HTML it finds. The build renders with the
 * defaults, every offer included, so each place a fact or an offer can appear is in the HTML.
 *
 * Rules for a component: show a fact only through <Fact>, <FactLink> or useFacts() inside a marked
 * element; never put a fact inside an attribute other than a FactLink's href (use `ariaFacts`).
 */
function readPageFacts(): BusinessFacts {
  if (typeof document === "undefined") return defaultFacts;
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

type FactLinkProps = Omit<ComponentPropsWithoutRef<"a">, "href"> & { to: FactHref; children?: ReactNode };

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
