// Runs after `vite build`: renders every public route to real HTML (their content, title,
// description, canonical URL, Open Graph tags; JSON-LD on the home page) so pages paint before any
// script runs and search engines read them, then writes sitemap.xml and robots.txt.
// Unknown paths get 404.html, which Workers static assets serve with HTTP 404
// (`not_found_handling = "404-page"`). Admin routes stay client-only shells marked noindex.
//
// The server bundle is built here with a minimal Vite config (React only): the Cloudflare plugin
// builds the Worker and has no use in a Node render.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
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

async function pageScripts(page) {
  const chunk = dynamicChunks.find((file) => new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(file));
  if (!chunk) throw new Error(`prerender: no chunk found for page "${page}" among ${dynamicChunks.join(", ")}`);
  const imports = [...(await withStaticImports(chunk))].filter((file) => file !== chunk && !inShell.has(file));
  return [
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

const publicPages = server.publicRoutes.filter((route) => route.prerender);
async function render(path, pageModule) {
  return page(server.renderHead(path, siteUrl), await server.renderApp(path), await pageScripts(pageModule));
}

for (const route of publicPages) await write(route.path, await render(route.path, route.page));
// Any path the route table does not know renders the not-found page, whatever its address.
await write("/404", await render("/404", "not-found"));
for (const route of server.adminRoutes) {
  const tags = '<meta name="robots" content="noindex, nofollow" />';
  await write(route.path, page({ title: `${route.title} | ${server.siteName}`, description: "", tags }));
}

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
console.log(
  `prerender: ${publicPages.length} public pages, 404.html, ${server.adminRoutes.length} admin shells, sitemap.xml (${indexable.length} URLs) and robots.txt in ${outDir}`,
);
