import { and, eq, sql } from "drizzle-orm";
import { ownerSettings } from "../../../schema/db";
import type { Db } from "../../db/client";

/**
 * The owner's settings rows: one JSON object per key ("facts", "calendar", "calendar-feed"), each
 * read over its defaults. A save writes only the groups given, each whole, with json_set on the
 * stored row, so two people saving different groups at once both keep their change.
 */

/** The statement that reads one settings row, for a caller to put in its own batch. */
export const settingRowQuery = (db: Db, key: string) =>
  db
    .select({ value: ownerSettings.value, updatedAt: ownerSettings.updatedAt })
    .from(ownerSettings)
    .where(eq(ownerSettings.key, key));

/**
 * The two statements that save `groups` into the row `key` (made from `defaults` if it is missing),
 * for a caller's batch; the second answers the saved row. With `expected` (the `updatedAt` the
 * saver read, null for "never saved"), the row is only written if nobody changed it since: the
 * second statement then answers no row.
 */
export function saveGroupsStatements(
  db: Db,
  key: string,
  defaults: object,
  groups: object,
  now = new Date().toISOString(),
  expected?: string | null,
) {
  const assignments = sql.join(
    Object.entries(groups).map(([group, value]) => sql`${`$.${group}`}, json(${JSON.stringify(value)})`),
    sql`, `,
  );
  return [
    db
      .insert(ownerSettings)
      .values({ key, value: JSON.stringify(defaults), updatedAt: now })
      .onConflictDoNothing(),
    db
      .update(ownerSettings)
      .set({ value: sql`json_set(${ownerSettings.value}, ${assignments})`, updatedAt: now })
      .where(
        and(
          eq(ownerSettings.key, key),
          // "Never saved": the row is the one the first statement has just made.
          expected === undefined ? undefined : eq(ownerSettings.updatedAt, expected ?? now),
        ),
      )
      .returning({ value: ownerSettings.value, updatedAt: ownerSettings.updatedAt }),
  ] as const;
}
