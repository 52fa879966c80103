import { env } from "cloudflare:workers";

/**
 * A D1 binding that keeps every statement sent through it with the values bound to it, so a test
 * can ask SQLite how it plans exactly what a request ran (EXPLAIN QUERY PLAN).
 */
export function recordingD1(db: D1Database) {
  const statements: { sql: string; values: unknown[] }[] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement, entry: { sql: string; values: unknown[] }): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind")
          return (...values: unknown[]) => {
            const bound = { sql: entry.sql, values };
            statements.push(bound);
            return wrap(target.bind(...values), bound);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, stmt);
    return proxy;
  };
  const recorded = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare")
        // Drizzle binds every statement it sends, with no values when it has none.
        return (sql: string) => wrap(target.prepare(sql), { sql, values: [] });
      if (prop === "batch") return (list: D1PreparedStatement[]) => target.batch(list.map((s) => real.get(s) ?? s));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: recorded, statements };
}

/** SQLite's plan of a statement with its values, one line per step. */
export async function planOf(sql: string, values: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...values)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}
