import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `column IN (…)` for a list of any length. D1 binds at most 100 parameters a statement, so a
 * campaign's 2,000 addresses go in as one JSON parameter that SQLite unpacks with json_each.
 */
export const inJsonList = (column: AnyColumn | SQL, values: readonly (string | number)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
