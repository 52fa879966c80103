import { and, gte, lt } from "drizzle-orm";
import type { BookableService, CalendarSettings, Slot } from "../../../schema/api/bookings";
import { MAX_AVAILABILITY_DAYS } from "../../../schema/api/bookings";
import { isBankHoliday } from "../../../schema/bank-holidays";
import { bookingCells } from "../../../schema/db";
import { addDays, londonToday, londonToUtc, weekdayOf } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { calendarFrom, calendarQuery } from "./calendar";

/** The engineer's time is held in cells of this many minutes (bookings, and the unique key on them). */
export const CELL_MINUTES = 15;
const CELL_MS = CELL_MINUTES * 60_000;

/** "2026-12-01T09:15Z": the cell an instant falls in. */
export const cellOf = (ms: number) => `${new Date(Math.floor(ms / CELL_MS) * CELL_MS).toISOString().slice(0, 16)}Z`;

/** Every cell a visit from `start` to `end` holds. */
export function cellsOf(start: number, end: number): string[] {
  const cells: string[] = [];
  for (let at = start; at < end; at += CELL_MS) cells.push(cellOf(at));
  return cells;
}

/**
 * Who is asking: a customer on /book (the owner's notice, booking window, blocked days and England
 * and Wales's bank holidays apply), or the owner planning a visit (any working day from today;
 * blocked days are still left out, though the owner may set a time by hand on one; a bank holiday is
 * the owner's to work or not).
 */
export type SlotAudience = "customer" | "owner";

/** The days (London dates) that may be booked now, within `from` and `days`. */
export function bookableDays(
  calendar: CalendarSettings,
  now: number,
  from?: string,
  days = 14,
  audience: SlotAudience = "customer",
): string[] {
  const today = londonToday(now);
  const start = from ?? today;
  const earliest = audience === "owner" ? today : addDays(today, calendar.minNoticeDays);
  const latest = audience === "owner" ? "9999-12-31" : addDays(today, calendar.maxDaysAhead);
  const blocked = new Set(calendar.blockedDays.map((d) => d.date));
  const out: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    if (date < earliest || date > latest || blocked.has(date) || !calendar.hours[weekdayOf(date)]) continue;
    if (audience === "customer" && isBankHoliday(date)) continue;
    out.push(date);
  }
  return out;
}

export type SlotQuery = {
  /** The visit's kind (its length is the owner's setting for it), or its length in minutes. */
  length: BookableService | number;
  now: number;
  from?: string;
  /** Without it: as far ahead as the owner's booking window allows. */
  days?: number;
  audience?: SlotAudience;
};

/**
 * The free slots for a visit: inside each bookable day's working hours (London time, so the clock
 * changes move them in UTC), one after another from the start of the day, minus every cell held by
 * a visit with a time (however it was booked; a visit whose time is still to be agreed holds none).
 * The owner's availability is read with the held cells of the days asked for, so the whole answer
 * costs one D1 round trip; it comes back with the slots for callers that check more of it.
 */
export async function freeSlots(
  db: Db,
  { length, now, from, days = MAX_AVAILABILITY_DAYS, audience = "customer" }: SlotQuery,
): Promise<{ calendar: CalendarSettings; slots: Slot[] }> {
  const first = from ?? londonToday(now);
  const last = addDays(first, days - 1);
  const rangeStart = cellOf(londonToUtc(first, "00:00").getTime());
  const rangeEnd = cellOf(londonToUtc(addDays(last, 1), "00:00").getTime());
  const [calendarRows, held] = await db.batch([
    calendarQuery(db),
    db
      .select({ cell: bookingCells.cell })
      .from(bookingCells)
      .where(and(gte(bookingCells.cell, rangeStart), lt(bookingCells.cell, rangeEnd))),
  ]);
  const calendar = calendarFrom(calendarRows);
  const busy = new Set(held.map((h) => h.cell));
  const lengthMs = (typeof length === "number" ? length : calendar.slotMinutes[length]) * 60_000;
  const slots: Slot[] = [];
  for (const date of bookableDays(calendar, now, from, days, audience)) {
    const hours = calendar.hours[weekdayOf(date)]!;
    const close = londonToUtc(date, hours.end).getTime();
    for (let at = londonToUtc(date, hours.start).getTime(); at + lengthMs <= close; at += lengthMs) {
      if (at <= now) continue;
      if (cellsOf(at, at + lengthMs).some((cell) => busy.has(cell))) continue;
      slots.push({ start: new Date(at).toISOString(), end: new Date(at + lengthMs).toISOString() });
    }
  }
  return { calendar, slots };
}
