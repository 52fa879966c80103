import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../schema/db";

const connect = (binding: D1Database) => drizzle(binding, { schema });

export type Db = ReturnType<typeof connect>;

/**
 * Drizzle works out the schema's tables and relations each time it is given them: about 3% of a
 * request's Worker time when it was done per request. The binding is the same object for every
 * request an isolate serves, so each binding's client is made once and kept (weakly: a test's
 * binding goes with its test). The client holds no state of a request's own.
 */
const clients = new WeakMap<D1Database, Db>();

export function getDb(env: { DB: D1Database }): Db {
  let db = clients.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    clients.set(env.DB, db);
  }
  return db;
}

/**
 * Runs a list of statements built at run time (how many depends on the data) as one D1 batch:
 * one round trip, one transaction. An empty list runs nothing. Answers each statement's result,
 * in order (rows for a select or a RETURNING).
 */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  const [first, ...rest] = statements;
  return first ? db.batch([first, ...rest]) : [];
}
