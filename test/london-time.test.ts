import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  daysBetween,
  intlWallTime,
  londonToday,
  londonToUtc,
  londonWallTime,
  mondayOf,
} from "../schema/london-time";
import {
  formatDate,
  formatDateTime,
  formatFullDate,
  formatLongDate,
  formatLongDateTime,
  formatShortDay,
  formatTime,
  formatVisitTime,
} from "../schema/london-time-text";

describe("London time", () => {
  it("reads an instant as London wall time in winter (GMT) and summer (BST)", () => {
    expect(londonWallTime(Date.parse("2026-01-15T09:30:00Z"))).toMatchObject({ date: "2026-01-15", time: "09:30", hour: 9 });
    expect(londonWallTime(Date.parse("2026-07-15T09:30:00Z"))).toMatchObject({ date: "2026-07-15", time: "10:30", hour: 10 });
  });

  it("agrees with Intl's Europe/London every six hours from 1996 to 2100, and every quarter hour of each change's day", () => {
    const HOUR = 3_600_000;
    const offset = (at: number) => {
      const { date, time } = intlWallTime(at);
      return Date.parse(`${date}T${time}:00Z`) - at;
    };
    let checked = 0;
    let changes = 0;
    const differ: string[] = [];
    const check = (at: number) => {
      checked++;
      const ours = londonWallTime(at);
      const intl = intlWallTime(at);
      if (JSON.stringify(ours) !== JSON.stringify(intl) && differ.length < 5)
        differ.push(`${new Date(at).toISOString()}: ${JSON.stringify(ours)} vs Intl ${JSON.stringify(intl)}`);
    };
    for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2100, 0, 1); day += 24 * HOUR) {
      const changed = offset(day) !== offset(day + 24 * HOUR);
      if (changed) changes++;
      // The clocks change at 01:00 UTC: on that day, every quarter hour and the minutes either side.
      const times = changed ? [...Array.from({ length: 96 }, (_, q) => q * 15), 59, 61] : [0, 6 * 60, 12 * 60, 18 * 60];
      for (const minutes of times) check(day + minutes * 60_000);
    }
    expect(differ).toEqual([]);
    expect(changes).toBe(208);
    expect(checked).toBeGreaterThan(37_000 * 4);
  });

  it("reads instants before 1996, and refuses what is not an instant, as Intl does", () => {
    // 1995 still ended BST on the fourth Sunday of October (22nd), not the last (29th).
    expect(londonWallTime(Date.parse("1995-10-25T12:00:00Z")).time).toBe("12:00");
    expect(() => londonWallTime(Number.NaN)).toThrow(RangeError);
    expect(() => londonWallTime("not a date")).toThrow(RangeError);
  });

  it("gives the London day, not the UTC day, just after midnight in summer", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(londonToday(Date.parse("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonToday(Date.parse("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("converts ordinary London times to UTC on both sides of the clock changes", () => {
    expect(londonToUtc("2026-01-15", "09:00").toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(londonToUtc("2026-07-15", "09:00").toISOString()).toBe("2026-07-15T08:00:00.000Z");
    // The day the clocks go forward (29 March 2026, 01:00 GMT → 02:00 BST).
    expect(londonToUtc("2026-03-29", "00:30").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(londonToUtc("2026-03-29", "03:00").toISOString()).toBe("2026-03-29T02:00:00.000Z");
    // The day they go back (25 October 2026, 02:00 BST → 01:00 GMT).
    expect(londonToUtc("2026-10-25", "00:30").toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(londonToUtc("2026-10-25", "03:00").toISOString()).toBe("2026-10-25T03:00:00.000Z");
  });

  it("reads a time in the skipped spring hour as the same minutes after the change", () => {
    // 01:30 does not exist on 29 March 2026 in London; it is read as 02:30 BST = 01:30 UTC.
    const at = londonToUtc("2026-03-29", "01:30");
    expect(at.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(londonWallTime(at).time).toBe("02:30");
  });

  it("reads a time in the repeated autumn hour as its first pass (BST)", () => {
    // 01:30 happens twice on 25 October 2026: 00:30 UTC (BST) and 01:30 UTC (GMT).
    const at = londonToUtc("2026-10-25", "01:30");
    expect(at.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(londonWallTime(at).time).toBe("01:30");
  });

  it("round-trips every London wall time outside the skipped hour", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("2020-01-01"), max: Date.parse("2035-12-31") }), (ms) => {
        const at = Math.floor(ms / 60_000) * 60_000;
        const { date, time } = londonWallTime(at);
        const back = londonToUtc(date, time).getTime();
        // Equal, or the same wall time's first pass in the repeated autumn hour.
        expect(back === at || (back === at - 3_600_000 && londonWallTime(back).time === time)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("counts calendar days across the clock changes", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(daysBetween("2026-03-28", "2026-03-31")).toBe(3);
    expect(daysBetween("2026-10-26", "2026-10-24")).toBe(-2);
    expect(mondayOf("2026-11-25")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
  });

  it("adds months, keeping to the last day of a shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2027-12-31", 2)).toBe("2028-02-29");
    expect(addMonths("2026-12-05", 12)).toBe("2027-12-05");
    expect(addMonths("2026-03-15", -2)).toBe("2026-01-15");
  });

  it("writes dates the one UK way, whatever the runtime's locale data", () => {
    expect(formatDate("2026-11-23")).toBe("23 Nov 2026");
    expect(formatDate("2026-09-01")).toBe("1 Sep 2026");
    // An instant is written on its London day: 23:30 UTC on 30 June is 1 July in London.
    expect(formatDate("2026-06-30T23:30:00Z")).toBe("1 Jul 2026");
    expect(formatDateTime("2026-11-23T09:14:00Z")).toBe("23 Nov 2026, 09:14");
    expect(formatDateTime("2026-07-23T09:14:00Z")).toBe("23 Jul 2026, 10:14");
    expect(formatLongDate("2026-12-01")).toBe("Tuesday 1 December 2026");
    expect(formatFullDate("2026-12-01")).toBe("1 December 2026");
    expect(formatShortDay("2026-12-01T09:00:00Z")).toBe("Tue 1 Dec");
    expect(formatTime("2026-12-01T13:05:00Z")).toBe("1:05pm");
    expect(formatTime("2026-12-01T00:15:00Z")).toBe("12:15am");
    expect(formatLongDateTime("2026-11-24T09:00:00Z")).toBe("Tuesday 24 November 2026 at 09:00");
    expect(formatVisitTime("2026-07-01T08:00:00Z")).toBe("Wednesday 1 July 2026 at 9:00am");
    // Free text from an old record is shown as written.
    expect(formatDate("next spring")).toBe("next spring");
  });
});
