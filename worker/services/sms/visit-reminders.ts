import { and, asc, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import { customers, phoneKey, properties, serviceRecords, smsMessages, smsOptOuts } from "../../../schema/db";
import { addDays, londonDateOf, londonToday, londonToUtc } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { textableNumber } from "./phone";
import { smsConfig } from "./provider";
import { type HandOver, handOverOnce, settleHandOvers } from "./retries";
import { countSegments } from "./segments";
import { isTextHour, lower, visitPhone } from "./visit-texts";
import { smsWording } from "./wording";

/**
 * The day-before reminders, from the cron: the timed visits of tomorrow (London days) not yet
 * reminded, earliest first, a share a run, in five D1 queries whatever the share (decision 014's budget):
 * the candidates in one read, the reminders recorded in one batch of three inserts (the unique index
 * `sms_messages_one_reminder` refuses a second reminder of a visit, so two runs at once never text
 * one twice), handed to Twilio, and what became of each written in one statement (retries.ts: a
 * reminder Twilio could not take for a passing reason is tried again by a later run). A number that said
 * STOP is left out in the read; a landline is read and skipped (the candidates are four times the
 * share, so a few of those hold nobody up).
 */
const ROWS_PER_INSERT = 11; // nine values a row (`attempts` bound as its default): D1 binds at most 100 a statement.

const reminded = sql`EXISTS (SELECT 1 FROM ${smsMessages} WHERE ${smsMessages.visitId} = ${serviceRecords.id} AND ${smsMessages.kind} = 'visit-reminder')`;
const optedOut = sql`EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${phoneKey(smsOptOuts.phone)} = ${phoneKey(visitPhone)})`;

/**
 * Tomorrow's visits, and today's that were booked before today and start in more than an hour: a
 * visit whose day before ended after 21:00 (booked that evening) is reminded at 08:00 on the day.
 */
function candidatesQuery(db: Db, now: number) {
  const today = londonToday(now);
  const tomorrow = addDays(today, 1);
  const bookedBeforeToday = londonToUtc(today, "00:00").toISOString();
  const inAnHour = new Date(now + 3_600_000).toISOString();
  return db
    .select({
      id: serviceRecords.id,
      serviceType: serviceRecords.serviceType,
      visitStart: serviceRecords.visitStart,
      customerId: serviceRecords.customerId,
      phone: visitPhone,
    })
    .from(serviceRecords)
    .innerJoin(customers, eq(customers.id, serviceRecords.customerId))
    .leftJoin(properties, eq(properties.id, serviceRecords.propertyId))
    .where(
      and(
        eq(serviceRecords.status, "scheduled"),
        isNotNull(serviceRecords.visitStart),
        or(
          eq(serviceRecords.serviceDate, tomorrow),
          and(
            eq(serviceRecords.serviceDate, today),
            lt(serviceRecords.createdAt, bookedBeforeToday),
            gt(serviceRecords.visitStart, inAnHour),
          ),
        ),
        or(isNotNull(properties.tenantPhone), sql`${customers.contactChannel} IN ('text', 'both')`),
        sql`NOT ${reminded}`,
        sql`NOT ${optedOut}`,
      ),
    )
    .orderBy(asc(serviceRecords.visitStart), asc(serviceRecords.id))
    .limit(settings.sms.remindersPerRun * 4);
}

type Reminder = typeof smsMessages.$inferInsert;

function remindersOf(candidates: Awaited<ReturnType<typeof candidatesQuery>>, now: number): Reminder[] {
  const reminders: Reminder[] = [];
  const today = londonToday(now);
  for (const visit of candidates) {
    const number = textableNumber(visit.phone);
    const day = londonDateOf(visit.visitStart!) === today ? "today" : "tomorrow";
    const body = smsWording.visitReminder(lower(visit.serviceType), visit.visitStart!, day);
    const { segments } = countSegments(body);
    if (!number.ok || segments > settings.sms.maxSegments) continue;
    reminders.push({
      direction: "out",
      kind: "visit-reminder",
      customerId: visit.customerId,
      visitId: visit.id,
      phone: number.e164,
      body,
      segments,
      status: "queued",
    });
    if (reminders.length === settings.sms.remindersPerRun) break;
  }
  return reminders;
}

/** The recorded reminders, each once (a reminder already recorded by another run is not returned). */
async function recordReminders(db: Db, reminders: Reminder[]) {
  const inserts = [];
  for (let start = 0; start < reminders.length; start += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(smsMessages)
        .values(reminders.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoNothing()
        .returning({ id: smsMessages.id, phone: smsMessages.phone, body: smsMessages.body }),
    );
  }
  const [first, ...rest] = inserts;
  return first ? (await db.batch([first, ...rest])).flat() : [];
}

export async function sendVisitReminders(env: AppEnv, db: Db, now: number): Promise<number> {
  const config = smsConfig(env);
  if (!config || !isTextHour(now)) return 0;
  const reminders = remindersOf(await candidatesQuery(db, now), now);
  const recorded = await recordReminders(db, reminders);
  const results: HandOver[] = [];
  for (const row of recorded)
    results.push(await handOverOnce(config, { ...row, kind: "visit-reminder", attempts: 1, retryUntil: null }, now));
  await settleHandOvers(db, results, new Date(now).toISOString());
  return results.filter((r) => "sid" in r).length;
}
