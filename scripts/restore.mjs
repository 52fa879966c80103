// npm run restore -- <backup.json>: loads a "Download everything" backup into the local database
// (or the one STATE_DIR names), migrated first to the current schema. Meant for a fresh folder:
// a rehearsal (STATE_DIR=.restore-check npm run restore -- backup.json, then npm start with the
// same STATE_DIR) or a new machine. Rows with the same ids are replaced by the backup's.
// With --sql <out.sql> it only writes the statements, for a database it does not reach.
// The file is checked whole against the migrated schema first (scripts/restore-sql.mjs): a file
// that names a table or column the schema lacks, or one that is never restored, is refused with
// the first problem and nothing is written.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupCounts, restoreStatements, SCHEMA_QUERY, schemaFrom } from "./restore-sql.mjs";

const [file, flag, out] = process.argv.slice(2);
if (!file || (flag !== undefined && (flag !== "--sql" || !out))) {
  console.error("usage: npm run restore -- <backup.json> [--sql <out.sql>]");
  process.exit(2);
}

const wrangler = (args, stdout = "ignore") =>
  execFileSync("npx", ["wrangler", ...args], {
    stdio: ["ignore", stdout, "inherit"],
    env: { ...process.env, CI: "true" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });

/** Migrates the local database in `persist` (wrangler's arguments) and reads its tables and columns. */
function migratedSchema(persist) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", ...persist]);
  const [answer] = JSON.parse(
    wrangler(["d1", "execute", "DB", "--local", ...persist, "--json", "--command", SCHEMA_QUERY], "pipe"),
  );
  return schemaFrom(answer.results);
}

let backup;
try {
  backup = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`restore: ${file} is not a JSON file (${error.message})`);
  process.exit(1);
}

/** The statements, or null once the reason the file was refused is printed. */
function statementsFor(persist) {
  try {
    return restoreStatements(backup, migratedSchema(persist));
  } catch (error) {
    console.error(`restore: ${error.message}`);
    return null;
  }
}

const folder = mkdtempSync(join(tmpdir(), "restore-"));
try {
  if (flag === "--sql") {
    // No database to read: a scratch one, migrated the same way, has the schema of the freshly
    // migrated database the statements are meant for.
    const statements = statementsFor(["--persist-to", join(folder, "scratch")]);
    if (statements) {
      writeFileSync(out, `${statements.join("\n")}\n`);
      console.log(`restore: ${statements.length} statements written to ${out}`);
    }
    process.exitCode = statements ? 0 : 1;
  } else {
    const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
    const statements = statementsFor(persist);
    if (statements) {
      const sql = join(folder, "restore.sql");
      writeFileSync(sql, `${statements.join("\n")}\n`);
      wrangler(["d1", "execute", "DB", "--local", ...persist, "--file", sql]);
      const counts = Object.entries(backupCounts(backup))
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${t} ${n}`)
        .join(", ");
      console.log(
        `restore: backup of ${backup.exportedAt} loaded (${counts}); ${backup.images.length} product images and ${backup.documents?.length ?? 0} document PDFs are listed, to copy into R2`,
      );
    }
    process.exitCode = statements ? 0 : 1;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
