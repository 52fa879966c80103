// Applies D1 migrations to the local database and seeds it (the seed is idempotent).
// STATE_DIR (optional) selects another local state folder, as vite.config.ts does.
import { execFileSync } from "node:child_process";

const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
const run = (args) => execFileSync("npx", args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "true" } });

run(["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
run(["node", "scripts/seed.mjs"]);
