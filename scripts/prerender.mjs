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

const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function page({ title, description, tags }, body = "") {
  return shell
    .replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      description ? `<meta name="description" content="${escapeHtml(description)}" />` : "",
    )
    .replace("<!--head-outlet-->", tags)
    .replace("<!--app-outlet-->", body);
}

async function write(path, html) {
  const file = path === "/" ? join(outDir, "index.html") : join(outDir, `${path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const publicPages = server.publicRoutes.filter((route) => route.prerender);
for (const route of publicPages) {
  await write(route.path, page(server.renderHead(route.path, siteUrl), await server.renderApp(route.path)));
}
// Any path the route table does not know renders the not-found page, whatever its address.
await write("/404", page(server.renderHead("/404", siteUrl), await server.renderApp("/404")));
for (const route of server.adminRoutes) {
  const tags = '<meta name="robots" content="noindex, nofollow" />';
  await write(route.path, page({ title: `${route.title} | Admin`, description: "", tags }));
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
