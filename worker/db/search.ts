import { type AnyColumn, or, type SQL, sql } from "drizzle-orm";

/**
 * Search for the back office's lists, in D1 through the trigram FTS5 tables of migration 0003:
 * every word of three or more characters must appear somewhere in the record (so any part of a
 * name, e-mail, phone number or postcode finds it, from an index). A phone number typed with spaces
 * is matched by its digits. Words shorter than three characters cannot use a trigram index; a search
 * made only of such words falls back to matching the start of the given columns.
 */
export function trigramQuery(q: string): string | null {
  const trimmed = q.trim();
  const digits = trimmed.replace(/[\s()+-]/g, "");
  const words = /^\d{3,}$/.test(digits) ? [digits] : trimmed.split(/\s+/);
  const usable = words.map((w) => w.replace(/"/g, "")).filter((w) => w.length >= 3);
  return usable.length > 0 ? usable.map((w) => `"${w}"`).join(" AND ") : null;
}

/**
 * The condition for a list: its id among the FTS table's matches (`ftsKey` is the column that holds
 * the record's key there, `rowid` for tables keyed by an integer id).
 */
export function searchCondition(
  q: string | undefined,
  ftsTable: string,
  id: AnyColumn,
  shortFallback: AnyColumn[],
  ftsKey = "rowid",
): SQL | undefined {
  if (!q?.trim()) return undefined;
  const match = trigramQuery(q);
  if (match) return sql`${id} IN (SELECT ${sql.raw(ftsKey)} FROM ${sql.raw(ftsTable)} WHERE ${sql.raw(ftsTable)} MATCH ${match})`;
  const start = `${q.trim().replace(/[%_\\]/g, "")}%`;
  return or(...shortFallback.map((column) => sql`${column} LIKE ${start}`));
}
