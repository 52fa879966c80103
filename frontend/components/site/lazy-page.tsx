import { Button, Callout, Flex } from "@radix-ui/themes";
import { type ComponentType, lazy, useEffect } from "react";

type PageModule = { default: ComponentType };

const RELOADED = "pageCodeReloaded";

/**
 * Loads the page again, once: a page's code that failed to arrive is, most often, a tab opened
 * before the site was updated asking for files the update replaced, and the page loaded afresh
 * names the new ones. The mark (this tab, this address, the last minute) keeps a page whose code
 * cannot arrive (no signal) from loading itself over and over.
 */
function reloadOnce(): boolean {
  try {
    const mark = JSON.parse(sessionStorage.getItem(RELOADED) ?? "null") as { path: string; at: number } | null;
    if (mark && mark.path === location.pathname && Date.now() - mark.at < 60_000) return false;
    sessionStorage.setItem(RELOADED, JSON.stringify({ path: location.pathname, at: Date.now() }));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** In place of a page whose code could not be loaded: loads the page again once, then says so. */
function PageCodeFailed() {
  useEffect(() => {
    reloadOnce();
  }, []);
  return (
    <Flex justify="center" p="5">
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          This page could not be loaded. Check your connection, then{" "}
          <Button size="1" variant="soft" color="red" onClick={() => location.reload()}>
            Reload
          </Button>
        </Callout.Text>
      </Callout.Root>
    </Flex>
  );
}

/**
 * A page loaded on demand that can also be loaded ahead (`preload`). Once its module is in, the
 * page renders synchronously. That matters for prerendered pages: the browser preloads the page's
 * module before hydrating, so the page hydrates with the rest of the app. A page still suspended
 * during hydration would be thrown away and shown blank (Suspense fallback) as soon as any
 * context above it changes, such as the cart loading its count.
 *
 * A page whose code fails to load (the site updated since the tab opened, or no signal) is not
 * thrown to the root, which would blank the whole site: it loads the page again, once, and
 * otherwise says so with a Reload button. (The browser keeps a failed import failed for the
 * page's life, so only a new page load can ask again.)
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>) {
  let Loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(() => preload().catch(() => ({ default: PageCodeFailed })));
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory like React.lazy, called once per page
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = preload;
  return Page;
}
