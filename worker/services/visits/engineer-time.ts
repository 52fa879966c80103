import { and, asc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { CalendarSettings } from "../../../schema/api/bookings";
import type { EngineerWeek, Qualification } from "../../../schema/api/diary";
import { adminUsers, bookingCells, engineerBlocks, engineerHours } from "../../../schema/db";
import type { Weekday } from "../../../schema/london-time";
import type { Db } from "../../db/client";

/**
 * Whose time a free slot is looked for in: the active members of the team qualified for the work
 * (any work, when none is named: the owner planning a visit), or the engineers asked about (a
 * two-person job: at most six, as a visit has).
 */
export type WhoMayGo = { qualification?: Qualification; engineers?: number[] };

const candidatesWhere = ({ qualification, engineers: namedEngineers }: WhoMayGo) =>
  and(
    eq(adminUsers.status, "active"),
    namedEngineers === undefined ? undefined : inArray(adminUsers.id, namedEngineers),
    // The list is JSON text of known words: a quoted word matches only itself.
    qualification === undefined
      ? ne(adminUsers.qualifications, "[]")
      : sql`instr(${adminUsers.qualifications}, ${JSON.stringify(qualification)}) > 0`,
  );

/**
 * The reads behind whose time is free from `rangeStart` to `rangeEnd` (UTC, cells and instants):
 * the candidates in the order a booking is given to them (by id: the owner first), their own
 * weeks, their blocked times and the cells their visits hold. For the caller's batch.
 */
export function engineerTimeQueries(
  db: Db,
  who: WhoMayGo,
  range: { startCell: string; endCell: string; start: string; end: string },
) {
  return [
    db.select({ id: adminUsers.id }).from(adminUsers).where(candidatesWhere(who)).orderBy(asc(adminUsers.id)),
    db
      .select()
      .from(engineerHours)
      .where(inArray(engineerHours.userId, db.select({ id: adminUsers.id }).from(adminUsers).where(candidatesWhere(who)))),
    db
      .select({ userId: engineerBlocks.userId, start: engineerBlocks.startsAt, end: engineerBlocks.endsAt })
      .from(engineerBlocks)
      .where(
        and(
          inArray(engineerBlocks.userId, db.select({ id: adminUsers.id }).from(adminUsers).where(candidatesWhere(who))),
          lt(engineerBlocks.startsAt, range.end),
          gt(engineerBlocks.endsAt, range.start),
        ),
      ),
    // (user, cell) is the primary key: one index range per candidate.
    db
      .select({ userId: bookingCells.userId, cell: bookingCells.cell })
      .from(bookingCells)
      .where(
        and(
          inArray(bookingCells.userId, db.select({ id: adminUsers.id }).from(adminUsers).where(candidatesWhere(who))),
          sql`${bookingCells.cell} >= ${range.startCell}`,
          lt(bookingCells.cell, range.endCell),
        ),
      ),
  ] as const;
}

export type EngineerTimeRows = [
  { id: number }[],
  (typeof engineerHours.$inferSelect)[],
  { userId: number; start: string; end: string }[],
  { userId: number; cell: string }[],
];

/** One candidate's time: their hours each weekday, their blocked times (ms) and the cells their visits hold. */
export type EngineerTime = {
  id: number;
  hoursOn: (weekday: Weekday) => { start: string; end: string } | null;
  isBlocked: (start: number, end: number) => boolean;
  busy: Set<string>;
};

/** Each engineer's week from their rows: a weekday without a row is the business's. */
export function weekOf(rows: (typeof engineerHours.$inferSelect)[]): EngineerWeek {
  return Object.fromEntries(rows.map((r) => [r.weekday, r.start && r.end ? { start: r.start, end: r.end } : null]));
}

export function engineerTimes([candidates, hours, blocks, cells]: EngineerTimeRows, calendar: CalendarSettings): EngineerTime[] {
  return candidates.map(({ id }) => {
    const week = weekOf(hours.filter((h) => h.userId === id));
    const own = blocks.filter((b) => b.userId === id).map((b) => [Date.parse(b.start), Date.parse(b.end)] as const);
    return {
      id,
      hoursOn: (weekday) => (week[weekday] !== undefined ? week[weekday]! : calendar.hours[weekday]),
      isBlocked: (start, end) => own.some(([from, to]) => from < end && to > start),
      busy: new Set(cells.filter((c) => c.userId === id).map((c) => c.cell)),
    };
  });
}
