/**
 * The wrong-house gate (issue 42.1): reads a SQL statement as SQLite would and refuses the class of
 * bug where a correlated subquery's outer column is written unqualified. Drizzle writes a
 * single-table select's (and RETURNING's) columns without their table, so
 * sql`(SELECT ${properties.id} FROM ${properties} WHERE ${properties.customerId} = ${quotes.customerId})`
 * becomes `... WHERE "customer_id" = "customer_id"`: SQLite binds both to the subquery's own row, and
 * the comparison holds for every row. Three findings:
 *
 * - self-comparison: the two sides of a comparison are the same column of the same table instance
 *   (or the same unqualified name), through lower(), coalesce(), CAST and the like;
 * - outer-unqualified: inside a subquery, an unqualified column that no table of the subquery's own
 *   FROM has, so SQLite takes it from an outer table: it works only while no inner table grows a
 *   column of that name;
 * - same-row: inside a subquery, a comparison of two columns of the subquery's own row where one
 *   is unqualified and is also a column of an outer table: SQLite takes the inner one, which is
 *   what `sr.quote_id = "id"` (meant: the outer quote's id) silently did.
 *
 * Names are resolved with the migrated schema (tables, columns, FTS5's hidden columns, rowid),
 * aliases, json_each's columns, derived tables, CTEs and select-list aliases, scope by scope as
 * SQLite's resolver does. A name that resolves nowhere is left alone: SQLite refuses it itself (or
 * reads a double-quoted one as a string).
 */
import { type ParserOptions, parse } from "sql-parser-cst";
import { Checker, type Finding } from "./sql-gate-checks";
import { isNode, lower, type Node, type Schema } from "./sql-gate-scopes";

// The gate is read in three parts: this file (what the hook and the tests call), sql-gate-scopes.ts
// (the statement read as SQLite resolves its names) and sql-gate-checks.ts (the three findings).
export type { Finding, FindingRule } from "./sql-gate-checks";
export type { Schema } from "./sql-gate-scopes";

export class SqlGateParseError extends Error {}

/**
 * Statements the parser cannot read, each with its reason; anything else it cannot read fails the
 * test that sent it, so the gate never skips a statement silently.
 */
export const KNOWN_UNPARSABLE: readonly { pattern: RegExp; reason: string }[] = [];

/**
 * Whether a statement has a subquery (a parenthesised SELECT, WITH or VALUES, comments allowed
 * between): one without cannot hold the class, and the hook does not parse it, which halves the
 * parsing a test file costs (most of Drizzle's statements are single selects, inserts, updates).
 */
export const mayHoldSubquery = (text: string) => /\((?:\s|\/\*[\s\S]*?\*\/|--[^\n]*\n)*(?:select|with|values)\b/i.test(text);

const PARSE_OPTIONS: ParserOptions = { dialect: "sqlite", paramTypes: ["?", "?nr"], includeRange: true };

/** The findings for one statement (or several, as exec() takes them); throws SqlGateParseError. */
export function checkSql(text: string, schema: Schema): Finding[] {
  let program: Node;
  try {
    program = parse(text, PARSE_OPTIONS) as unknown as Node;
  } catch (error) {
    if (KNOWN_UNPARSABLE.some((k) => k.pattern.test(text))) return [];
    throw new SqlGateParseError(`The SQL gate's parser cannot read this statement (${String(error).split("\n")[0]}):\n${text}`);
  }
  const checker = new Checker(schema, text);
  for (const statement of program.statements as Node[]) if (isNode(statement)) checker.statement(statement);
  return checker.findings;
}

/** The schema as the migrated database has it: every table's and view's columns, hidden ones included. */
export const SCHEMA_QUERY =
  "SELECT m.name AS tbl, p.name AS col FROM sqlite_master AS m, pragma_table_xinfo(m.name) AS p WHERE m.type IN ('table', 'view')";

export function schemaOf(rows: readonly { tbl: string; col: string }[]): Schema {
  const schema = new Map<string, Set<string>>();
  for (const { tbl, col } of rows) {
    const table = lower(tbl);
    const columns = schema.get(table) ?? new Set<string>();
    schema.set(table, columns);
    columns.add(lower(col));
  }
  return schema;
}
