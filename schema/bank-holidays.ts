import { addDays, mondayOf, weekdayOf } from "./london-time";

/**
 * England and Wales's bank holidays, computed for any year: New Year's Day, Good Friday, Easter
 * Monday, the early May and spring bank holidays (the first and last Mondays of May), the summer bank
 * holiday (the last Monday of August), Christmas Day and Boxing Day. One that falls on a weekend is
 * taken on the next weekday not already a holiday, as the royal proclamations do each year; the day
 * itself is kept in the list too (nobody books a boiler service on a Saturday Christmas). A one-off
 * day a proclamation adds or moves (a coronation, a jubilee, 2020's VE Day Friday) cannot be
 * computed: the owner closes it in the calendar's settings, with their own days off.
 */
export function bankHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = [
    firstMonday(`${year}-05-01`),
    lastMonday(`${year}-05-31`),
    lastMonday(`${year}-08-31`),
    addDays(easter, -2),
    addDays(easter, 1),
  ];
  const days = new Set(fixed);
  const named = [`${year}-01-01`, `${year}-12-25`, `${year}-12-26`];
  for (const day of named) {
    let taken = day;
    while (isWeekend(taken) || days.has(taken) || (taken !== day && named.includes(taken))) taken = addDays(taken, 1);
    days.add(taken);
  }
  for (const day of named) days.add(day);
  return [...days].sort();
}

/** Whether a London date is a bank holiday in England and Wales. */
export function isBankHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

const byYear = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  const known = byYear.get(year);
  if (known) return known;
  const days = new Set(bankHolidays(year));
  byYear.set(year, days);
  return days;
}

const isWeekend = (date: string) => weekdayOf(date) === "saturday" || weekdayOf(date) === "sunday";
// Weeks run Monday to Sunday (mondayOf): a month's last Monday is the Monday of its last day's week.
const firstMonday = (first: string) => mondayOf(addDays(first, 6));
const lastMonday = (last: string) => mondayOf(last);

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm, as Meeus gives it). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
