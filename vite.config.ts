import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { radixUnusedCss } from "./scripts/radix-unused-css.ts";

/**
 * BUILD_DIR and STATE_DIR let several builds (parallel browser-test runs, the benchmark) keep
 * their own output and their own local D1/R2 state; by default everything uses dist/ and .wrangler/.
 */
// Both resolved from the project root (where npm runs), whatever Vite's root is; absolute paths work too.
const buildDir = resolve(process.env.BUILD_DIR ?? "dist");
const stateDir = resolve(process.env.STATE_DIR ?? ".wrangler/state");

/**
 * The local runtime gives every request a `Request.cf` object. Miniflare downloads one from
 * workers.cloudflare.com into its cache (node_modules/.mf/cf.json, or MINIFLARE_CACHE_DIR) and
 * fetches again once the file is 30 days old; offline, it warns on every start. A fresh copy of
 * scripts/local-cf.json (a visitor in Manchester) in that cache means no request and no warning, for
 * `vite dev`/`vite preview` and for a `wrangler dev` run within a month of the last build. Written
 * to a temporary file and renamed, so parallel builds never read a half-written one.
 */
function provideLocalCf() {
  const cache = resolve(process.env.MINIFLARE_CACHE_DIR ?? "node_modules/.mf", "cf.json");
  const fixture = readFileSync(resolve(import.meta.dirname, "scripts/local-cf.json"), "utf8");
  try {
    if (readFileSync(cache, "utf8") === fixture && Date.now() - statSync(cache).mtimeMs < 86_400_000) return;
  } catch {}
  mkdirSync(dirname(cache), { recursive: true });
  const temporary = `${cache}.${process.pid}.tmp`;
  writeFileSync(temporary, fixture);
  renameSync(temporary, cache);
}
provideLocalCf();

/**
 * REACT_PROFILING=1 (npm run trace) builds React's profiling build, which writes each component's
 * render and hydration into the browser's performance timeline, with the functions' names kept so
 * the components keep theirs, and source maps. Never for a build that is served.
 */
const profiling = Boolean(process.env.REACT_PROFILING);

/**
 * `vite preview` (what the browser tests, the bench and Lighthouse are served by) closes an idle
 * kept-alive connection after Node's 5 s. A client that sends its next request on that connection
 * in the instant it closes gets ECONNRESET: a browser test's API call after five seconds of clicking
 * failed so in CI. Held for a minute, the client's own idle limit comes first and closes it instead.
 * Only the local server: Cloudflare's edge serves the site.
 */
const IDLE_CONNECTION_MS = 60_000;
const keepAliveLonger = (): Plugin => ({
  name: "keep-alive-longer",
  configurePreviewServer(server) {
    const http = server.httpServer;
    if ("keepAliveTimeout" in http) {
      http.keepAliveTimeout = IDLE_CONNECTION_MS;
      // Node wants the headers' limit above the idle one, or it can cut a request being sent.
      http.headersTimeout = IDLE_CONNECTION_MS + 1_000;
    }
  },
});

export default defineConfig(({ command, isPreview }) => ({
  root: "frontend",
  ...(profiling && { resolve: { alias: { "react-dom/client": "react-dom/profiling" } } }),
  publicDir: "public",
  plugins: [
    keepAliveLonger(),
    radixUnusedCss(),
    react(),
    cloudflare({
      configPath: "../wrangler.toml",
      // The same local D1/R2 state that `wrangler d1 migrations apply --local` writes.
      persistState: { path: stateDir },
      // Browser tests run one server per Playwright worker: only one could have the debugger's port.
      ...(process.env.NO_INSPECTOR && { inspectorPort: false as const }),
      // `vite dev` has only frontend/index.html: the per-route pages and 404.html are made by the
      // build (scripts/prerender.mjs). So in dev alone, every path that is neither the Worker's nor
      // a file gets index.html and the app renders the route (its own not-found page included);
      // the build and `vite preview` keep wrangler.toml's real 404 (docs/decisions/008-…).
      ...(command === "serve" && !isPreview && { config: { assets: { not_found_handling: "single-page-application" } } }),
    }),
  ],
  build: {
    outDir: buildDir,
    emptyOutDir: true,
    // The profiling build's maps let npm run trace name the source of each sampled function.
    sourcemap: profiling,
  },
  environments: {
    client: {
      // Everything the entry imports statically is loaded and run before the app starts, on every
      // page, so it goes into one chunk (the entry's). Left to itself, Rolldown split it by which
      // lazy pages also use each module: eleven chunks of 0.3-35 KB (rolldown/rolldown#9963), each
      // one more request for the preload scanner and, on a slow network, one more round trip
      // before hydration.
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "startup", tags: ["$initial"] }] }, ...(profiling && { keepNames: true }) },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173) },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
}));
