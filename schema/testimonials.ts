import { formatFullDate } from "./london-time-text";

/**
 * The testimonials the home page shows, written once as HTML for both sides: the Worker writes them
 * into the prerendered page (worker/services/site/pages.ts, with HTMLRewriter) and the app renders
 * the same string when it hydrates (frontend/components/home/testimonials.tsx), so the page a
 * visitor first sees is the one React finds, with no request and no shift.
 */
export type PublicTestimonial = {
  words: string;
  shownName: string;
  source: string;
  sourceUrl: string | null;
  givenOn: string;
};

/** The element holding the published testimonials as JSON for the app (the Worker adds it on the home page). */
export const TESTIMONIALS_ELEMENT_ID = "site-testimonials";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** One testimonial: the words, who said them, where and when. No stars: no rating is claimed. */
function itemHtml(t: PublicTestimonial): string {
  const source = t.sourceUrl
    ? `<a href="${escapeHtml(t.sourceUrl)}" rel="nofollow noopener" target="_blank">${escapeHtml(t.source)}</a>`
    : escapeHtml(t.source);
  return (
    `<li class="card testimonial"><figure>` +
    `<blockquote><p>${escapeHtml(t.words)}</p></blockquote>` +
    `<figcaption><span class="testimonial__avatar" aria-hidden="true">${escapeHtml(t.shownName.charAt(0).toUpperCase())}</span>` +
    `<span class="testimonial__who"><strong>${escapeHtml(t.shownName)}</strong>` +
    `<span class="testimonial__meta">${source} · <time datetime="${escapeHtml(t.givenOn)}">${escapeHtml(formatFullDate(t.givenOn))}</time></span>` +
    `</span></figcaption></figure></li>`
  );
}

export const testimonialsHtml = (list: readonly PublicTestimonial[]): string => list.map(itemHtml).join("");
