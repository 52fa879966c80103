// npm run restore -- <backup.json>: loads a "Download everything" backup into the local database
// (or the one STATE_DIR names), migrated first to the current schema. Meant for a fresh folder:
// a rehearsal (STATE_DIR=.restore-check npm run restore -- backup.json, then npm start with the
// same STATE_DIR) or a new machine. Rows with the same ids are replaced by the backup's.
// With --sql <out.sql> it only writes the statements, for a database it does not reach.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupCounts, restoreStatements } from "./restore-sql.mjs";

const [file, flag, out] = process.argv.slice(2);
if (!file || (flag !== undefined && (flag !== "--sql" || !out))) {
  console.error("usage: npm run restore -- <backup.json> [--sql <out.sql>]");
  process.exit(2);
}
const backup = JSON.parse(readFileSync(file, "utf8"));
const statements = restoreStatements(backup);
if (flag === "--sql") {
  // Only the SQL, for a database this script does not reach (wrangler d1 execute --remote --file).
  writeFileSync(out, `${statements.join("\n")}\n`);
  console.log(`restore: ${statements.length} statements written to ${out}`);
  process.exit(0);
}

const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
const run = (args) => execFileSync("npx", args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
run(["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
const folder = mkdtempSync(join(tmpdir(), "restore-"));
try {
  const sql = join(folder, "restore.sql");
  writeFileSync(sql, `${statements.join("\n")}\n`);
  run(["wrangler", "d1", "execute", "DB", "--local", ...persist, "--file", sql]);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const counts = Object.entries(backupCounts(backup))
  .filter(([, n]) => n > 0)
  .map(([t, n]) => `${t} ${n}`)
  .join(", ");
console.log(
  `restore: backup of ${backup.exportedAt} loaded (${counts}); ${backup.images.length} product images and ${backup.documents?.length ?? 0} document PDFs are listed, to copy into R2`,
);
