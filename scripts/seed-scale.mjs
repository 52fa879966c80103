// npm run seed:scale: adds ten years of a busy firm (scripts/seed-data/scale.mjs: 20,000 customers
// with 60,000 visits, 30,000 subscribers, 20,000 quote requests, 20,000 orders) to the local
// database, beside the demo data, in one `wrangler d1 execute`. Run it once; a second run adds
// nothing. STATE_DIR selects another local state folder, as the seed does.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { SCALE, SCALE_MARKER_SQL, scaleStatements } from "./seed-data/scale.mjs";

/** Loads the generated rows unless they are there already; answers whether it loaded them. */
export function seedScale(env = process.env) {
  const persist = env.STATE_DIR ? ["--persist-to", env.STATE_DIR] : [];
  const wrangler = (args) =>
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...persist, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...env, CI: "true" },
    });
  const [{ results }] = JSON.parse(wrangler(["--json", "--command", SCALE_MARKER_SQL]));
  if (results[0].n > 0) return false;
  const folder = mkdtempSync(join(tmpdir(), "seed-scale-"));
  const file = join(folder, "scale.sql");
  writeFileSync(
    file,
    `${scaleStatements()
      .map((s) => `${s};`)
      .join("\n")}\n`,
  );
  try {
    wrangler(["--file", file]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const loaded = seedScale();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    loaded
      ? `seed:scale: ${SCALE.customers} customers, ${SCALE.customers * SCALE.visitsPerCustomer} visits, ${SCALE.subscribers} subscribers, ${SCALE.quotes} quotes and ${SCALE.orders} orders added in ${seconds} s`
      : "seed:scale: the generated rows are there already; nothing added",
  );
}
