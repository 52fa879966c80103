import { type ComponentType, lazy } from "react";

type PageModule = { default: ComponentType };

/**
 * A page loaded on demand that can also be loaded ahead (`preload`). Once its module is in, the
 * page renders synchronously. That matters for prerendered pages: the browser preloads the page's
 * module before hydrating, so the page hydrates with the rest of the app. A page still suspended
 * during hydration would be thrown away and shown blank (Suspense fallback) as soon as any
 * context above it changes, such as the cart loading its count.
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>) {
  let Loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory like React.lazy, called once per page
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = preload;
  return Page;
}
