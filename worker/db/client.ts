import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../schema/db";

export function getDb(env: { DB: D1Database }) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof getDb>;

/**
 * Runs a list of statements built at run time (how many depends on the data) as one D1 batch:
 * one round trip, one transaction. An empty list runs nothing. Answers each statement's result,
 * in order (rows for a select or a RETURNING).
 */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  const [first, ...rest] = statements;
  return first ? db.batch([first, ...rest]) : [];
}
