import { adminRoutes } from "../../../schema/admin-routes";
import {
  type BusinessFacts,
  FACTS_ELEMENT_ID,
  type FactHref,
  type FactName,
  factHref,
  factText,
  fillFacts,
  liveFacts,
  starClass,
} from "../../../schema/facts";
import { londonToday } from "../../../schema/london-time";
import { businessJsonLd, headFor } from "../../../schema/seo";
import { type PublicTestimonial, TESTIMONIALS_ELEMENT_ID, testimonialsHtml } from "../../../schema/testimonials";

/**
 * The prerendered pages, with the owner's facts filled in at the edge. React marks every place that
 * shows a fact (`data-fact`, `data-fact-href`, `data-offer`, `data-rating`, `data-fact-star`); HTMLRewriter streams the built HTML
 * through, replacing those places, the title and description, and the JSON-LD, and adds the facts
 * as JSON for the app to hydrate with. No rebuild, and no D1 round trip while the facts are cached.
 */

/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The security headers of every page (frontend/public/_headers gives static files theirs). */
export const PAGE_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src https://www.openstreetmap.org; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://checkout.stripe.com")',
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

/** A small, stable hash for the ETag: the same built page with the same facts on the same day. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** `version`: what the page is filled with (the facts' version, the testimonials'). */
export function pageEtag(assetEtag: string | null, version: string, now: number): string | null {
  if (!assetEtag) return null;
  return `W/"${fnv1a(`${assetEtag}|${version}|${londonToday(now)}`)}"`;
}

/** A page's headers: the built file's, with the security headers and the filled page's ETag. */
export function pageHeaders(built: Headers, etag: string | null): Headers {
  const headers = new Headers(built);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
  headers.delete("Content-Length");
  if (etag) headers.set("ETag", etag);
  else headers.delete("ETag");
  return headers;
}

/**
 * The built HTML of the page at `path`, streamed through with the facts of today filled in and, on
 * the home page (`testimonials` given), the testimonials published with consent: written into the
 * section the build rendered (`data-testimonials`), or the section taken out when there are none.
 */
export function fillPage(
  html: ReadableStream | null,
  {
    path,
    stored,
    testimonials = null,
    siteUrl,
    now,
  }: { path: string; stored: BusinessFacts; testimonials?: PublicTestimonial[] | null; siteUrl: string; now: number },
): ReadableStream | null {
  const facts = liveFacts(stored, now);
  const head = headFor(path, facts, adminRoutes);
  const hasOffer = facts.offers.length > 0;

  const rewriter = new HTMLRewriter()
    .on("[data-fact]", {
      element(el) {
        el.setInnerContent(factText(facts, el.getAttribute("data-fact") as FactName));
      },
    })
    .on("[data-fact-href]", {
      element(el) {
        const href = factHref(facts, el.getAttribute("data-fact-href") as FactHref);
        // No reviews page: the site's name stays, unlinked (frontend/lib/facts.tsx RatingSource).
        if (href) el.setAttribute("href", href);
        else el.removeAndKeepContent();
      },
    })
    .on("[data-fact-aria]", {
      element(el) {
        el.setAttribute("aria-label", fillFacts(el.getAttribute("data-fact-aria") ?? "", facts));
      },
    })
    .on("[data-offer]", {
      element(el) {
        if (!hasOffer) el.remove();
      },
    })
    // The rating only as the owner entered it: its places taken out otherwise, its stars lit for it.
    // A place inside a sentence leaves React's text separator, so the words either side stay the
    // two text nodes React renders without it ("Vetted<!-- --> and trusted"), and hydration matches.
    .on("[data-rating]", {
      element(el) {
        if (!facts.rating) el.replace("<!-- -->", { html: true });
      },
    })
    .on("[data-fact-star]", {
      element(el) {
        if (facts.rating) el.setAttribute("class", starClass(Number(el.getAttribute("data-fact-star")), facts.rating.value));
      },
    })
    // The document's title only: an icon's <svg><title> in the page is not it.
    .on("head > title", {
      element(el) {
        el.setInnerContent(head.title);
      },
    })
    .on('meta[name="description"], meta[property="og:description"]', {
      element(el) {
        el.setAttribute("content", head.description);
      },
    })
    .on('meta[property="og:title"]', {
      element(el) {
        el.setAttribute("content", head.title);
      },
    })
    .on('script[type="application/ld+json"]', {
      element(el) {
        el.setInnerContent(safeJson(businessJsonLd(siteUrl, facts)), { html: true });
      },
    })
    .on("head", {
      element(el) {
        el.append(`<script type="application/json" id="${FACTS_ELEMENT_ID}">${safeJson(facts)}</script>`, { html: true });
        if (testimonials) {
          el.append(`<script type="application/json" id="${TESTIMONIALS_ELEMENT_ID}">${safeJson(testimonials)}</script>`, {
            html: true,
          });
        }
      },
    });
  if (testimonials) {
    rewriter
      .on("[data-testimonials]", {
        element(el) {
          if (testimonials.length === 0) el.remove();
        },
      })
      .on("[data-testimonials-list]", {
        element(el) {
          el.setInnerContent(testimonialsHtml(testimonials), { html: true });
        },
      });
  }
  return rewriter.transform(new Response(html)).body;
}
