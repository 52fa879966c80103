import type { BookableService, CalendarSettings, Slot } from "../../../schema/api/bookings";
import { MAX_AVAILABILITY_DAYS } from "../../../schema/api/bookings";
import { bookableServiceQualifications } from "../../../schema/api/diary";
import { isBankHoliday } from "../../../schema/bank-holidays";
import { addDays, londonToday, londonToUtc, WEEKDAYS, weekdayOf } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { calendarFrom, calendarQuery } from "./calendar";
import { engineerTimeQueries, engineerTimes, type WhoMayGo } from "./engineer-time";

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
  /** Whose time: those qualified for this work (an online service's own, when not said), or the engineers named. */
  who?: WhoMayGo;
};

/**
 * The free slots for a visit: a slot is free when at least one engineer who may go (active,
 * qualified for the work) is free for all of it (when engineers are named, a two-person job: every
 * one of them, so a named engineer who may not go leaves no slot): inside their working hours that day (their own,
 * else the business's; London time, so the clock changes move them in UTC), one slot after another
 * from the start of their day, none of its cells held by a visit of theirs (however it was booked; a
 * visit whose time is still to be agreed holds none) and none of it in their blocked time. Each slot
 * comes with the engineers free for it, in the order a booking is given to them. The owner's
 * availability is read with the engineers' time of the days asked for, so the whole answer costs
 * one D1 round trip; it comes back with the slots for callers that check more of it.
 */
export async function freeSlots(
  db: Db,
  { length, now, from, days = MAX_AVAILABILITY_DAYS, audience = "customer", who }: SlotQuery,
): Promise<{ calendar: CalendarSettings; slots: Slot[]; engineersFor: (start: string) => number[] }> {
  const first = from ?? londonToday(now);
  const last = addDays(first, days - 1);
  const start = londonToUtc(first, "00:00").getTime();
  const end = londonToUtc(addDays(last, 1), "00:00").getTime();
  const range = {
    startCell: cellOf(start),
    endCell: cellOf(end),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
  };
  const qualification = who?.qualification ?? (typeof length === "number" ? undefined : bookableServiceQualifications[length]);
  const [calendarRows, ...timeRows] = await db.batch([
    calendarQuery(db),
    ...engineerTimeQueries(db, { ...who, qualification }, range),
  ]);
  const calendar = calendarFrom(calendarRows);
  const engineers = engineerTimes(timeRows, calendar);
  const lengthMs = (typeof length === "number" ? length : calendar.slotMinutes[length]) * 60_000;
  const free = new Map<number, number[]>();
  // A day is open when anyone who may go works it (the business's closed days stay closed to customers).
  const anyoneWorks = {
    ...calendar,
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, engineers.map((e) => e.hoursOn(d)).find(Boolean) ?? null]),
    ) as CalendarSettings["hours"],
  };
  for (const date of bookableDays(anyoneWorks, now, from, days, audience)) {
    for (const engineer of engineers) {
      const hours = engineer.hoursOn(weekdayOf(date));
      if (!hours) continue;
      const close = londonToUtc(date, hours.end).getTime();
      for (let at = londonToUtc(date, hours.start).getTime(); at + lengthMs <= close; at += lengthMs) {
        if (at <= now || engineer.isBlocked(at, at + lengthMs)) continue;
        if (cellsOf(at, at + lengthMs).some((cell) => engineer.busy.has(cell))) continue;
        free.set(at, [...(free.get(at) ?? []), engineer.id]);
      }
    }
  }
  const named = who?.engineers;
  const slots = [...free.keys()]
    .filter((at) => !named || named.every((id) => free.get(at)!.includes(id)))
    .sort((a, b) => a - b)
    .map((at) => ({ start: new Date(at).toISOString(), end: new Date(at + lengthMs).toISOString() }));
  return { calendar, slots, engineersFor: (slotStart) => free.get(Date.parse(slotStart)) ?? [] };
}
