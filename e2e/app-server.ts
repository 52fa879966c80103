import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eStripe } from "../scripts/e2e-stripe.mjs";
import { e2eXero } from "../scripts/e2e-xero.mjs";

/**
 * The browser tests' servers. The app is built once for the run (global-setup.ts, into
 * `.e2e/e2e-<port>/dist`, with card payments pointed at the run's one fake Stripe), then each
 * Playwright worker serves that build on a port of its own with its own fresh, migrated and seeded
 * local D1/R2: workers never share data, so spec files run side by side as they ran one after another.
 *
 * One build serves them all because `vite build` leaves a redirect (frontend/.wrangler/deploy/
 * config.json) that every `vite preview` follows to it, whatever BUILD_DIR says; the fake Stripe
 * sends each payment's webhook back to the app that made its session.
 */
export const basePort = () => Number(process.env.E2E_PORT ?? 8788);
const runDir = () => `.e2e/e2e-${basePort()}`;
const buildDir = () => `${runDir()}/dist`;

/** A worker's port: ten apart, clear of the fake Stripe (100 above the first). */
const portOf = (worker: number) => basePort() + worker * 10;

export type AppServer = { base: string; stop: () => Promise<void> };

async function healthy(base: string, deadline: number, server: ChildProcess): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app server on ${base} stopped (exit ${server.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app server on ${base} did not answer /api/health in time`);
}

export async function startAppServer(worker: number): Promise<AppServer> {
  const port = portOf(worker);
  const base = `http://localhost:${port}`;
  const env = {
    ...process.env,
    BUILD_DIR: buildDir(),
    STATE_DIR: `${runDir()}/state-${worker}`,
    WRANGLER_SEND_METRICS: "false",
    NO_INSPECTOR: "1",
  };
  rmSync(env.STATE_DIR, { recursive: true, force: true });
  execFileSync("node", ["scripts/local-db.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
  // vite itself, not through npx, so the stop signal reaches the server.
  const server = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", String(port), "--strictPort"], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
  try {
    await healthy(base, Date.now() + 120_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** The run's one build, for every worker, with card payments and the Xero app on against the run's fakes. */
export function buildApp(): void {
  const env = { ...process.env, BUILD_DIR: buildDir(), WRANGLER_SEND_METRICS: "false" };
  rmSync(runDir(), { recursive: true, force: true });
  const step = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
  step("npx", ["vite", "build", "--logLevel", "error"]);
  step("node", ["scripts/prerender.mjs"]);
  // `vite preview` reads the Worker's secrets from the .dev.vars beside the built wrangler.json.
  const stripe = e2eStripe(basePort());
  const xero = e2eXero(basePort());
  for (const dir of readdirSync(buildDir())) {
    if (!existsSync(join(buildDir(), dir, "wrangler.json"))) continue;
    writeFileSync(
      join(buildDir(), dir, ".dev.vars"),
      `STRIPE_SECRET_KEY='${stripe.secretKey}'\nSTRIPE_WEBHOOK_SECRET='${stripe.webhookSecret}'\nSTRIPE_API_BASE='${stripe.apiBase}'\n` +
        `XERO_CLIENT_ID='${xero.clientId}'\nXERO_CLIENT_SECRET='${xero.clientSecret}'\n` +
        `XERO_LOGIN_BASE='${xero.apiBase}'\nXERO_IDENTITY_BASE='${xero.apiBase}'\nXERO_API_BASE='${xero.apiBase}'\n`,
    );
  }
}
