// The built app as it is served, for measuring it (npm run bench, npm run lighthouse): a production
// build with its prerendered pages in <dir>/dist, local D1 migrated and seeded in <dir>/state, and
// `vite preview` running the Worker on them. Nothing outside <dir> is touched, and stop() removes it.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

/**
 * @param {{ dir: string, port: number, cwd?: string, env?: Record<string, string>, afterSeed?: (env: Record<string, string>) => void }} options
 *   cwd: the checkout to build and serve (default this one): another worktree, to measure an older
 *     commit beside this one (npm run lighthouse's LH_VS); it needs its own node_modules.
 *   afterSeed: more data for the measurement, loaded before the server starts (the bench's scale seed).
 * @returns {Promise<{ base: string, env: Record<string, string>, stop: () => Promise<void> }>}
 */
export async function startPreview({ dir, port, cwd = process.cwd(), env: extraEnv = {}, afterSeed }) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BUILD_DIR: `${dir}/dist`,
    STATE_DIR: `${dir}/state`,
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
    ...extraEnv,
  };
  const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env, cwd });

  // A server left on the port (an earlier run stopped half-way) would answer the readiness check
  // below in place of the one started here, and be measured instead of this build.
  const portTaken = await fetch(base).then(
    () => true,
    () => false,
  );
  if (portTaken) {
    throw new Error(`port ${port} is already in use: stop what runs there (pkill -f "vite preview") and retry`);
  }
  const remove = () => rmSync(join(cwd, dir), { recursive: true, force: true });
  remove();
  console.log(`building into ${join(cwd, dir)}/dist …`);
  run("npx", ["vite", "build", "--logLevel", "error"]);
  run("node", ["scripts/prerender.mjs"]);
  console.log(`migrating and seeding ${dir}/state …`);
  run("node", ["scripts/local-db.mjs"]);
  afterSeed?.(env);

  const server = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort"], {
    env,
    cwd,
    stdio: "ignore",
    detached: true,
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    remove();
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error("vite preview exited before it was ready");
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, env, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error("vite preview did not answer /api/health within 60 s");
}
