import { DAY_NAMES, londonWallTime, MONTH_NAMES, WEEKDAYS } from "./london-time";

/**
 * How dates and times are written for people, the UK way, everywhere in the product. Written from
 * London's wall-clock parts (london-time.ts) with English names rather than by Intl's own patterns,
 * so every runtime writes the same words ("Tuesday 1 December 2026", never "Tuesday, 1 December
 * 2026" in one ICU and not another), and a page's first date costs no locale data. Kept apart from
 * london-time.ts so the public pages' first script (which needs "today") does not carry it.
 */

type Moment = string | Date | number;
type Parts = { y: number; m: number; d: number; weekday: number; time: string | null; hour: number; minute: number };

/** Only ISO text is read as a date; anything else (free text in an old record) is shown as written. */
function partsOf(value: Moment): Parts | null {
  if (typeof value === "string") {
    if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
    if (value.length === 10) {
      // A calendar date: its own day, no time of day.
      const [y, m, d] = value.split("-").map(Number) as [number, number, number];
      const at = Date.UTC(y, m - 1, d);
      if (Number.isNaN(at)) return null;
      return { y, m, d, weekday: new Date(at).getUTCDay(), time: null, hour: 0, minute: 0 };
    }
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const wall = londonWallTime(at);
  const [y, m, d] = wall.date.split("-").map(Number) as [number, number, number];
  return { y, m, d, weekday: WEEKDAYS.indexOf(wall.weekday), time: wall.time, hour: wall.hour, minute: wall.minute };
}

const written = (write: (p: Parts) => string) => (value: Moment) => {
  const parts = partsOf(value);
  return parts ? write(parts) : String(value);
};
const shortMonth = (p: Parts) => MONTH_NAMES[p.m - 1]!.slice(0, 3);
const clock = (p: Parts) => p.time ?? "00:00";
const time12 = (p: Parts) => `${p.hour % 12 || 12}:${String(p.minute).padStart(2, "0")}${p.hour < 12 ? "am" : "pm"}`;

/** "23 Nov 2026": a date (or the London day of an instant). The one date format of the back office. */
export const formatDate = /* @__PURE__ */ written((p) => `${p.d} ${shortMonth(p)} ${p.y}`);
/** "23 Nov 2026, 09:14" */
export const formatDateTime = /* @__PURE__ */ written((p) => `${p.d} ${shortMonth(p)} ${p.y}, ${clock(p)}`);
const longDate = (p: Parts) => `${DAY_NAMES[p.weekday]} ${p.d} ${MONTH_NAMES[p.m - 1]} ${p.y}`;
/** "Tuesday 24 November 2026" */
export const formatLongDate = /* @__PURE__ */ written(longDate);
/** "24 November 2026" */
export const formatFullDate = /* @__PURE__ */ written((p) => `${p.d} ${MONTH_NAMES[p.m - 1]} ${p.y}`);
/** "Tuesday 24 November" */
export const formatDayAndMonth = /* @__PURE__ */ written((p) => `${DAY_NAMES[p.weekday]} ${p.d} ${MONTH_NAMES[p.m - 1]}`);
/** "Tue 1 Dec" */
export const formatShortDay = /* @__PURE__ */ written((p) => `${DAY_NAMES[p.weekday]!.slice(0, 3)} ${p.d} ${shortMonth(p)}`);
/** "09:00" */
export const formatClock = /* @__PURE__ */ written(clock);
/** "9:00am" */
export const formatTime = /* @__PURE__ */ written(time12);
/** "Tuesday 24 November 2026 at 09:00" */
export const formatLongDateTime = /* @__PURE__ */ written((p) => `${longDate(p)} at ${clock(p)}`);
/** "Tuesday 1 December 2026 at 9:00am" */
export const formatVisitTime = /* @__PURE__ */ written((p) => `${longDate(p)} at ${time12(p)}`);
