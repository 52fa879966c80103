import type { Slot } from "../../../schema/api/bookings";
import { londonDateOf } from "../../../schema/london-time";
import { formatShortDay, formatTime, formatVisitTime } from "../../../schema/london-time-text";

/** A day of free slots, as the visitor picks it: the London date and its slots in order. */
export type SlotDay = { date: string; label: string; slots: Slot[] };

/** "9:00am" in London. */
export const timeLabel = formatTime;

/** "Tuesday 1 December 2026 at 9:00am" */
export const visitLabel = formatVisitTime;

/** The API's slots (ISO UTC, in order) grouped by London day ("Tue 1 Dec"). */
export function groupByDay(slots: Slot[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const date = londonDateOf(slot.start);
    let day = days.get(date);
    if (!day) {
      day = { date, label: formatShortDay(slot.start), slots: [] };
      days.set(date, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
