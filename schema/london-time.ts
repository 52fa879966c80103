/**
 * The business works in UK time (Europe/London: GMT in winter, BST from the last Sunday of March to
 * the last Sunday of October). Instants are stored in UTC; calendar dates ("2026-03-29") are London
 * days. Every "today", "this week", wall-clock conversion and date shown to a person goes through
 * this module, on both sides (Worker and browser), so the two never disagree about a day.
 *
 * London's clock is worked out from the rule rather than asked of Intl. A page's first
 * Intl.DateTimeFormat with a time zone loads the zone's data: 27-31 ms of main thread in Chromium on
 * the development machine, four times that on Lighthouse's phone, on every page (every page needs
 * "today"). test/london-time.test.ts holds the rule to Intl every six hours from 1996 to 2100 and
 * every quarter hour of the days the clocks change; instants before 1996, under older rules, are
 * still read through Intl (its formatter built once, on first use, and kept).
 */
const TZ = "Europe/London";
const HOUR = 3_600_000;
/** The rule below holds from 1996 (the Summer Time Order 2002 kept the EU's 1996 dates). */
const RULE_FROM = Date.UTC(1996, 0, 1);
/** Date's last representable instant, less the hour BST may add. */
const RULE_UNTIL = 8.64e15 - HOUR;

function once(options: Intl.DateTimeFormatOptions, locale = "en-GB"): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat(locale, { timeZone: TZ, ...options });
    return format;
  };
}

const wallClock = /* @__PURE__ */ once({
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

export type WallTime = { date: string; time: string; weekday: Weekday; hour: number; minute: number };

/** 01:00 UTC on the last Sunday of a month (0-based: 2 is March, 9 October), when UK clocks change. */
function clocksChange(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * 86_400_000 + HOUR;
}

const two = (n: number) => String(n).padStart(2, "0");

/** An instant as London sees it: "2026-03-29", "09:30", "sunday". */
export function londonWallTime(at: Date | number | string): WallTime {
  const ms = new Date(at).getTime();
  // NaN fails both tests and goes to Intl, which throws a RangeError for it as it always has.
  if (!(ms >= RULE_FROM && ms <= RULE_UNTIL)) return intlWallTime(ms);
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= clocksChange(year, 2) && ms < clocksChange(year, 9);
  const wall = new Date(summer ? ms + HOUR : ms);
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    date: `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(hour)}:${two(minute)}`,
    weekday: WEEKDAYS[wall.getUTCDay()]!,
    hour,
    minute,
  };
}

/** The same, read through Intl's time zone data: for instants before the rule above. */
export function intlWallTime(at: Date | number | string): WallTime {
  const parts = Object.fromEntries(
    wallClock()
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday).toLowerCase() as Weekday,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Today in London as "YYYY-MM-DD". */
export const londonToday = (now: Date | number = Date.now()): string => londonWallTime(now).date;

/** The London day an instant falls on, "YYYY-MM-DD". */
export const londonDateOf = (at: Date | number | string): string => londonWallTime(at).date;

/** Minutes London is ahead of UTC at that instant (0 or 60). */
function offsetMinutes(at: number): number {
  const { date, time } = londonWallTime(at);
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/**
 * London wall time → the UTC instant. Around a change of the clocks one rule holds everywhere
 * (the "compatible" rule of JavaScript's Temporal and of most calendars): a time the clocks skip in
 * March (01:00-01:59) is read as that many minutes after the change (01:30 → 02:30 BST); a time they
 * repeat in October (01:00-01:59) is its first pass (BST).
 */
export function londonToUtc(date: string, time: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc)) throw new RangeError(`Not a London date and time: ${date} ${time}`);
  const before = offsetMinutes(asUtc - 3 * 3_600_000);
  const after = offsetMinutes(asUtc + 3 * 3_600_000);
  const candidates = [asUtc - before * 60_000, asUtc - after * 60_000].filter((at) => {
    const wall = londonWallTime(at);
    return wall.date === date && wall.time === time;
  });
  // Two readings: the repeated hour, earliest first. None: the skipped hour, read with the offset
  // from before the change, which lands the same number of minutes after it.
  return new Date(candidates.length ? Math.min(...candidates) : asUtc - before * 60_000);
}

/** "2026-03-29" plus n days (calendar days, whatever the clocks do). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Calendar days from one date to another ("2026-11-23" → "2026-11-25" is 2). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** The weekday of a calendar date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** The Monday of the week a date is in (weeks run Monday to Sunday, as UK diaries do). */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));

/** A calendar date plus n months, kept on the month's last day when the day does not exist (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** English day and month names, for dates written out (london-time-text.ts, offers' end dates). */

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
