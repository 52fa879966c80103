/**
 * D1's production limits (developers.cloudflare.com/d1/platform/limits), enforced on a binding the
 * way production enforces them, so a test fails where a deploy would. The local runtime already
 * refuses more than 100 bound parameters; it accepts a statement of any length and any number of
 * queries in one invocation, which production does not.
 */
export const D1_LIMITS = {
  /** Queries per Worker invocation on the paid plan; every statement of a batch counts. */
  queriesPerInvocation: 1000,
  /** Maximum SQL statement length, in bytes. */
  statementBytes: 100_000,
} as const;

export class D1LimitError extends Error {}

const encoder = new TextEncoder();

/**
 * The binding for one invocation (a request, a cron run, a queue batch): it counts the queries
 * sent through it and throws, as production would fail the call, once the invocation passes
 * 1,000 or a statement passes 100 KB. Wraps any binding, a counting one included.
 */
export function guardedD1(db: D1Database) {
  let queries = 0;
  const inner = new WeakMap<object, D1PreparedStatement>();

  const spend = (n: number) => {
    queries += n;
    if (queries > D1_LIMITS.queriesPerInvocation) {
      throw new D1LimitError(`D1 limit: more than ${D1_LIMITS.queriesPerInvocation} queries in one invocation (${queries})`);
    }
  };

  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            spend(1);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    inner.set(proxy, stmt);
    return proxy;
  };

  const guarded = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          const bytes = encoder.encode(sql).length;
          if (bytes > D1_LIMITS.statementBytes) {
            throw new D1LimitError(`D1 limit: a statement of ${bytes} bytes (at most ${D1_LIMITS.statementBytes})`);
          }
          return wrap(target.prepare(sql));
        };
      }
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          spend(statements.length);
          return target.batch(statements.map((s) => inner.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          spend(sql.split(";").filter((part) => part.trim()).length);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  return { db: guarded, queries: () => queries };
}

/** The bindings of one invocation, with D1 guarded. */
export const guardedEnv = <E extends { DB: D1Database }>(env: E): E => ({ ...env, DB: guardedD1(env.DB).db });
