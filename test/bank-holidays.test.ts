import { describe, expect, it } from "vitest";
import { bankHolidays, isBankHoliday } from "../schema/bank-holidays";
import { defaultCalendar } from "../worker/services/visits/calendar";
import { bookableDays } from "../worker/services/visits/slots";

// Checked against GOV.UK's published lists for England and Wales (one-off proclaimed days aside).
describe("England and Wales bank holidays", () => {
  it("are computed for any year, a weekend's taken on the next free weekday", () => {
    expect(bankHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      // Boxing Day on a Saturday: the day itself, and Monday in lieu.
      "2026-12-26",
      "2026-12-28",
    ]);
    expect(bankHolidays(2027)).toEqual([
      "2027-01-01",
      "2027-03-26",
      "2027-03-29",
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
      // Christmas on a Saturday and Boxing Day on a Sunday: Monday and Tuesday in lieu.
      "2027-12-25",
      "2027-12-26",
      "2027-12-27",
      "2027-12-28",
    ]);
    // New Year's Day on a Saturday (2022), on a Sunday (2023); Easter as early as 22 March is rare,
    // 2285's is: Good Friday 20 March.
    expect(bankHolidays(2022)).toContain("2022-01-03");
    expect(bankHolidays(2023)).toContain("2023-01-02");
    expect(bankHolidays(2024).slice(1, 3)).toEqual(["2024-03-29", "2024-04-01"]);
    expect(bankHolidays(2285)).toContain("2285-03-20");
    expect(isBankHoliday("2026-12-25")).toBe(true);
    expect(isBankHoliday("2026-12-24")).toBe(false);
  });

  it("are never offered on /book; the owner still plans on them", () => {
    const now = Date.parse("2026-12-20T10:00:00Z");
    expect(bookableDays(defaultCalendar, now, "2026-12-24", 10)).toEqual([
      "2026-12-24",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-02",
    ]);
    expect(bookableDays(defaultCalendar, now, "2026-12-24", 10, "owner")).toEqual([
      "2026-12-24",
      "2026-12-25",
      "2026-12-26",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
  });
});
