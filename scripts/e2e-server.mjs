// The browser tests' server: a fresh build and a fresh, migrated, seeded local state in the folders
// named by BUILD_DIR and STATE_DIR (set by playwright.config.ts), served on the given port.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eStripe } from "./e2e-stripe.mjs";

const port = process.argv[2] ?? "8788";
rmSync(process.env.STATE_DIR, { recursive: true, force: true });
const step = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: process.env });
step("npx", ["vite", "build", "--logLevel", "error"]);
step("node", ["scripts/prerender.mjs"]);
// Card payments on, against the fake Stripe that Playwright's global setup serves (e2e/global-setup.ts):
// `vite preview` reads the Worker's secrets from the .dev.vars beside the built wrangler.json.
const stripe = e2eStripe(Number(port));
for (const dir of readdirSync(process.env.BUILD_DIR)) {
  if (!existsSync(join(process.env.BUILD_DIR, dir, "wrangler.json"))) continue;
  const vars = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
  };
  writeFileSync(
    join(process.env.BUILD_DIR, dir, ".dev.vars"),
    Object.entries(vars)
      .map(([k, v]) => `${k}='${v}'\n`)
      .join(""),
  );
}
step("node", ["scripts/local-db.mjs"]);
// vite itself, not through npx, so a stop signal reaches the server and no preview is left running.
const server = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", port, "--strictPort"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill("SIGTERM"));
process.on("exit", () => server.kill("SIGTERM"));
server.on("exit", (code) => process.exit(code ?? 0));
