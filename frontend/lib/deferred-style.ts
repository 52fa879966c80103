/**
 * Prerendered pages inline the CSS their own markup needs and ask for the app's whole stylesheet
 * with media="print", so it does not hold the first paint (scripts/prerender.mjs). This applies it
 * once it has arrived and resolves then, or at once when there is none (the dev server, the
 * client-only back office). A stylesheet that fails to load resolves too: the page keeps its
 * inlined styles rather than never starting.
 */
export function applyDeferredStyles(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>("link[data-deferred-style]");
  return Promise.all(
    Array.from(
      links,
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = "all";
            resolve();
          };
          if (link.sheet) apply();
          else {
            link.addEventListener("load", apply, { once: true });
            link.addEventListener("error", () => resolve(), { once: true });
          }
        }),
    ),
  ).then(() => undefined);
}
