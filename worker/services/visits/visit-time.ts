import { eq, type SQL, sql } from "drizzle-orm";
import { bookingCells } from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { cellsOf } from "./slots";

/**
 * A visit's hold on the engineer's time: the 15-minute cells from its start to its end, held by its
 * service record. Written in the same batch as the visit, so an overlap with another visit fails the
 * whole batch (the cells' primary key) and nothing is half-written. The cells go in as one JSON
 * parameter: a long visit holds many cells, and D1 takes at most 100 bound parameters.
 */
export function holdVisitTime(db: Db, serviceRecordId: number | SQL, start: string, end: string) {
  return insertWhen(
    db,
    bookingCells,
    { cell: sql`value`, serviceRecordId },
    { from: sql`json_each(${JSON.stringify(cellsOf(Date.parse(start), Date.parse(end)))})` },
  );
}

/** Frees a visit's time (cancelled, moved, or its time is to be agreed again). */
export const releaseVisitTime = (db: Db, serviceRecordId: number) =>
  db.delete(bookingCells).where(eq(bookingCells.serviceRecordId, serviceRecordId));
