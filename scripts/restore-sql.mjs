// The SQL that loads a "Download everything" backup (worker/services/backup/backup.ts) into a
// database migrated to the same schema: for each table, in schema/backup-tables.ts's order (each
// after the tables it refers to), INSERT OR REPLACE statements of as many rows as fit in 90 KB (D1
// takes statements of up to 100 KB). The search tables fill themselves through their triggers.
// Shared by scripts/restore.mjs and the restore tests, so both load it the same way.
//
// The file is not trusted: whoever could swap it could otherwise plant an owner's password of their
// own (admin_accounts, which the backup leaves out) or run SQL through a column's name. So every
// table must be one the backup writes (schema/backup-tables.ts), every column one that table has in
// the target database, every value text, a number or null as its column takes it, and the file is
// checked whole before a statement is made: a refused file changes nothing.
//
// Where the schema comes from: the target database itself, freshly migrated by the project's own
// migrations (SCHEMA_QUERY below), rather than the Drizzle tables in schema/db. It is exactly what
// the statements will run against, so the check cannot drift from it, and plain Node can read it
// (schema/db is TypeScript that only a bundler resolves). `--sql` mode, which has no database,
// migrates a scratch one the same way (scripts/restore.mjs). The table names come from
// schema/backup-tables.ts, so D1's own tables, the migrations log and the search index's shadow
// tables, which the database also holds, are never written either.
import { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION, LEFT_OUT_OF_BACKUP } from "../schema/backup-tables.ts";

const STATEMENT_BYTES = 90_000;

/** Every column of every table of a database, with its declared type and whether it takes a null. */
export const SCHEMA_QUERY = `SELECT m.name AS "table", p.name AS "column", upper(p.type) AS "type", p."notnull" AS "notNull", p.dflt_value IS NOT NULL AS "hasDefault"
FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p
WHERE m.type = 'table' ORDER BY m.name, p.cid`;

/** SCHEMA_QUERY's rows as a map: table → column → { type, notNull, hasDefault }. */
export function schemaFrom(rows) {
  const schema = new Map();
  for (const { table, column, type, notNull, hasDefault } of rows) {
    if (!schema.has(table)) schema.set(table, new Map());
    schema.get(table).set(column, { type, notNull: Boolean(notNull), hasDefault: Boolean(hasDefault) });
  }
  return schema;
}

/** An identifier, always quoted (a double quote inside is doubled), whatever it is. */
export const quoteIdentifier = (name) => `"${String(name).replaceAll('"', '""')}"`;

/**
 * The one way a value becomes SQL: NULL, a number as SQLite reads it back, or text in single
 * quotes with each quote doubled. A NUL would end the statement's text where SQLite reads it, so
 * it is written as char(0) joined on. Anything else (an object, an array, a boolean, NaN or an
 * infinity, text that is not valid Unicode) is refused.
 */
export function sqlLiteral(value) {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return Object.is(value, -0) ? "0" : String(value);
  }
  if (typeof value === "string") {
    if (!value.isWellFormed()) throw new Error("text that is not valid Unicode");
    const quoted = value
      .split("\u0000")
      .map((part) => `'${part.replaceAll("'", "''")}'`)
      .join("||char(0)||");
    return value.includes("\u0000") ? `(${quoted})` : quoted;
  }
  throw new Error(`a value the backup cannot hold: ${shown(value)}`);
}

const byteLength = (text) => new TextEncoder().encode(text).length;
const shown = (value) => {
  const text = typeof value === "bigint" ? `${value}n` : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
const isPlainObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const refuse = (message) => {
  throw new Error(`This backup was not restored: ${message}`);
};

/** Whether a value fits a column of this declared type (SQLite's affinity names, as the migrations write them). */
function fits(type, value) {
  if (type.includes("INT")) return Number.isSafeInteger(value);
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return typeof value === "string";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB"))
    return typeof value === "number" && Number.isFinite(value);
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

const kindOf = (type) =>
  type.includes("INT") ? "a whole number" : type.includes("TEXT") || type.includes("CHAR") ? "text" : "a number or text";

/** The list of stored files (images, documents): objects with a key, a size and an upload time. */
function checkFileList(backup, part, required) {
  const list = backup[part];
  if (list === undefined && !required) return;
  if (!Array.isArray(list)) refuse(`its "${part}" is not a list.`);
  for (const [i, file] of list.entries()) {
    if (
      !isPlainObject(file) ||
      typeof file.key !== "string" ||
      typeof file.size !== "number" ||
      typeof file.uploaded !== "string"
    ) {
      refuse(`entry ${i + 1} of "${part}" is not a file's key, size and upload time.`);
    }
  }
}

const TOP_LEVEL = new Set(["format", "version", "exportedAt", "tables", "images", "documents"]);

/**
 * Checks the whole file against the schema, and names the first thing wrong. `schema` is
 * schemaFrom(SCHEMA_QUERY's rows) of the migrated target database.
 */
export function checkBackup(backup, schema) {
  if (!isPlainObject(backup) || backup.format !== BACKUP_FORMAT) throw new Error("This file is not a Northside Heating backup.");
  if (backup.version !== BACKUP_VERSION) {
    throw new Error(`This backup is version ${shown(backup.version)}; this restore reads version ${BACKUP_VERSION}.`);
  }
  const unknownPart = Object.keys(backup).find((key) => !TOP_LEVEL.has(key));
  if (unknownPart !== undefined) refuse(`it has a part this restore does not know: "${unknownPart}".`);
  if (typeof backup.exportedAt !== "string" || Number.isNaN(Date.parse(backup.exportedAt)))
    refuse(`its "exportedAt" is not a date.`);
  if (!isPlainObject(backup.tables)) refuse(`its "tables" is not a set of tables.`);
  checkFileList(backup, "images", true);
  checkFileList(backup, "documents", false);

  for (const [table, rows] of Object.entries(backup.tables)) {
    if (Object.hasOwn(LEFT_OUT_OF_BACKUP, table)) {
      refuse(`it holds the table "${table}", which is never restored (${LEFT_OUT_OF_BACKUP[table]}).`);
    }
    const columns = BACKUP_TABLES.includes(table) ? schema.get(table) : undefined;
    if (!columns) refuse(`it holds a table that is not one of the business's: "${table}".`);
    if (!Array.isArray(rows)) refuse(`its table "${table}" is not a list of rows.`);
    const required = [...columns].filter(([, c]) => c.notNull && !c.hasDefault).map(([name]) => name);
    for (const [i, row] of rows.entries()) {
      const where = `row ${i + 1} of "${table}"`;
      if (!isPlainObject(row)) refuse(`${where} is not an object of columns.`);
      if (Object.keys(row).length === 0) refuse(`${where} has no columns.`);
      for (const [name, value] of Object.entries(row)) {
        const column = columns.get(name);
        if (!column) refuse(`${where} has a column the table does not have: "${name}".`);
        if (value === null) {
          if (column.notNull) refuse(`${where} has no value for "${name}", which needs one.`);
        } else if (!fits(column.type, value) || (typeof value === "string" && !value.isWellFormed())) {
          refuse(`${where} has ${shown(value)} for "${name}", which takes ${kindOf(column.type)}.`);
        }
      }
      const missing = required.find((name) => !Object.hasOwn(row, name));
      if (missing !== undefined) refuse(`${where} has no "${missing}", which needs a value.`);
    }
  }
}

/** The statements, in order, once checkBackup found nothing wrong. */
export function restoreStatements(backup, schema) {
  checkBackup(backup, schema);
  const statements = [];
  for (const table of BACKUP_TABLES) {
    const rows = Object.hasOwn(backup.tables, table) ? backup.tables[table] : [];
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
      if (columns === null || names.join("\u0000") !== columns.join("\u0000")) {
        flush();
        columns = names;
        head = `INSERT OR REPLACE INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(",")}) VALUES `;
        size = byteLength(head);
      }
      const tuple = `(${columns.map((c) => sqlLiteral(row[c])).join(",")})`;
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
