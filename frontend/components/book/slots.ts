import type { Slot } from "../../../schema/api/bookings";

/** A day of free slots, as the visitor picks it: the London date and its slots in order. */
export type SlotDay = { date: string; label: string; slots: Slot[] };

const london = "Europe/London";

/** "2026-12-01" for an instant, in London. */
const londonDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: london, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

/** "Tue 1 Dec" */
const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: london, weekday: "short", day: "numeric", month: "short" }).format(new Date(iso));

/** "9:00am" in London. */
export const timeLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: london, hour: "numeric", minute: "2-digit", hour12: true })
    .format(new Date(iso))
    .replace(" ", "")
    .toLowerCase();

/** "Tuesday 1 December 2026 at 9:00am" */
export const visitLabel = (iso: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: london, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso))} at ${timeLabel(iso)}`;

/** The API's slots (ISO UTC, in order) grouped by London day. */
export function groupByDay(slots: Slot[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const date = londonDate(slot.start);
    let day = days.get(date);
    if (!day) {
      day = { date, label: dayLabel(slot.start), slots: [] };
      days.set(date, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
