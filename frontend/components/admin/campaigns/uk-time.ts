import { addDays, londonToday, londonToUtc, londonWallTime } from "../../../../schema/london-time";
import { formatLongDateTime } from "../../../../schema/london-time-text";

/**
 * The schedule picker's wall-clock time is UK time whatever the computer's own zone, since the
 * owner and the subscribers are in the UK; the API takes ISO UTC. `<input type="datetime-local">`
 * values are "yyyy-mm-ddThh:mm" with no zone. The conversions are schema/london-time's.
 */

/** The UK wall-clock time of an instant, as a datetime-local value. */
export function toUkLocal(date: Date): string {
  const { date: day, time } = londonWallTime(date);
  return `${day}T${time}`;
}

/** The instant a UK wall-clock time names, as ISO UTC; null for an unreadable value. */
export function ukLocalToIso(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!match) return null;
  try {
    return londonToUtc(match[1]!, match[2]!).toISOString();
  } catch {
    return null;
  }
}

/** Tomorrow at 9:00 UK time: a sensible first suggestion for a send time. */
export const tomorrowMorning = (now = new Date()): string => `${addDays(londonToday(now), 1)}T09:00`;

/** "Tuesday 24 November 2026 at 09:00": a send time the owner can check at a glance. */
export const formatUkLong = formatLongDateTime;
