import type { CalendarPatch, CalendarSettings } from "../../../schema/api/bookings";
import { ownerSettings } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { randomHex } from "../../../schema/random";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { constantTimeEqual } from "../../lib/password";
import { signToken, verifyToken } from "../../lib/signed-token";
import { saveGroupsStatements, settingRowQuery } from "../settings/owner-settings";

/**
 * The owner's availability for online booking, stored with the business settings (key "calendar"),
 * and the key of the private calendar feed (key "calendar-feed"). No row: the defaults below.
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
  slotMinutes: { "annual-service": 60, "boiler-repair": 90, "gas-safety": 45, "unvented-check": 60 },
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
  const stored = row ? (JSON.parse(row.value) as Partial<CalendarSettings>) : {};
  // A service added since the owner saved keeps its default length beside the saved ones.
  const saved = { ...defaultCalendar, ...stored, slotMinutes: { ...defaultCalendar.slotMinutes, ...stored.slotMinutes } };
  return { ...saved, blockedDays: saved.blockedDays.filter((d) => d.date >= today) };
}

/**
 * The feed's address is its only lock, so it is not what is stored: the address carries the key
 * signed with the Worker's secret (lib/signed-token), and only the key is kept. A copy of the
 * database (a backup) opens no diary; a new key retires every address made from the old one.
 */
const FEED_PURPOSE = "calendar-feed/v1";
const feedToken = (env: AppEnv, stored: { value: string }) => signToken(env, FEED_PURPOSE, [JSON.parse(stored.value) as string]);

/** An engineer's own feed (issue 46): the same key, and whose diary it is, signed together. */
const ENGINEER_FEED_PURPOSE = "calendar-feed/engineer/v1";
export const engineerFeedToken = (env: AppEnv, stored: { value: string }, userId: number) =>
  signToken(env, ENGINEER_FEED_PURPOSE, [JSON.parse(stored.value) as string, String(userId)]);

const isStoredKey = (key: string, stored: { value: string }) => {
  const utf8 = new TextEncoder();
  return constantTimeEqual(utf8.encode(key), utf8.encode(JSON.parse(stored.value) as string));
};

/** Whether `token` is the address of the feed whose stored key is `stored`: signed by this Worker, for that key. */
export async function isFeedToken(env: AppEnv, token: string, stored: { value: string } | undefined): Promise<boolean> {
  const [key] = (await verifyToken(env, FEED_PURPOSE, token, 1)) ?? [];
  if (key === undefined || !stored) return false;
  return isStoredKey(key, stored);
}

/**
 * Whose diary a feed address opens: everyone's (the office's feed), one engineer's, or none (null)
 * when it is not signed by this Worker for the stored key (a new key retires both kinds at once).
 */
export async function feedScope(
  env: AppEnv,
  token: string,
  stored: { value: string } | undefined,
): Promise<{ engineer: number | null } | null> {
  if (await isFeedToken(env, token, stored)) return { engineer: null };
  const [key, user] = (await verifyToken(env, ENGINEER_FEED_PURPOSE, token, 2)) ?? [];
  if (key === undefined || user === undefined || !stored || !isStoredKey(key, stored)) return null;
  return { engineer: Number(user) };
}

/** An engineer's own feed address token (the key made on first use), in one round trip. */
export async function engineerFeedSecret(env: AppEnv, db: Db, userId: number): Promise<string> {
  const [, [feed]] = await db.batch([ensureFeedKey(db), feedKeyQuery(db)]);
  return engineerFeedToken(env, feed!, userId);
}

/** The statement that makes the feed's key on first use (no row until the owner first opens the calendar). */
const ensureFeedKey = (db: Db) =>
  db
    .insert(ownerSettings)
    .values({ key: FEED_KEY, value: JSON.stringify(newKey()) })
    .onConflictDoNothing();

/** The availability and the feed's address token (its key made on first use), in one round trip. */
export async function readCalendarAndFeed(env: AppEnv, db: Db): Promise<{ settings: CalendarSettings; secret: string }> {
  const [, calendar, [feed]] = await db.batch([ensureFeedKey(db), calendarQuery(db), feedKeyQuery(db)]);
  return { settings: calendarFrom(calendar), secret: await feedToken(env, feed!) };
}

/** Saves the groups given, each whole (json_set, as the business facts), and answers the availability and feed: one round trip. */
export async function saveCalendar(
  env: AppEnv,
  db: Db,
  patch: CalendarPatch,
): Promise<{ settings: CalendarSettings; secret: string }> {
  const { slotMinutes = {}, ...groups } = patch;
  // Each slot length is set at its own path (services' keys are the schema's, safe to quote).
  const lengths = Object.fromEntries(
    Object.entries(slotMinutes).map(([service, minutes]) => [`slotMinutes."${service}"`, minutes]),
  );
  const [, [saved], , [feed]] = await db.batch([
    ...saveGroupsStatements(db, CALENDAR_KEY, defaultCalendar, { ...groups, ...lengths }),
    ensureFeedKey(db),
    feedKeyQuery(db),
  ]);
  return { settings: calendarFrom([saved!]), secret: await feedToken(env, feed!) };
}

const newKey = () => randomHex(24);

/** The statement that reads the feed's key. */
export const feedKeyQuery = (db: Db) => settingRowQuery(db, FEED_KEY);

/** A new key, and the address token made from it: the old feed address stops working at once. */
export async function rotateFeedSecret(env: AppEnv, db: Db): Promise<string> {
  const value = JSON.stringify(newKey());
  await db
    .insert(ownerSettings)
    .values({ key: FEED_KEY, value })
    .onConflictDoUpdate({
      target: ownerSettings.key,
      set: { value, updatedAt: new Date().toISOString() },
    });
  return feedToken(env, { value });
}

/** Whether a postcode's outward code is in the covered areas ("M33 7XX" is covered by "M33" and by "M"). */
export function isCovered(calendar: CalendarSettings, postcode: string): boolean {
  const outward = postcode.trim().toUpperCase().split(/\s+/)[0] ?? "";
  const area = outward.match(/^[A-Z]+/)?.[0] ?? "";
  return calendar.outwardCodes.some((code) => code === outward || code === area);
}
