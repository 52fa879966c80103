import { startTransition, useEffect, useState } from "react";
import { isPageReady } from "../lib/page-ready";

/**
 * False on the server and while the prerendered page hydrates, true afterwards (and from the first
 * render on a client navigation, so nothing flashes). Lets a prerendered page render exactly the
 * server's HTML first and only then read the browser. Meant for components of the page itself:
 * see page-ready.ts.
 *
 * Not useSyncExternalStore with a server snapshot: React re-renders such a component at sync
 * priority right after hydrating it, in one task with everything that re-render touches. Here the
 * switch is a transition, which React renders in short slices.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(isPageReady);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
