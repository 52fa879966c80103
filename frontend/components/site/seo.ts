import { company, coverageAreas, coverageTiers, openingHours } from "../../../schema/business";
import { publicRoutes, type RouteInfo } from "../../routes";

export const NOT_FOUND_TITLE = "404 Page Not Found";
const NOT_FOUND_DESCRIPTION = `The page you were looking for isn't here. ${company.name}: boilers, heating and plumbing in Greater Manchester.`;

export const SOCIAL_IMAGE = { path: "/images/site/og-image.png", width: 1200, height: 630 } as const;

export function routeFor(path: string): RouteInfo | undefined {
  return publicRoutes.find((route) => route.path === path);
}

/** Title and description of a public path; unknown paths get the 404 page's. */
export function headFor(path: string): { title: string; description: string } {
  const route = routeFor(path);
  return {
    title: `${route?.title ?? NOT_FOUND_TITLE} | ${company.name}`,
    description: route?.description ?? NOT_FOUND_DESCRIPTION,
  };
}

const telephone = (href: string) => href.replace(/^tel:/, "");

/**
 * The business as schema.org JSON-LD for the home page (types HVACBusiness and Plumber), every
 * value taken from schema/business.ts.
 */
export function businessJsonLd(siteUrl: string) {
  const areas = [...new Set([...coverageAreas, ...coverageTiers.flatMap((t) => t.areas)])];
  return {
    "@context": "https://schema.org",
    "@type": ["HVACBusiness", "Plumber"],
    "@id": `${siteUrl}/#business`,
    name: company.name,
    url: `${siteUrl}/`,
    telephone: telephone(company.phoneHref),
    email: company.email,
    image: `${siteUrl}${SOCIAL_IMAGE.path}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.locality,
      addressRegion: company.address.region,
      postalCode: company.address.postcode,
      addressCountry: company.address.country,
    },
    openingHoursSpecification: openingHours.flatMap((h) =>
      h.schema
        ? [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: [...h.schema.dayOfWeek],
              opens: h.schema.opens,
              closes: h.schema.closes,
            },
          ]
        : [],
    ),
    areaServed: areas.map((name) => ({ "@type": "Place", name })),
    priceRange: "££",
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: company.rating.value,
      bestRating: company.rating.outOf,
      reviewCount: Number.parseInt(company.rating.reviews, 10),
    },
  };
}
