// Builds the production configuration (CLOUDFLARE_ENV=production: Workers AI bound, no development
// credentials) and deploys it. `--dry-run` does everything but upload, offline.
import { execFileSync } from "node:child_process";

const dryRun = process.argv.includes("--dry-run");
const buildDir = dryRun ? ".wrangler/deploy-dry-run" : "dist-deploy";
const env = { ...process.env, CLOUDFLARE_ENV: "production", BUILD_DIR: buildDir, WRANGLER_SEND_METRICS: "false" };
const run = (cmd, args, runEnv = env) => execFileSync(cmd, args, { stdio: "inherit", env: runEnv });

run("npx", ["vite", "build", "--logLevel", "warn"]);
run("node", ["scripts/prerender.mjs"]);
// The generated wrangler.json is already the production configuration, with no environments of its
// own: CLOUDFLARE_ENV would only make wrangler warn that it has none by that name.
const { CLOUDFLARE_ENV: _, ...deployEnv } = env;
run(
  "npx",
  ["wrangler", "deploy", "--config", `${buildDir}/heating_company/wrangler.json`, ...(dryRun ? ["--dry-run"] : [])],
  deployEnv,
);
