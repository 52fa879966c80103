/**
 * The business works in UK time (Europe/London: GMT in winter, BST from the last Sunday of March to
 * the last Sunday of October). Bookings are stored in UTC; every rule about days and hours is
 * applied in London wall time through these two conversions.
 */
const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "long",
  hourCycle: "h23",
});

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** An instant as London sees it: "2026-03-29", "09:30", "sunday". */
export function londonWallTime(at: Date | number): { date: string; time: string; weekday: Weekday } {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday).toLowerCase() as Weekday,
  };
}

/** Minutes London is ahead of UTC at that instant (0 or 60). */
function offsetMinutes(at: number): number {
  const { date, time } = londonWallTime(at);
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/**
 * London wall time → the UTC instant. The hour the clocks skip in March and the hour they repeat
 * in October (both around 01:00) have no single answer; no working hours fall in them.
 */
export function londonToUtc(date: string, time: string): Date {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const first = guess - offsetMinutes(guess) * 60_000;
  const second = guess - offsetMinutes(first) * 60_000;
  return new Date(Math.min(first, second));
}

/** "2026-03-29" plus n days (calendar days, whatever the clocks do). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday of a calendar date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
