/**
 * Prerendered pages inline the CSS their own markup needs (`<style data-critical>`) and ask for the
 * app's whole stylesheet with media="print", so it does not hold the first paint
 * (scripts/prerender.mjs). This applies it once it has arrived and resolves then, or at once when
 * there is none (the dev server, the client-only back office).
 *
 * Once every such stylesheet applies, the inlined CSS is taken out in the same task: its rules are
 * a copy of theirs (e2e/critical-css.spec.ts holds the page to looking the same without it), and
 * kept, every later restyle matched them twice and worked out Radix's hundreds of theme variables
 * twice on the root (a whole-page restyle took a fifth to a third longer with the copy in). A
 * stylesheet that fails to load leaves the inlined CSS in place: the page keeps its first styles
 * rather than never starting or losing them.
 */
/** Chromium gives a stylesheet that failed to load an empty sheet, not none. */
function hasRules(link: HTMLLinkElement): boolean {
  try {
    return (link.sheet?.cssRules.length ?? 0) > 0;
  } catch {
    return false;
  }
}

export function applyDeferredStyles(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>("link[data-deferred-style]");
  return Promise.all(
    Array.from(
      links,
      (link) =>
        new Promise<boolean>((resolve) => {
          const apply = () => {
            link.media = "all";
            resolve(hasRules(link));
          };
          if (link.sheet) apply();
          // The page's load waits for every stylesheet: after it, one without a sheet has failed
          // (before this ran, so its error event is gone).
          else if (document.readyState === "complete") resolve(false);
          else {
            link.addEventListener("load", apply, { once: true });
            link.addEventListener("error", () => resolve(false), { once: true });
          }
        }),
    ),
  ).then((applied) => {
    if (applied.length > 0 && applied.every(Boolean)) {
      for (const style of document.querySelectorAll("style[data-critical]")) style.remove();
    }
  });
}
