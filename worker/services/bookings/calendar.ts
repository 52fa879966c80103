import type { CalendarSettings } from "../../../schema/api/bookings";
import { ownerSettings } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { randomHex } from "../../../schema/random";
import type { Db } from "../../db/client";
import { saveGroupsStatements, settingRowQuery } from "../owner-settings";

/**
 * The owner's availability for online booking, stored with the business settings (key "calendar"),
 * and the secret of the private calendar feed (key "calendar-feed"). No row: the defaults below.
 */
export const defaultCalendar: CalendarSettings = {
  hours: {
    monday: { start: "08:30", end: "17:00" },
    tuesday: { start: "08:30", end: "17:00" },
    wednesday: { start: "08:30", end: "17:00" },
    thursday: { start: "08:30", end: "17:00" },
    friday: { start: "08:30", end: "17:00" },
    saturday: { start: "09:00", end: "13:00" },
    sunday: null,
  },
  slotMinutes: { "annual-service": 60, "boiler-repair": 90, "gas-safety": 45 },
  minNoticeDays: 1,
  maxDaysAhead: 60,
  blockedDays: [],
  // Greater Manchester: the M area, Stockport and Tameside (SK), Bolton and Bury (BL), Oldham and
  // Rochdale (OL), Sale and Altrincham (WA14, WA15), Wigan (WN).
  outwardCodes: [
    "M",
    "SK1",
    "SK2",
    "SK3",
    "SK4",
    "SK5",
    "SK6",
    "SK7",
    "SK8",
    "SK14",
    "SK15",
    "SK16",
    "BL",
    "OL",
    "WA14",
    "WA15",
    "WN",
  ],
};

const CALENDAR_KEY = "calendar";
const FEED_KEY = "calendar-feed";

/** The statement that reads the owner's availability. */
export const calendarQuery = (db: Db) => settingRowQuery(db, CALENDAR_KEY);

/**
 * The availability from `calendarQuery`'s rows: the defaults overlaid with what the owner saved.
 * Blocked days that have passed are left out: they block nothing, and a save of the list as the
 * owner sees it would be refused for them.
 */
export function calendarFrom([row]: { value: string }[], today = londonToday()): CalendarSettings {
  const saved = row ? { ...defaultCalendar, ...(JSON.parse(row.value) as Partial<CalendarSettings>) } : defaultCalendar;
  return { ...saved, blockedDays: saved.blockedDays.filter((d) => d.date >= today) };
}

/** The statement that makes the feed's secret on first use (no row until the owner first opens the calendar). */
const ensureFeedSecret = (db: Db) =>
  db
    .insert(ownerSettings)
    .values({ key: FEED_KEY, value: JSON.stringify(newSecret()) })
    .onConflictDoNothing();

/** The availability and the feed's secret (made on first use), in one round trip. */
export async function readCalendarAndFeed(db: Db): Promise<{ settings: CalendarSettings; secret: string }> {
  const [, calendar, [feed]] = await db.batch([ensureFeedSecret(db), calendarQuery(db), feedSecretQuery(db)]);
  return { settings: calendarFrom(calendar), secret: JSON.parse(feed!.value) as string };
}

/** Saves the groups given, each whole (json_set, as the business facts), and answers the availability and feed: one round trip. */
export async function saveCalendar(
  db: Db,
  patch: Partial<CalendarSettings>,
): Promise<{ settings: CalendarSettings; secret: string }> {
  const [, [saved], , [feed]] = await db.batch([
    ...saveGroupsStatements(db, CALENDAR_KEY, defaultCalendar, patch),
    ensureFeedSecret(db),
    feedSecretQuery(db),
  ]);
  return { settings: calendarFrom([saved!]), secret: JSON.parse(feed!.value) as string };
}

const newSecret = () => randomHex(24);

/** The statement that reads the feed's secret. */
export const feedSecretQuery = (db: Db) => settingRowQuery(db, FEED_KEY);

/** A new secret: the old feed address stops working at once. */
export async function rotateFeedSecret(db: Db): Promise<string> {
  const secret = newSecret();
  await db
    .insert(ownerSettings)
    .values({ key: FEED_KEY, value: JSON.stringify(secret) })
    .onConflictDoUpdate({
      target: ownerSettings.key,
      set: { value: JSON.stringify(secret), updatedAt: new Date().toISOString() },
    });
  return secret;
}

/** Whether a postcode's outward code is in the covered areas ("M33 7XX" is covered by "M33" and by "M"). */
export function isCovered(calendar: CalendarSettings, postcode: string): boolean {
  const outward = postcode.trim().toUpperCase().split(/\s+/)[0] ?? "";
  const area = outward.match(/^[A-Z]+/)?.[0] ?? "";
  return calendar.outwardCodes.some((code) => code === outward || code === area);
}
