import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookingCells, engineerBlocks, visitEngineers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { cellsOf } from "./slots";

/**
 * A visit's hold on its engineers' time: the 15-minute cells from its start to its end, one set for
 * each engineer assigned (its visit_engineers rows, written just before in the same batch), held by
 * its service record. Written in the same batch as the visit, so an overlap with another visit of one
 * of them fails the whole batch (the cells' primary key) and nothing is half-written. The cells go in
 * as one JSON parameter: a long visit holds many cells, and D1 takes at most 100 bound parameters.
 */
export function holdVisitTime(db: Db, serviceRecordId: number | SQL, start: string, end: string) {
  return insertWhen(
    db,
    bookingCells,
    { userId: visitEngineers.userId, cell: sql`value`, serviceRecordId },
    {
      from: sql`json_each(${JSON.stringify(cellsOf(Date.parse(start), Date.parse(end)))})`,
      innerJoin: [visitEngineers, sql`${visitEngineers.serviceRecordId} = ${serviceRecordId}`],
    },
  );
}

/** Frees a visit's time (cancelled, moved, given to another engineer, or its time is to be agreed again). */
export const releaseVisitTime = (db: Db, serviceRecordId: number) =>
  db.delete(bookingCells).where(eq(bookingCells.serviceRecordId, serviceRecordId));

/** Whether an engineer (`user`: SQL naming their id) has time blocked that meets start–end. */
export const isBlockedSql = (user: SQL | number, start: string, end: string) =>
  sql`EXISTS (SELECT 1 FROM ${engineerBlocks} WHERE ${engineerBlocks.userId} = ${user}
    AND ${engineerBlocks.startsAt} < ${end} AND ${engineerBlocks.endsAt} > ${start})`;

/**
 * The visit's engineers, as given, with its time copied on: the old rows go and these come, in the
 * caller's batch before `holdVisitTime`. An engineer whose blocked time meets the visit's is written
 * as NULL, which the column refuses: the whole batch fails (NOT NULL on visit_engineers.user_id) and
 * the caller answers 409, so a block saved a moment earlier is never booked over.
 */
export function assignEngineers(
  db: Db,
  serviceRecordId: number | SQL,
  engineerIds: number[],
  start: string | null,
  end: string | null,
): BatchItem<"sqlite">[] {
  const value = sql.raw('"json_each"."value"');
  const userId = start && end ? sql`CASE WHEN ${isBlockedSql(value, start, end)} THEN NULL ELSE ${value} END` : value;
  return [
    db.delete(visitEngineers).where(sql`${visitEngineers.serviceRecordId} = ${serviceRecordId}`),
    insertWhen(
      db,
      visitEngineers,
      { serviceRecordId, userId, startsAt: start, endsAt: end },
      { from: sql`json_each(${JSON.stringify(engineerIds)})` },
    ),
  ];
}

/** A visit's new time on its engineers' rows, when who does it stays the same. */
export const moveEngineersTime = (db: Db, serviceRecordId: number, start: string | null, end: string | null) =>
  db.update(visitEngineers).set({ startsAt: start, endsAt: end }).where(eq(visitEngineers.serviceRecordId, serviceRecordId));

/**
 * A visit booked online goes to the first of `candidates` (the engineers free for it when the slot
 * was read, in the order they are given work) who is still free when the batch runs: no cell of the
 * time held, no blocked time. D1 runs one batch at a time, so of twenty bookings of one slot with two
 * engineers free, the first gets one, the second the other, and the rest find nobody: NULL, which
 * the column refuses, and the booking fails as a whole (409). A move prefers whoever has the visit
 * (`keep`): their row is kept with the new time, the others go (`dropOthers`).
 */
export function takeFreeEngineer(
  db: Db,
  serviceRecordId: number | SQL,
  candidates: number[],
  start: string,
  end: string,
  keep?: number,
) {
  const cells = JSON.stringify(cellsOf(Date.parse(start), Date.parse(end)));
  const preferred =
    keep === undefined
      ? sql``
      : sql`c.value IN (SELECT ${visitEngineers.userId} FROM ${visitEngineers} WHERE ${visitEngineers.serviceRecordId} = ${keep}) DESC, `;
  return db
    .insert(visitEngineers)
    .values({
      serviceRecordId,
      userId: sql`(SELECT c.value FROM json_each(${JSON.stringify(candidates)}) AS c
        WHERE NOT EXISTS (SELECT 1 FROM ${bookingCells} WHERE ${bookingCells.userId} = c.value
          AND ${bookingCells.cell} IN (SELECT value FROM json_each(${cells})))
        AND NOT ${isBlockedSql(sql`c.value`, start, end)}
        ORDER BY ${preferred}c.key LIMIT 1)`,
      startsAt: start,
      endsAt: end,
    })
    .onConflictDoUpdate({
      target: [visitEngineers.serviceRecordId, visitEngineers.userId],
      set: { startsAt: start, endsAt: end },
    });
}

/** After a move's `takeFreeEngineer`: the visit's other engineers (still at the old time) let go. */
export const dropOthers = (db: Db, serviceRecordId: number, start: string) =>
  db
    .delete(visitEngineers)
    .where(sql`${visitEngineers.serviceRecordId} = ${serviceRecordId} AND ${visitEngineers.startsAt} IS NOT ${start}`);
