import { and, eq, sql } from "drizzle-orm";
import type { AdminGasSafetyRecord } from "../../../schema/api/gas-safety";
import { gasSafetyRecords, warningNotices } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { getGasSafetyRecord, readContext } from "./records";

const r = gasSafetyRecords;

/** Every link given so far stops working; the answer carries the new one. */
export async function revokeGasSafetyLinks(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  const [row] = await db
    .update(r)
    .set({ linkVersion: sql`${r.linkVersion} + 1` })
    .where(and(eq(r.id, id), eq(r.status, "issued")))
    .returning({ id: r.id });
  if (!row) {
    await readContext(db, id);
    throw new ApiError("CONFLICT", "A draft has no links to revoke.");
  }
  await db
    .update(warningNotices)
    .set({ linkVersion: sql`${warningNotices.linkVersion} + 1` })
    .where(eq(warningNotices.recordId, id));
  return getGasSafetyRecord(env, db, id);
}
