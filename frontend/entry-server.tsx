/**
 * Build-time rendering of the public pages (scripts/prerender.mjs): the same <App> the browser
 * hydrates, rendered for one path, plus that page's head tags. Nothing here ships to browsers.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { company } from "../schema/business";
import { businessJsonLd, headFor, routeFor, SOCIAL_IMAGE } from "../schema/seo";
import { App } from "./app";
import { HERO_IMAGE } from "./components/home/hero-image";

export { adminRoutes } from "../schema/admin-routes";
export { publicRoutes } from "../schema/routes";
export const siteName = company.name;

/**
 * Pages are lazy components. A first pass with `prerender` waits until the page's module has
 * loaded; the second, synchronous pass then renders it complete, without the inline scripts that
 * streaming output carries (the site's CSP allows no inline script).
 */
export async function renderApp(path: string): Promise<string> {
  const app = (
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>
  );
  await prerender(app);
  const html = renderToString(app);
  if (html.includes("<!--$!-->") || html.includes("<!--$?-->")) {
    throw new Error(`prerender: ${path} still suspends after its modules loaded`);
  }
  return html;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The head of a page: title, description, robots, canonical URL and Open Graph tags; the home page
 * also gets its hero preload and the business JSON-LD. `indexable: false` marks pages that should
 * not appear in search results (the 404 page, cart and payment steps).
 */
export function renderHead(path: string, siteUrl: string): { title: string; description: string; tags: string } {
  const { title, description } = headFor(path);
  const route = routeFor(path);
  const url = `${siteUrl}${path}`;
  const tags = [
    // The first frame waits for the page's main content to be parsed. Without this, Chrome paints
    // what it has when the parser first yields (the header alone), then lays out everything else
    // in a second frame: on a phone-class CPU a 150-200 ms task after the first paint, blocking
    // input, and the hero arriving a frame late. One complete first screen costs less overall.
    `<link rel="expect" href="#main" blocking="render" />`,
    `<meta name="robots" content="${route && route.indexable !== false ? "index, follow" : "noindex, follow"}" />`,
  ];
  if (route) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(siteUrl + SOCIAL_IMAGE.path)}" />`,
      `<meta property="og:image:width" content="${SOCIAL_IMAGE.width}" />`,
      `<meta property="og:image:height" content="${SOCIAL_IMAGE.height}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
    );
  }
  if (path === "/") {
    tags.push(
      `<link rel="preload" as="image" href="${HERO_IMAGE.src}" fetchpriority="high" />`,
      `<script type="application/ld+json">${safeJson(businessJsonLd(siteUrl))}</script>`,
    );
  }
  if (path === "/store") {
    // The catalogue is asked for with the page, not once the app has started: the products can
    // show as soon as the page is live. The app's own request (credentials included, like this
    // one) is then answered from the preload.
    tags.push(`<link rel="preload" as="fetch" href="/api/products" crossorigin="use-credentials" />`);
  }
  if (path === "/account") {
    // A signed-in customer's summary, asked for before the app has arrived (frontend/preload/account.ts, built by scripts/prerender.mjs).
    // Deferred, not async, as the day's read is: it then runs before the app's module scripts (which
    // come after it in the page), so the app always finds the read; async, on a busy phone it could
    // run after the app had started and asked for the summary itself, and the summary was read twice.
    tags.push(`<script defer src="/account-preload.js"></script>`);
  }
  return { title, description, tags: tags.join("\n    ") };
}
