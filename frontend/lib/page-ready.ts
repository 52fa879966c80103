import { useEffect } from "react";

/**
 * When the opened page has hydrated. Layout wraps each page in a Suspense boundary, which React
 * hydrates in short slices after the header and footer; but any change of a context value above a
 * boundary that is still being hydrated makes React hydrate all of it at once, in one long task
 * (some 60 ms on a phone-class CPU for the store). So work that updates the site-wide state right
 * after load, such as reading the cart, waits for this.
 */
let ready = false;
const waiting = new Set<() => void>();

/** Whether the first page has hydrated: anything rendered from now on is rendered, not hydrated. */
export function isPageReady(): boolean {
  return ready;
}

/** Runs `callback` once the page has hydrated (at once if it has); returns a cancel function. */
export function whenPageReady(callback: () => void): () => void {
  if (ready) {
    callback();
    return () => {};
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** Rendered inside the page's Suspense boundary, so its effect runs when that boundary is in. */
export function PageReadySignal() {
  useEffect(() => {
    ready = true;
    // Visible to the browser tests, which hold the clock and must know the page's timers are set.
    document.documentElement.dataset.pageReady = "";
    for (const callback of waiting) callback();
    waiting.clear();
  }, []);
  return null;
}
