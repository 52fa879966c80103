// The browser tests' server: a fresh build and a fresh, migrated, seeded local state in the folders
// named by BUILD_DIR and STATE_DIR (set by playwright.config.ts), served on the given port.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.argv[2] ?? "8788";
rmSync(process.env.STATE_DIR, { recursive: true, force: true });
const step = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: process.env });
step("npx", ["vite", "build", "--logLevel", "error"]);
step("node", ["scripts/prerender.mjs"]);
step("node", ["scripts/local-db.mjs"]);
// vite itself, not through npx, so a stop signal reaches the server and no preview is left running.
const server = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", port, "--strictPort"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill("SIGTERM"));
process.on("exit", () => server.kill("SIGTERM"));
server.on("exit", (code) => process.exit(code ?? 0));
