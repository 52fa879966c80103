// Radix Themes' full stylesheet carries all 30 colour scales in light and dark (about 88 KB gzip);
// the site uses light mode and these scales only: accent orange, gray slate, and the status colours
// the pages use (red, green, blue, amber). Add a scale here before using a new `color` prop.
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/tokens/colors/orange.css";
import "@radix-ui/themes/tokens/colors/slate.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/blue.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";
// Page stylesheets belong here too, not only with their lazily loaded pages: prerendered HTML has
// to arrive with every style it uses, or it would first paint unstyled and then shift.
import "./components/home/home.css";
import "./components/site/pages.css";
import "./components/store/store.css";
import "./components/cart/cart.css";
import "./components/book/book.css";
import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadAdmin, preloadPage } from "./app";
import { awaitPreloadedDay } from "./lib/admin/preloaded-day";
import { applyDeferredStyles } from "./lib/deferred-style";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages arrive with their HTML and are hydrated once their page's code is in (a page
// still loading could not hydrate) and the full stylesheet applies (the states hydration can bring,
// such as dialogs and toasts, are styled only there); client-only shells (the back office) are
// rendered.
// An unknown back-office address (/admin/nope) arrives as the public 404 page's HTML, which the back
// office would not match: it is rendered afresh, never hydrated.
// The back office's screen is loaded before its first render, which then shows the screen itself
// rather than a "Loading…" that a second render replaces; so is the day /admin/today's HTML asked for.
const { pathname } = window.location;
const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
if (root.firstElementChild && !isAdmin)
  // As a transition, the header and footer around the page are hydrated in slices that yield to
  // the browser too, as the page's own Suspense boundary is (a tap meanwhile hydrates what it
  // touches at once, and is then handled); at once, they were one long task (npm run trace).
  Promise.allSettled([preloadPage(pathname), applyDeferredStyles()]).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
else if (isAdmin)
  Promise.allSettled([preloadAdmin(pathname), applyDeferredStyles(), awaitPreloadedDay()]).then(() => {
    root.replaceChildren();
    // As a transition, React renders the screen in slices that yield to the browser (a tap is
    // answered meanwhile) rather than in one long task.
    const admin = createRoot(root);
    startTransition(() => admin.render(app));
  });
else createRoot(root).render(app);
