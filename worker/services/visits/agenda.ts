import { and, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { type CalendarEntry, visitLabel } from "../../../schema/api/bookings";
import type { VisitEngineer } from "../../../schema/api/diary";
import { company } from "../../../schema/business";
import { adminUsers, bookings, customers, serviceRecords, visitConfirmations, visitEngineers } from "../../../schema/db";
import { addDays, londonToUtc, londonWallTime } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteHost } from "../../lib/site-url";
import { feedKeyQuery, feedScope } from "./calendar";
import { calendarFile } from "./ics";

/**
 * The diary: online bookings and the scheduled service records (a record a booking made is shown
 * once, as the booking), each with its engineers; only one engineer's when `engineer` is given.
 * From `from` (a London date) for `days` days, in one D1 round trip.
 */
export async function calendarEntries(db: Db, from: string, days: number, engineer?: number): Promise<CalendarEntry[]> {
  return ofEngineer(toEntries(await readEntries(db, from, days)), engineer);
}

const ofEngineer = (entries: CalendarEntry[], engineer: number | null | undefined) =>
  engineer == null ? entries : entries.filter((e) => e.engineers.some((who) => who.id === engineer));

/** The two reads behind the diary, for a caller to put in its own batch. */
function entryQueries(db: Db, from: string, days: number) {
  const last = addDays(from, days - 1);
  const startIso = londonToUtc(from, "00:00").toISOString();
  const endIso = londonToUtc(addDays(from, days), "00:00").toISOString();
  return [
    db
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, "booked"), gte(bookings.startsAt, startIso), lt(bookings.startsAt, endIso)))
      .orderBy(bookings.startsAt),
    db
      .select({
        id: serviceRecords.id,
        serviceType: serviceRecords.serviceType,
        date: serviceRecords.serviceDate,
        start: serviceRecords.visitStart,
        end: serviceRecords.visitEnd,
        customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
        postcode: customers.postcode,
      })
      .from(serviceRecords)
      .leftJoin(customers, eq(customers.id, serviceRecords.customerId))
      .leftJoin(bookings, eq(bookings.serviceRecordId, serviceRecords.id))
      .where(
        and(
          eq(serviceRecords.status, "scheduled"),
          gte(serviceRecords.serviceDate, from),
          lte(serviceRecords.serviceDate, last),
          isNull(bookings.id),
        ),
      ),
    // Who is on each visit of those days (a visit's service date is its London day, whichever way it was booked).
    db
      .select({ serviceRecordId: visitEngineers.serviceRecordId, id: adminUsers.id, name: adminUsers.name })
      .from(visitEngineers)
      .innerJoin(adminUsers, eq(adminUsers.id, visitEngineers.userId))
      .where(
        inArray(
          visitEngineers.serviceRecordId,
          db
            .select({ id: serviceRecords.id })
            .from(serviceRecords)
            .where(and(gte(serviceRecords.serviceDate, from), lte(serviceRecords.serviceDate, last))),
        ),
      )
      .orderBy(visitEngineers.userId),
    // The visits of those days the customer confirmed by text (a C to the reminder).
    db
      .select({ visitId: visitConfirmations.visitId, confirmedAt: visitConfirmations.confirmedAt })
      .from(visitConfirmations)
      .where(
        inArray(
          visitConfirmations.visitId,
          db
            .select({ id: serviceRecords.id })
            .from(serviceRecords)
            .where(and(gte(serviceRecords.serviceDate, from), lte(serviceRecords.serviceDate, last))),
        ),
      ),
  ] as const;
}

type EntryRows = Awaited<ReturnType<typeof readEntries>>;
const readEntries = (db: Db, from: string, days: number) => db.batch(entryQueries(db, from, days));

function toEntries([booked, records, assigned, confirmations]: EntryRows): CalendarEntry[] {
  const engineersOf = (recordId: number | null): VisitEngineer[] =>
    assigned.filter((a) => a.serviceRecordId === recordId).map(({ id, name }) => ({ id, name }));
  const confirmedAt = (recordId: number | null) => confirmations.find((c) => c.visitId === recordId)?.confirmedAt ?? null;
  const entries: CalendarEntry[] = [
    ...booked.map((b) => ({
      kind: "booking" as const,
      id: b.id,
      serviceRecordId: b.serviceRecordId,
      title: visitLabel(b.service),
      customerName: b.name,
      start: b.startsAt,
      end: b.endsAt,
      allDay: false,
      reference: b.reference,
      postcode: b.postcode,
      engineers: engineersOf(b.serviceRecordId),
      confirmedAt: confirmedAt(b.serviceRecordId),
    })),
    ...records.map((r) => {
      const timed = r.start !== null && r.end !== null;
      return {
        kind: "service-record" as const,
        id: r.id,
        serviceRecordId: r.id,
        title: r.serviceType,
        customerName: r.customerName,
        start: timed ? r.start! : londonToUtc(r.date, "00:00").toISOString(),
        end: timed ? r.end! : londonToUtc(addDays(r.date, 1), "00:00").toISOString(),
        allDay: !timed,
        reference: null,
        postcode: r.postcode,
        engineers: engineersOf(r.id),
        confirmedAt: confirmedAt(r.id),
      };
    }),
  ];
  return entries.sort((a, b) => a.start.localeCompare(b.start) || Number(b.allDay) - Number(a.allDay));
}

/**
 * The private feed, if `secret` is a feed's address token: the diary (everyone's, or the one
 * engineer's the token names) from a month ago to six months ahead, as iCalendar. The key is read with the diary, in one D1 round trip; null for any
 * other token.
 */
export async function feedIcs(env: AppEnv, db: Db, secret: string, today: string): Promise<string | null> {
  const [[stored], ...rows] = await db.batch([feedKeyQuery(db), ...entryQueries(db, addDays(today, -30), 210)]);
  const scope = await feedScope(env, secret, stored);
  if (!scope) return null;
  const host = siteHost(env);
  return calendarFile(
    ofEngineer(toEntries(rows), scope.engineer).map((e) => ({
      uid: e.kind === "booking" ? `${e.reference}@${host}` : `record-${e.id}@${host}`,
      start: new Date(e.start),
      end: new Date(e.end),
      allDay: e.allDay ? { date: londonWallTime(Date.parse(e.start)).date } : undefined,
      summary: [e.title, e.customerName, e.postcode].filter(Boolean).join(", "),
      description: e.reference ? `Booking ${e.reference}` : `Service record ${e.id}`,
    })),
    { name: `${company.shortName} visits` },
  );
}
