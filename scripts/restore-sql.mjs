// The SQL that loads a "Download everything" backup (worker/services/admin/backup.ts) into a
// database migrated to the same schema: for each table in the backup's order, INSERT OR REPLACE
// statements of as many rows as fit in 90 KB (D1 takes statements of up to 100 KB), each row's
// values written as SQL literals. The search tables fill themselves through their triggers.
// Shared by scripts/restore.mjs and the restore rehearsal test, so both load it the same way.

const STATEMENT_BYTES = 90_000;

/** A SQL literal for a JSON value as the backup holds it (text, a number, or null). */
function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`a value the backup cannot hold: ${JSON.stringify(value)}`);
}

const byteLength = (text) => new TextEncoder().encode(text).length;

/** Checks the file is a backup this code knows, and names what is wrong if not. */
export function checkBackup(backup) {
  if (backup?.format !== "northside-backup") throw new Error("This file is not a Northside Heating backup.");
  if (backup.version !== 1) throw new Error(`This backup is version ${backup.version}; this restore reads version 1.`);
  if (typeof backup.tables !== "object" || backup.tables === null) throw new Error("The backup has no tables.");
}

/** The statements, in order. */
export function restoreStatements(backup) {
  checkBackup(backup);
  const statements = [];
  for (const [table, rows] of Object.entries(backup.tables)) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`A table name the restore does not accept: ${table}`);
    let columns = null;
    let head = "";
    let values = [];
    let size = 0;
    const flush = () => {
      if (values.length > 0) statements.push(`${head}${values.join(",")};`);
      values = [];
      size = byteLength(head);
    };
    for (const row of rows) {
      const names = Object.keys(row);
      if (columns === null || names.join() !== columns.join()) {
        flush();
        columns = names;
        head = `INSERT OR REPLACE INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES `;
        size = byteLength(head);
      }
      const tuple = `(${columns.map((c) => literal(row[c])).join(",")})`;
      const bytes = byteLength(tuple) + 1;
      if (values.length > 0 && size + bytes > STATEMENT_BYTES) flush();
      values.push(tuple);
      size += bytes;
    }
    flush();
  }
  return statements;
}

/** How many rows of each table the backup holds. */
export const backupCounts = (backup) => Object.fromEntries(Object.entries(backup.tables).map(([t, rows]) => [t, rows.length]));
