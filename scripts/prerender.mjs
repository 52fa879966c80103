// Runs after `vite build`: renders every public route to real HTML (their content, title,
// description, canonical URL, Open Graph tags; JSON-LD on the home page) so pages paint before any
// script runs and search engines read them, then writes sitemap.xml and robots.txt.
// Unknown paths get 404.html, which Workers static assets serve with HTTP 404
// (`not_found_handling = "404-page"`). Admin routes stay client-only shells marked noindex.
//
// The server bundle is built here with a minimal Vite config (React only): the Cloudflare plugin
// builds the Worker and has no use in a Node render.
//
// Critical CSS: the app's stylesheet is about 630 KB (70 KB compressed; Radix Themes is most of
// it), and as a render-blocking <link> it held the first paint of every page for a second on a slow
// mobile connection. Each prerendered page therefore carries the rules its own markup uses, inlined
// by beasties (about 13 KB compressed on the home page), and asks for the whole stylesheet with
// media="print", which neither blocks rendering nor competes with the page's image and scripts.
// frontend/lib/deferred-style.ts applies it before the app hydrates, so states the markup does not
// show yet (open dialogs, toasts, hover) are styled by the time anyone can reach them. Client-only
// admin shells have no markup to paint and keep the plain blocking stylesheet.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import Beasties from "beasties";
import postcss from "postcss";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildDir = resolve(root, process.env.BUILD_DIR ?? "dist");
const outDir = join(buildDir, "client");
const ssrDir = join(buildDir, "ssr");
const siteUrl = (process.env.PUBLIC_SITE_URL ?? "https://www.example-heating.co.uk").replace(/\/$/, "");

await build({
  configFile: false,
  root: join(root, "frontend"),
  logLevel: "warn",
  plugins: [react()],
  // One self-contained file: some dependencies ship ESM that Node cannot load unbundled.
  ssr: { noExternal: true },
  build: {
    ssr: "entry-server.tsx",
    outDir: ssrDir,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: "entry-server.mjs" } },
  },
});
const server = await import(pathToFileURL(join(ssrDir, "entry-server.mjs")).href);

/**
 * A page's early read (frontend/preload/<name>.ts) as one classic script on its own: built from its
 * TypeScript with the constants the app uses, none of the app's code, minified.
 */
async function preloadScript(name) {
  const [output] = await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      lib: { entry: join(root, `frontend/preload/${name}.ts`), formats: ["iife"], name: "preload" },
    },
  });
  const chunk = (Array.isArray(output) ? output[0] : output).output.find((file) => file.type === "chunk");
  if (!chunk) throw new Error(`prerender: the preload "${name}" built to nothing`);
  return chunk.code;
}
// /account's read, at the address the page's HTML names (frontend/entry-server.tsx).
await writeFile(join(outDir, "account-preload.js"), await preloadScript("account"));

const shell = await readFile(join(outDir, "index.html"), "utf8");
if (!shell.includes("<!--app-outlet-->"))
  throw new Error("prerender: index.html has no <!--app-outlet--> (already prerendered?)");

// Each page is a lazily loaded chunk that the browser needs before it hydrates (frontend/main.tsx).
// The HTML loads it as a second module script, so it is evaluated with the app's own module graph
// and hydration starts as early as it would with the page bundled in: React is then listening
// before the visitor can click. Its imports are preloaded to save round trips. The page chunk is
// the entry's dynamic import named after the page module (Vite names chunks that way).
const assetsDir = join(outDir, "assets");
const entryFile = shell.match(/<script type="module" crossorigin src="\/assets\/([^"]+)"/)?.[1];
const entrySource = entryFile ? await readFile(join(assetsDir, entryFile), "utf8") : "";
const dynamicChunks = [...entrySource.matchAll(/import\(["'`]\.\/([\w-]+\.js)["'`]\)/g)].map((m) => m[1]);
const inShell = new Set([...shell.matchAll(/href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]).concat(entryFile ?? []));

async function withStaticImports(file, found = new Set()) {
  if (found.has(file)) return found;
  found.add(file);
  const source = await readFile(join(assetsDir, file), "utf8");
  for (const m of source.matchAll(/(?:from|import)\s*["'`]\.\/([\w-]+\.js)["'`]/g)) await withStaticImports(m[1], found);
  return found;
}

// A page's own stylesheet (quote.css for /quote) is split out of the app's by Vite and would arrive
// with the page's chunk, after the first paint: the page would paint unstyled and then move. Vite
// lists what a lazy chunk needs (its CSS among it) in the entry's __vite__mapDeps table, next to
// the chunk's import(); the page's HTML links those stylesheets itself, so their critical rules are
// inlined with the app's and the rest arrives deferred like the app's stylesheet.
const depsTable = JSON.parse(
  entrySource.match(/__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])/)?.[1] ?? "[]",
);
if (depsTable.length === 0) throw new Error("prerender: the entry has no __vite__mapDeps table (Vite's output changed?)");

function pageStylesheets(chunk) {
  const at = entrySource.match(
    // import(`./admin-app-….js`).then(e=>e.t),__vite__mapDeps([…]) when the chunk is also split for a shared export
    new RegExp(
      `import\\([\`"']\\./${chunk.replace(/[.-]/g, "\\$&")}[\`"']\\)(?:\\.then\\([^)]*\\))?,__vite__mapDeps\\(\\[([\\d,]*)\\]`,
    ),
  );
  if (!at) return [];
  return at[1]
    .split(",")
    .map((i) => depsTable[Number(i)])
    .filter((file) => typeof file === "string" && file.endsWith(".css"));
}

async function pageScripts(page) {
  const chunk = dynamicChunks.find((file) => new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(file));
  if (!chunk) throw new Error(`prerender: no chunk found for page "${page}" among ${dynamicChunks.join(", ")}`);
  const imports = [...(await withStaticImports(chunk))].filter((file) => file !== chunk && !inShell.has(file));
  return [
    ...pageStylesheets(chunk).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<script type="module" crossorigin src="/assets/${chunk}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}" />`),
  ].join("\n    ");
}

const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function page({ title, description, tags }, body = "", preloads = "") {
  return (
    shell
      // After the stylesheet and the app's own scripts, which matter more for the first paint.
      .replace("</head>", preloads ? `  ${preloads}\n  </head>` : "</head>")
      .replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        description ? `<meta name="description" content="${escapeHtml(description)}" />` : "",
      )
      .replace("<!--head-outlet-->", tags)
      .replace("<!--app-outlet-->", body)
  );
}

async function write(path, html) {
  const file = path === "/" ? join(outDir, "index.html") : join(outDir, `${path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const stylesheet = shell.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
if (!stylesheet) throw new Error("prerender: index.html has no stylesheet link");
const beasties = new Beasties({
  path: outDir,
  publicPath: "/",
  preload: false,
  pruneSource: false,
  // Beasties cannot match a selector that starts with :where(), and Radix declares its theme
  // variables (--color-background, --color-surface, ...) and its text defaults that way; those
  // rules are few and always wanted.
  allowRules: [/^:where\(/],
  logLevel: "warn",
});
const criticalSizes = [];

// Beasties also ignores the :where(.class) parts of a selector when it matches, so it keeps every
// responsive variant Radix writes that way (`.rt-Heading:where(.md\:rt-r-size-7)` for each size at
// each breakpoint) once the page has any heading. Such a selector cannot match a page whose markup
// lacks the class, so it goes; a rule goes when none of its selectors is left. (Nothing inside :not()
// is looked at: there a class is a condition against, not for, matching.)
function withoutNotGroups(selector) {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    if (!selector.startsWith(":not(", i)) {
      out += selector[i];
      continue;
    }
    let depth = 0;
    for (i += 4; i < selector.length; i++) {
      if (selector[i] === "(") depth++;
      else if (selector[i] === ")" && --depth === 0) break;
    }
  }
  return out;
}

function pruneUnusedVariants(css, html) {
  const classes = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean)));
  const canMatch = (selector) =>
    [...withoutNotGroups(selector).matchAll(/:where\(\.((?:\\.|[\w-])+)\)/g)].every((m) =>
      classes.has(m[1].replace(/\\(.)/g, "$1")),
    );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter(canMatch);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

async function withCriticalCss(html) {
  let processed = await beasties.process(html);
  const inlined = processed.match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (!inlined || !processed.includes(stylesheet[0])) throw new Error("prerender: beasties did not inline the critical CSS");
  const pruned = pruneUnusedVariants(inlined, processed);
  // Marked so the app can take it out once the whole stylesheet applies (frontend/lib/deferred-style.ts).
  processed = processed.replace(`<style>${inlined}</style>`, () => `<style data-critical>${pruned}</style>`);
  criticalSizes.push(pruned.length);
  return (
    processed
      .replace(" data-beasties-container", "")
      // The page is readable without its scripts, so they yield the connection to the HTML, the
      // critical CSS and the hero image; they only bring hydration, which follows the first paint.
      .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
      .replaceAll(
        '<link rel="modulepreload" crossorigin href=',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
      )
      .replace(
        /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
        (_, href) =>
          `<link rel="stylesheet" crossorigin href="${href}" media="print" data-deferred-style>` +
          `<noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`,
      )
  );
}

const publicPages = server.publicRoutes.filter((route) => route.prerender);
async function render(path, pageModule) {
  const html = page(server.renderHead(path, siteUrl), await server.renderApp(path), await pageScripts(pageModule));
  return withCriticalCss(html);
}

for (const route of publicPages) await write(route.path, await render(route.path, route.page));
// Any path the route table does not know renders the not-found page, whatever its address.
await write("/404", await render("/404", "not-found"));
// The back office's code comes in a chain of lazy chunks (the entry, the admin app, the screen,
// the screen's parts), each found only when the one before has run: on a phone's connection that
// is a round trip apiece before the screen can show. A shell names the admin app's chunks (and its
// stylesheet) and, for a screen with a `page`, the screen's, so the browser fetches them at once.
const assetFiles = await readdir(assetsDir);
async function adminPreloads(route) {
  const files = new Set();
  const styles = [];
  for (const name of ["admin-app", ...(route.page ? [route.page] : [])]) {
    const chunk = assetFiles.find((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
    if (!chunk) throw new Error(`prerender: no chunk found for the admin screen "${name}"`);
    for (const file of await withStaticImports(chunk)) if (!inShell.has(file)) files.add(file);
    styles.push(...pageStylesheets(chunk));
  }
  // The back office's own stylesheet (admin.css), found through the entry's table: without it in the
  // shell, the screen would wait for the admin app's code to ask for it.
  if (styles.length === 0) throw new Error("prerender: no stylesheet found for the admin app");
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}" />`),
  ].join("\n    ");
}

// The day's own read, started by /admin/today's HTML (frontend/preload/admin-day.ts, one of the
// preloads of frontend/lib/preloads.ts): kept in assets/ under its content's hash like the build's own
// files, so it is cached for good and the service worker keeps it with them.
const dayPreloadSource = await preloadScript("admin-day");
const dayPreload = `assets/admin-day-preload-${createHash("sha256").update(dayPreloadSource).digest("hex").slice(0, 8)}.js`;
await writeFile(join(outDir, dayPreload), dayPreloadSource);

// One shell per screen: a path with a parameter (/admin/customers/:id) is served its list screen's
// shell (the route's `shell`), a rewrite added here to public/_redirects' lines, so a new screen's
// route is its one line in schema/admin-routes.ts.
const shellLines = server.adminRoutes
  .filter((route) => route.shell)
  .map((route) => `${route.path.replace(/\/:\w+$/, "/*")} ${route.shell} 200`);
if (server.adminRoutes.some((route) => route.path.includes(":") && !route.shell))
  throw new Error("prerender: an admin route with a parameter names no shell to be served from");
const redirectsFile = join(outDir, "_redirects");
await writeFile(redirectsFile, `${(await readFile(redirectsFile, "utf8")).trimEnd()}\n${shellLines.join("\n")}\n`);
for (const route of server.adminRoutes.filter((r) => !r.path.includes(":"))) {
  // Installable on the engineer's phone (frontend/public/admin-sw.js keeps what it opened).
  const tags = [
    '<meta name="robots" content="noindex, nofollow" />',
    '<link rel="manifest" href="/images/app/admin.webmanifest" />',
    '<link rel="apple-touch-icon" href="/images/app/icon-192.png" />',
    // Deferred, not async: it then runs before the app's module script (deferred scripts run in
    // the page's order), so the app always finds its read and its session ask; async, it sometimes
    // ran after the app had started, which asked the other tabs again. High priority: a phone's
    // browser otherwise holds it back behind the app's scripts and stylesheets.
    ...(route.path === "/admin/today" ? [`<script defer fetchpriority="high" src="/${dayPreload}"></script>`] : []),
  ].join("\n    ");
  await write(
    route.path,
    page({ title: `${route.title} | ${server.siteName}`, description: "", tags }, "", await adminPreloads(route)),
  );
}

// What the engineer's phone needs without signal: the day's screen and the job sheet with every
// part of it, stylesheets included. The service worker (public/admin-sw.js) fetches these when it
// installs, so the day's page never has to run the job sheet's code just to have it kept (that cost
// a phone a quarter of a second of script after the day was on screen). Followed from the day's
// chunk: its static imports and the files Vite lists for each of its lazy imports (the `m.f` table
// in a chunk that has them), not the admin app's, whose lazy imports are every other screen.
async function offlineFiles(chunk, found = new Set()) {
  for (const file of await withStaticImports(chunk)) {
    if (found.has(`assets/${file}`)) continue;
    found.add(`assets/${file}`);
    const table = (await readFile(join(assetsDir, file), "utf8")).match(/m\.f=(\[[^\]]*\])/)?.[1];
    for (const dep of table ? JSON.parse(table) : []) {
      if (dep.endsWith(".css")) found.add(dep);
      else await offlineFiles(dep.replace(/^assets\//, ""), found);
    }
  }
  return found;
}
const todayChunk = assetFiles.find((file) => /^today-[\w-]{8}\.js$/.test(file));
const adminAppChunk = assetFiles.find((file) => /^admin-app-[\w-]{8}\.js$/.test(file));
if (!todayChunk || !adminAppChunk || !entryFile) throw new Error("prerender: no chunk found for the day's screen");
const offline = new Set([`assets/${entryFile}`, stylesheet[1].slice(1), dayPreload]);
for (const file of await withStaticImports(adminAppChunk)) offline.add(`assets/${file}`);
for (const file of pageStylesheets(adminAppChunk)) offline.add(file);
await offlineFiles(todayChunk, offline);
// The toasts (frontend/lib/toast.tsx loads them with the first one): every save on the phone says
// how it went in one, signal or not.
const toastsChunk = assetFiles.find((file) => /^toasts-[\w-]{8}\.js$/.test(file));
if (!toastsChunk) throw new Error("prerender: no chunk found for the toasts");
for (const file of await withStaticImports(toastsChunk)) offline.add(`assets/${file}`);
const toastsStyles = pageStylesheets(toastsChunk);
if (toastsStyles.length === 0) throw new Error("prerender: no stylesheet found for the toasts");
for (const file of toastsStyles) offline.add(file);
if (![...offline].some((file) => /^assets\/job-sheet-/.test(file)))
  throw new Error("prerender: the job sheet is not among the offline files");
const workerFile = join(outDir, "admin-sw.js");
const worker = await readFile(workerFile, "utf8");
const precache = [...offline].sort().map((file) => `/${file}`);
const precacheLine = "const PRECACHE = [];";
if (!worker.includes(precacheLine)) throw new Error(`prerender: admin-sw.js has no "${precacheLine}" to fill`);
const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
await writeFile(
  workerFile,
  worker
    .replace(precacheLine, `const PRECACHE = ${JSON.stringify(precache)};`)
    .replace('const CACHE = "northside-admin";', `const CACHE = "northside-admin-${version}";`),
);

const indexable = publicPages.filter((route) => route.indexable !== false);
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${indexable.map((route) => `  <url><loc>${escapeHtml(siteUrl + route.path)}</loc></url>`).join("\n")}
</urlset>
`;
await writeFile(join(outDir, "sitemap.xml"), sitemap);
await writeFile(
  join(outDir, "robots.txt"),
  `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);

await rm(ssrDir, { recursive: true, force: true });
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `prerender: critical CSS inlined per page ${kb(Math.min(...criticalSizes))}–${kb(Math.max(...criticalSizes))} (uncompressed)`,
);
console.log(
  `prerender: ${publicPages.length} public pages, 404.html, ${server.adminRoutes.length} admin shells (${precache.length} files kept offline), sitemap.xml (${indexable.length} URLs) and robots.txt in ${outDir}`,
);
