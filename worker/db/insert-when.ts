import { Column, getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteInsertSelectQueryBuilder, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * INSERT … SELECT from only the columns that matter. An insert-select is how a write is guarded in
 * SQL (inserted only while a WHERE holds, in the same batch as what it guards) or fed from other
 * rows; Drizzle's takes every column of the table, in the table's order. This fills in the rest as
 * Drizzle's own insert would (the column's SQL or JS default, else NULL), so callers name only
 * what they give.
 */

/** A column's value (bound as a parameter, mapped as the column maps it), SQL, or a column of the rows selected from. */
export type Given<T> = T | SQL | SQLiteColumn;

/** The table's insert shape: the columns it requires, required; every other one optional. */
export type InsertWhenValues<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]: Given<T["$inferInsert"][K]> };

type Rows = SQLiteTable | SQL;

/** The rows the insert is selected from: one row (`(SELECT 1)`) unless `from` names others. */
export type InsertWhenSource = {
  from?: Rows;
  innerJoin?: [Rows, SQL];
  where?: SQL;
  /** The order the rows are inserted in, so their ids follow it. */
  orderBy?: (SQL | SQLiteColumn)[];
  limit?: number;
};

/** What Drizzle's insert writes for a column it is not given. */
function fallback(column: SQLiteColumn): SQL {
  // A JS defaultFn runs once for the statement: every row selected gets the same value.
  const made = column.default ?? column.defaultFn?.() ?? column.onUpdateFn?.();
  if (made === undefined || made === null) return sql`NULL`;
  return is(made, SQL) ? made : sql`${sql.param(made, column)}`;
}

function selected(value: unknown, column: SQLiteColumn): SQL.Aliased | SQLiteColumn {
  if (is(value, Column)) return value as SQLiteColumn;
  const expression =
    value === undefined
      ? fallback(column)
      : value === null
        ? sql`NULL`
        : is(value, SQL)
          ? value
          : sql`${sql.param(value, column)}`;
  return sql`${expression}`.as(column.name);
}

/**
 * `INSERT INTO table SELECT …` with `values` for the columns given and each other column's default
 * or NULL, one row for each row of `source` (by default one, where `source.where` holds). Answers
 * Drizzle's insert builder: `.onConflictDoNothing()`, `.onConflictDoUpdate()`, `.returning()` go on it.
 */
export function insertWhen<T extends SQLiteTable>(db: Db, table: T, values: InsertWhenValues<T>, source: InsertWhenSource = {}) {
  const given = values as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([key, column]) => [
      key,
      selected(given[key], column),
    ]),
  );
  let select = db
    .select(fields)
    .from(source.from ?? sql`(SELECT 1)`)
    .$dynamic();
  if (source.innerJoin) select = select.innerJoin(...source.innerJoin);
  // Always a WHERE: in INSERT … SELECT … FROM t ON CONFLICT, SQLite would read the ON as a join's.
  select = select.where(source.where ?? sql`true`);
  if (source.orderBy?.length) select = select.orderBy(...source.orderBy);
  if (source.limit !== undefined) select = select.limit(source.limit);
  return db.insert(table).select(select as unknown as SQLiteInsertSelectQueryBuilder<T>);
}
