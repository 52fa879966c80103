import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { radixUnusedCss } from "./scripts/radix-unused-css";

/**
 * BUILD_DIR and STATE_DIR let several builds (parallel browser-test runs, the benchmark) keep
 * their own output and their own local D1/R2 state; by default everything uses dist/ and .wrangler/.
 */
// Both resolved from the project root (where npm runs), whatever Vite's root is; absolute paths work too.
const buildDir = resolve(process.env.BUILD_DIR ?? "dist");
const stateDir = resolve(process.env.STATE_DIR ?? ".wrangler/state");

export default defineConfig({
  root: "frontend",
  publicDir: "public",
  plugins: [
    radixUnusedCss(),
    react(),
    cloudflare({
      configPath: "../wrangler.toml",
      // The same local D1/R2 state that `wrangler d1 migrations apply --local` writes.
      persistState: { path: stateDir },
    }),
  ],
  build: {
    outDir: buildDir,
    emptyOutDir: true,
    sourcemap: false,
  },
  environments: {
    client: {
      // Everything the entry imports statically is loaded and run before the app starts, on every
      // page, so it goes into one chunk (the entry's). Left to itself, Rolldown split it by which
      // lazy pages also use each module: eleven chunks of 0.3-35 KB (rolldown/rolldown#9963), each
      // one more request for the preload scanner and, on a slow network, one more round trip
      // before hydration.
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "startup", tags: ["$initial"] }] } } } },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173) },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
});
