import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DocumentSummary } from "../../../schema/api/documents";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import type { AppEnv } from "../../env";
import type { DocumentKind, DocumentScope } from "./kind";

/** The scope as a condition on a kind's own customer and property columns. */
export const scopeWhere = (scope: DocumentScope, customerId: SQLiteColumn, propertyId: SQLiteColumn): SQL | undefined =>
  "customerId" in scope
    ? eq(customerId, scope.customerId)
    : "customerIds" in scope
      ? sql`${customerId} IN (${scope.customerIds})`
      : inJsonList(propertyId, scope.propertyIds);

/**
 * The documents of the kinds given that a page lists, newest first: every kind's rows in one batch
 * (one round trip however many kinds), each kind turning its own rows into summaries.
 */
export async function listDocuments(
  env: AppEnv,
  db: Db,
  kinds: DocumentKind[],
  scope: DocumentScope,
): Promise<DocumentSummary[]> {
  const listed = kinds.flatMap((kind) => (kind.list ? [kind.list] : []));
  if (listed.length === 0) return [];
  const [first, ...rest] = listed.map((list) => list.query(db, scope));
  const rows = (await db.batch([first!, ...rest])) as unknown[][];
  const summaries = await Promise.all(listed.map((list, i) => list.summaries(env, rows[i] as never[])));
  return summaries.flat().sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
