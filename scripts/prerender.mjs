// Writes one HTML file per route into the client build, so every route of the spec is a real file
// and an unknown path gets the 404 page with HTTP 404 (assets `not_found_handling = "404-page"`).
// Public pages get their title, description and canonical URL; admin shells are marked noindex.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { adminRoutes, publicRoutes } from "../frontend/routes.ts";

const outDir = join(process.env.BUILD_DIR ?? "dist", "client");
const siteUrl = process.env.PUBLIC_SITE_URL ?? "https://www.example-heating.co.uk";
const shell = await readFile(join(outDir, "index.html"), "utf8");

const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function page({ path, title, description }, { noindex = false } = {}) {
  const fullTitle = `${title} | Northside Heating & Plumbing`;
  const head = [
    noindex ? '<meta name="robots" content="noindex, nofollow" />' : `<link rel="canonical" href="${siteUrl}${path}" />`,
  ].join("\n    ");
  return shell
    .replace(/<title>.*<\/title>/, `<title>${escapeHtml(fullTitle)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      description ? `<meta name="description" content="${escapeHtml(description)}" />` : "",
    )
    .replace("<!--head-outlet-->", head);
}

async function write(path, html) {
  const file = path === "/" ? join(outDir, "index.html") : join(outDir, `${path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

for (const route of publicRoutes) await write(route.path, page(route));
for (const route of adminRoutes) await write(route.path, page(route, { noindex: true }));
await write("/404", page({ path: "/404", title: "404 Page Not Found", description: "" }, { noindex: true }));
console.log(`prerender: ${publicRoutes.length} public pages, ${adminRoutes.length} admin shells and 404.html in ${outDir}`);
