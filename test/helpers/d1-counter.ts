/**
 * A D1 binding that counts round trips: every first/all/run/raw of a statement is one trip, and
 * a batch is one trip however many statements it holds. Each trip keeps the SQL it sent, so a test
 * can tell reads from writes.
 */
export function countingD1(db: D1Database) {
  const trips: string[][] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();

  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            trips.push([sql]);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, stmt);
    sqlOf.set(proxy, sql);
    return proxy;
  };

  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => wrap(target.prepare(sql), sql);
      }
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips.push(statements.map((s) => sqlOf.get(s) ?? "?"));
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          trips.push([sql]);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  return { db: counted, trips };
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * Trips that change the request's own data. Counting a rate-limit hit and handing an e-mail to the
 * local outbox or the mail queue (outgoing_emails) are not the request's write, nor is the audit
 * log's entry of it (written after the answer).
 */
export const writeTrips = (trips: string[][]) =>
  trips.filter((trip) => trip.some((sql) => WRITE.test(sql) && !/"(rate_limits|outbox|outgoing_emails|audit_log)"/.test(sql)));
