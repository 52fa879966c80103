import { company, coverageAreas, coverageTiers } from "./business";
import { type BusinessFacts, defaultFacts, fillFacts, phoneHref } from "./facts";
import { matchesRoute, publicRoutes, type RouteInfo } from "./routes";

export const NOT_FOUND_TITLE = "404 Page Not Found";
const NOT_FOUND_DESCRIPTION = `The page you were looking for isn't here. ${company.name}: boilers, heating and plumbing in Greater Manchester.`;

export const SOCIAL_IMAGE = { path: "/images/site/og-image.png", width: 1200, height: 630 } as const;

export function routeFor(path: string): RouteInfo | undefined {
  return publicRoutes.find((route) => route.path === path);
}

/**
 * Title and description of a path, with its facts: a public page's, or one of `moreRoutes` (the
 * Worker passes the back office's, whose shells are served through the same fill; a pattern such as
 * /admin/customers/:id matches /admin/customers/12); unknown paths get the 404 page's.
 */
export function headFor(
  path: string,
  facts: BusinessFacts = defaultFacts,
  moreRoutes: readonly RouteInfo[] = [],
): { title: string; description: string } {
  const route = routeFor(path) ?? moreRoutes.find((r) => matchesRoute(r.path, path));
  return {
    title: `${fillFacts(route?.title ?? NOT_FOUND_TITLE, facts)} | ${company.name}`,
    description: fillFacts(route?.description ?? NOT_FOUND_DESCRIPTION, facts),
  };
}

const telephone = (href: string) => href.replace(/^tel:/, "");

const days = {
  weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  saturday: ["Saturday"],
  sunday: ["Sunday"],
} as const;

/**
 * The business as schema.org JSON-LD for the home page (types HVACBusiness and Plumber), from the
 * owner's facts. No review rating: search engines ignore, or penalise, a business's own rating markup.
 */
export function businessJsonLd(siteUrl: string, facts: BusinessFacts = defaultFacts) {
  const areas = [...new Set([...coverageAreas, ...coverageTiers.flatMap((t) => t.areas)])];
  return {
    "@context": "https://schema.org",
    "@type": ["HVACBusiness", "Plumber"],
    "@id": `${siteUrl}/#business`,
    name: company.name,
    url: `${siteUrl}/`,
    telephone: telephone(phoneHref(facts.phone)),
    email: facts.email,
    image: `${siteUrl}${SOCIAL_IMAGE.path}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address.street,
      addressLocality: facts.address.locality,
      addressRegion: facts.address.region,
      postalCode: facts.address.postcode,
      addressCountry: company.address.country,
    },
    openingHoursSpecification: (Object.keys(days) as (keyof typeof days)[]).flatMap((key) => {
      const hours = facts.openingHours[key];
      return hours
        ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: [...days[key]], opens: hours.opens, closes: hours.closes }]
        : [];
    }),
    areaServed: areas.map((name) => ({ "@type": "Place", name })),
    priceRange: "££",
  };
}
