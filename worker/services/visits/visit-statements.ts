import { and, eq, type SQL } from "drizzle-orm";
import { serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import { type InsertWhenSource, type InsertWhenValues, insertWhen } from "../../db/insert-when";

/**
 * The visits other domains write in their own batches (the job of an accepted quote, the visit a
 * gas safety record stands for), built here so the visits table is written by its own code. Each is
 * a statement for the caller's batch, so the visit is written in the same transaction as the change
 * that makes it.
 */

/** A new visit: its own id, at version 1. */
export type NewVisit = Omit<InsertWhenValues<typeof serviceRecords>, "id" | "version">;

/**
 * A new visit selected from the caller's `source` (its row, where its guard holds: a batch whose
 * guard failed writes none). The caller's next statement finds its id as last_insert_rowid().
 */
export const insertVisitFrom = (db: Db, visit: NewVisit, source: InsertWhenSource) =>
  insertWhen(db, serviceRecords, visit, source);

/** The visit done, with its next due date, when `when` holds in the caller's batch. */
export const completeVisitWhen = (db: Db, id: number, nextServiceDue: string, when: SQL) =>
  db
    .update(serviceRecords)
    .set({ nextServiceDue, status: "completed" })
    .where(and(eq(serviceRecords.id, id), when));
