import { type PublicTestimonial, TESTIMONIALS_ELEMENT_ID, testimonialsHtml } from "../../../schema/testimonials";
import { SectionHeading } from "../site/section-heading";

/**
 * What the build renders in the section: one neutral item, never shown to a visitor (the Worker
 * replaces it with the published testimonials, or removes the section), so the page's inlined
 * styles hold every rule a testimonial uses and the real ones paint styled, with no shift.
 */
const BUILD_PLACEHOLDER: PublicTestimonial[] = [
  {
    words: "A customer's words, as they gave them.",
    shownName: "A customer",
    source: "Google review",
    sourceUrl: "https://www.google.com/",
    givenOn: "2026-01-01",
  },
];

/** The testimonials the Worker wrote into this page (worker/services/site/pages.ts); none without it (npm run dev). */
function readPageTestimonials(): PublicTestimonial[] {
  if (typeof document === "undefined") return BUILD_PLACEHOLDER;
  const element = document.getElementById(TESTIMONIALS_ELEMENT_ID);
  if (element?.textContent) {
    try {
      return JSON.parse(element.textContent) as PublicTestimonial[];
    } catch {
      // Unreadable: the section is not shown rather than shown wrong.
    }
  }
  return [];
}

const pageTestimonials = readPageTestimonials();

/**
 * Landing section 6: the testimonials the owner published with each customer's consent (issue 49),
 * with their source and date and no rating; no section at all when there are none. The items are
 * the one HTML string the Worker also writes (schema/testimonials.ts), so hydration finds exactly
 * what it renders.
 */
export function Testimonials() {
  if (pageTestimonials.length === 0) return null;
  return (
    <section className="section" aria-labelledby="testimonials-title" data-testimonials="">
      <div className="container">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What our customers say" />
        <ul
          className="testimonials"
          data-testimonials-list=""
          // biome-ignore lint/security/noDangerouslySetInnerHtml: schema/testimonials.ts escapes every value; the Worker writes the same string at the edge.
          dangerouslySetInnerHTML={{ __html: testimonialsHtml(pageTestimonials) }}
        />
      </div>
    </section>
  );
}
