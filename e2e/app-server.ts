import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eStripe } from "../scripts/e2e-stripe.mjs";
import { startFakeStripe } from "../test/fakes/stripe";

/**
 * The browser tests' servers: the app is built once for the run (global-setup.ts, into
 * `.e2e/e2e-<port>/dist`), then each Playwright worker serves its own copy of it with its own fresh,
 * migrated and seeded local D1/R2 and its own fake Stripe, on a port of its own. Workers never share
 * data, so spec files run side by side as they ran one after another.
 */
export const basePort = () => Number(process.env.E2E_PORT ?? 8788);
export const runDir = () => `.e2e/e2e-${basePort()}`;
export const buildDir = () => `${runDir()}/dist`;

/** A worker's port: ten apart, so each keeps its fake Stripe (100 above) clear of the others'. */
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
  // Beside the run's own folder, at the same depth: the built wrangler.json names the migrations
  // folder by a relative path.
  const dir = `${runDir()}-w${worker}`;
  const env = { ...process.env, BUILD_DIR: `${dir}/dist`, STATE_DIR: `${dir}/state`, WRANGLER_SEND_METRICS: "false" };
  rmSync(dir, { recursive: true, force: true });
  cpSync(buildDir(), env.BUILD_DIR, { recursive: true });
  // Card payments on, against this worker's fake Stripe: `vite preview` reads the Worker's secrets
  // from the .dev.vars beside the built wrangler.json.
  const stripe = e2eStripe(port);
  for (const worker of readdirSync(env.BUILD_DIR)) {
    if (!existsSync(join(env.BUILD_DIR, worker, "wrangler.json"))) continue;
    writeFileSync(
      join(env.BUILD_DIR, worker, ".dev.vars"),
      `STRIPE_SECRET_KEY='${stripe.secretKey}'\nSTRIPE_WEBHOOK_SECRET='${stripe.webhookSecret}'\nSTRIPE_API_BASE='${stripe.apiBase}'\n`,
    );
  }
  execFileSync("node", ["scripts/local-db.mjs"], { stdio: ["ignore", "ignore", "inherit"], env });
  const fake = await startFakeStripe({
    port: stripe.port,
    webhook: { url: `${base}/api/stripe/webhook`, secret: stripe.webhookSecret },
  });
  // vite itself, not through npx, so the stop signal reaches the server.
  const server = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", String(port), "--strictPort"], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await fake.close();
  };
  try {
    await healthy(base, Date.now() + 120_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** The run's one build, for every worker (global-setup.ts). */
export function buildApp(): void {
  const env = { ...process.env, BUILD_DIR: buildDir(), WRANGLER_SEND_METRICS: "false" };
  rmSync(runDir(), { recursive: true, force: true });
  const step = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
  step("npx", ["vite", "build", "--logLevel", "error"]);
  step("node", ["scripts/prerender.mjs"]);
}
