// Builds the production configuration (CLOUDFLARE_ENV=production: Workers AI bound, no development
// credentials) and deploys it. `--dry-run` does everything but upload, offline.
import { execFileSync } from "node:child_process";

const dryRun = process.argv.includes("--dry-run");
const buildDir = dryRun ? ".wrangler/deploy-dry-run" : "dist-deploy";
const env = { ...process.env, CLOUDFLARE_ENV: "production", BUILD_DIR: buildDir, WRANGLER_SEND_METRICS: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env });

run("npx", ["vite", "build", "--logLevel", "warn"]);
run("node", ["scripts/prerender.mjs"]);
run("npx", ["wrangler", "deploy", "--config", `${buildDir}/heating_company/wrangler.json`, ...(dryRun ? ["--dry-run"] : [])]);
