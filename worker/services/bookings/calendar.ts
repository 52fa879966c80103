import { eq, sql } from "drizzle-orm";
import type { CalendarSettings } from "../../../schema/api/bookings";
import { ownerSettings } from "../../../schema/db";
import type { Db } from "../../db/client";

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

/** The statement that reads one settings row's value, for a caller to put in its own batch. */
const settingQuery = (db: Db, key: string) =>
  db.select({ value: ownerSettings.value }).from(ownerSettings).where(eq(ownerSettings.key, key));

/** The statement that reads the owner's availability. */
export const calendarQuery = (db: Db) => settingQuery(db, CALENDAR_KEY);

/** The availability from `calendarQuery`'s rows: the defaults overlaid with what the owner saved. */
export const calendarFrom = ([row]: { value: string }[]): CalendarSettings =>
  row ? { ...defaultCalendar, ...(JSON.parse(row.value) as Partial<CalendarSettings>) } : defaultCalendar;

export async function readCalendar(db: Db): Promise<CalendarSettings> {
  return calendarFrom(await calendarQuery(db));
}

/** Saves the groups given, each whole, in one statement (json_set, as the business facts). */
export async function saveCalendar(db: Db, patch: Partial<CalendarSettings>): Promise<CalendarSettings> {
  const assignments = sql.join(
    Object.entries(patch).map(([key, value]) => sql`${`$.${key}`}, json(${JSON.stringify(value)})`),
    sql`, `,
  );
  const now = new Date().toISOString();
  await db.batch([
    db
      .insert(ownerSettings)
      .values({ key: CALENDAR_KEY, value: JSON.stringify(defaultCalendar), updatedAt: now })
      .onConflictDoNothing(),
    db
      .update(ownerSettings)
      .set({ value: sql`json_set(${ownerSettings.value}, ${assignments})`, updatedAt: now })
      .where(eq(ownerSettings.key, CALENDAR_KEY)),
  ]);
  return readCalendar(db);
}

const newSecret = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};

/** The statement that reads the feed's secret (no row until the owner first opens the calendar). */
export const feedSecretQuery = (db: Db) => settingQuery(db, FEED_KEY);

/** The feed's secret, made on first use, in one round trip. */
export async function feedSecret(db: Db): Promise<string> {
  const [, [row]] = await db.batch([
    db
      .insert(ownerSettings)
      .values({ key: FEED_KEY, value: JSON.stringify(newSecret()) })
      .onConflictDoNothing(),
    feedSecretQuery(db),
  ]);
  return JSON.parse(row!.value) as string;
}

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
