// npm run db:seed: fills local D1 with the demo catalogue, customers, service records, quotes,
// subscribers, orders and a chat, in ONE `wrangler d1 execute` (one wrangler start). Idempotent and
// safe on owner data: see scripts/seed-data/sql.mjs. STATE_DIR selects another local state folder,
// as scripts/local-db.mjs and vite.config.ts do. Needs the project's Node 22 (it imports the
// company facts from schema/business.ts), which `npm run` and `npx` provide.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedStatements } from "./seed-data/sql.mjs";

const statements = seedStatements();
const folder = mkdtempSync(join(tmpdir(), "seed-"));
const file = join(folder, "seed.sql");
writeFileSync(file, `${statements.join("\n")}\n`);

const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
try {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...persist], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`seed: demo data in place (${statements.length} guarded inserts; existing rows are never changed)`);
