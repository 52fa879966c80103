import { and, eq, gte, lt, lte } from "drizzle-orm";
import type { BookableService, CalendarSettings, Slot } from "../../../schema/api/bookings";
import { bookingCells, serviceRecords } from "../../../schema/db";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { calendarFrom, calendarQuery } from "./calendar";

/** The engineer's time is held in cells of this many minutes (bookings, and the unique key on them). */
export const CELL_MINUTES = 15;
const CELL_MS = CELL_MINUTES * 60_000;

/** "2026-12-01T09:15Z": the cell an instant falls in. */
export const cellOf = (ms: number) => new Date(Math.floor(ms / CELL_MS) * CELL_MS).toISOString().slice(0, 16) + "Z";

/** Every cell a visit from `start` to `end` holds. */
export function cellsOf(start: number, end: number): string[] {
  const cells: string[] = [];
  for (let at = start; at < end; at += CELL_MS) cells.push(cellOf(at));
  return cells;
}

/** The days (London dates) a customer may book now, within `from` and `days`. */
export function bookableDays(calendar: CalendarSettings, now: number, from?: string, days = 14): string[] {
  const today = londonToday(now);
  const start = from ?? today;
  const earliest = addDays(today, calendar.minNoticeDays);
  const latest = addDays(today, calendar.maxDaysAhead);
  const blocked = new Set(calendar.blockedDays.map((d) => d.date));
  const out: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    if (date < earliest || date > latest || blocked.has(date) || !calendar.hours[weekdayOf(date)]) continue;
    out.push(date);
  }
  return out;
}

/**
 * The free slots of a service: inside each bookable day's working hours (London time, so the clock
 * changes move them in UTC), one after another from the start of the day, minus every cell held by a
 * booking and every scheduled visit (a scheduled record without a time takes its whole day). The
 * owner's availability is read with the bookings and visits of the days asked for, so the whole
 * answer costs one D1 round trip; it comes back with the slots for callers that check more of it.
 */
export async function freeSlots(
  db: Db,
  service: BookableService,
  now: number,
  from?: string,
  days = 14,
): Promise<{ calendar: CalendarSettings; slots: Slot[] }> {
  const first = from ?? londonToday(now);
  const last = addDays(first, days - 1);
  const rangeStart = cellOf(londonToUtc(first, "00:00").getTime());
  const rangeEnd = cellOf(londonToUtc(addDays(last, 1), "00:00").getTime());
  const [calendarRows, held, visits] = await db.batch([
    calendarQuery(db),
    db
      .select({ cell: bookingCells.cell })
      .from(bookingCells)
      .where(and(gte(bookingCells.cell, rangeStart), lt(bookingCells.cell, rangeEnd))),
    db
      .select({ date: serviceRecords.serviceDate, start: serviceRecords.visitStart, end: serviceRecords.visitEnd })
      .from(serviceRecords)
      .where(
        and(
          eq(serviceRecords.status, "scheduled"),
          gte(serviceRecords.serviceDate, first),
          lte(serviceRecords.serviceDate, last),
        ),
      ),
  ]);
  const calendar = calendarFrom(calendarRows);
  const dates = bookableDays(calendar, now, from, days);
  const busy = new Set(held.map((h) => h.cell));
  const wholeDays = new Set<string>();
  for (const visit of visits) {
    if (visit.start && visit.end) for (const cell of cellsOf(Date.parse(visit.start), Date.parse(visit.end))) busy.add(cell);
    else wholeDays.add(visit.date);
  }
  const length = calendar.slotMinutes[service] * 60_000;
  const slots: Slot[] = [];
  for (const date of dates) {
    if (wholeDays.has(date)) continue;
    const hours = calendar.hours[weekdayOf(date)]!;
    const close = londonToUtc(date, hours.end).getTime();
    for (let at = londonToUtc(date, hours.start).getTime(); at + length <= close; at += length) {
      if (at <= now) continue;
      if (cellsOf(at, at + length).some((cell) => busy.has(cell))) continue;
      slots.push({ start: new Date(at).toISOString(), end: new Date(at + length).toISOString() });
    }
  }
  return { calendar, slots };
}
