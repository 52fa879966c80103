import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { headFor } from "../../schema/seo";
import { useFacts } from "../lib/facts";
import { scrollToSection } from "../lib/sections";

/** The landing page scrolls to its hash section 100 ms after it opens. */
export const HASH_SCROLL_DELAY_MS = 100;
/** Arriving from another page, the landing page's code may still be on its way. */
const SECTION_WAIT_MS = 5000;

/** Scrolls to the section once it is in the document; returns a cancel function. */
function scrollToSectionWhenPresent(id: string): () => void {
  let frame = 0;
  const giveUpAt = performance.now() + SECTION_WAIT_MS;
  const attempt = () => {
    if (!scrollToSection(id) && performance.now() < giveUpAt) frame = requestAnimationFrame(attempt);
  };
  const timer = window.setTimeout(attempt, HASH_SCROLL_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

/**
 * Scroll rules: every navigation starts at the top, except the landing page opened
 * with a hash, which scrolls smoothly to that section. Also keeps the document title and
 * description in step with client-side navigation (the prerendered HTML has them for the first load).
 */
export function ScrollManager() {
  const [location] = useLocation();
  const facts = useFacts();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // The SPA decides where a page starts; the browser's restoration would fight the rules above.
    window.history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    const head = headFor(location, facts);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", head.description);

    const isNavigation = previous.current !== null && previous.current !== location;
    previous.current = location;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (location === "/" && hash) return scrollToSectionWhenPresent(hash);
    // A freshly loaded page already starts at the top, and the visitor may have scrolled (or
    // followed an in-page link) before hydration finished: leave them where they are.
    if (isNavigation) window.scrollTo(0, 0);
  }, [location, facts]);

  return null;
}
