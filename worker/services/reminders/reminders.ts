import { and, desc, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { ReminderList, ReminderRunResult } from "../../../schema/api/reminders";
import { reminderVisitPatterns } from "../../../schema/business";
import { customers, outgoingEmails, properties, serviceRecords, serviceReminders } from "../../../schema/db";
import { addDays, londonToday, londonWallTime } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import { type Db, runBatch } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { createReminderOptOutToken, verifyReminderOptOutToken } from "../../lib/reminder-token";
import { siteUrl } from "../../lib/site-url";
import { enqueueStoredEmails, storeEmailUnless } from "../mail/deliveries";
import { reminderMail } from "../mail/reminder-emails";

/**
 * Service and gas-safety reminders. Each day (the cron) the records coming due within the lead time
 * are looked at; each customer gets one reminder per cycle (a record, a kind, a due date), sent
 * through the same stored, retried mail path as everything else, or a recorded reason for not
 * sending it. Landlords get the gas safety certificate wording, and a second reminder shortly
 * before the due date if no visit is booked.
 */
type Kind = (typeof serviceReminders.$inferSelect)["kind"];

/** A London day `plusDays` from the day of `at` (the reminders' window is in the customer's days). */
const day = (at: number, plusDays = 0) => addDays(londonToday(at), plusDays);

/** Records whose next visit falls due within the lead time either side of today (an index range). */
function inDueWindow(now: number) {
  const { leadDays } = settings.reminders;
  return and(
    isNotNull(serviceRecords.nextServiceDue),
    lte(serviceRecords.nextServiceDue, day(now, leadDays)),
    gte(serviceRecords.nextServiceDue, day(now, -leadDays)),
  );
}

/** The kinds already decided (sent or skipped) for the record's current cycle, comma-separated. */
const decidedKinds =
  sql<string>`(SELECT group_concat(kind) FROM service_reminders AS r WHERE r.service_record_id = ${serviceRecords.id}
  AND r.due_date = ${serviceRecords.nextServiceDue})`.as("decided");

/**
 * What the home screen counts: each due record with only what says which kinds it still waits on
 * (kindsDue), not the address, the later visits or the customer's details the decisions need. A
 * statement, so the home screen counts them in its own batch.
 */
export function reminderDueRows(db: Db, now: number) {
  return db
    .select({ dueDate: serviceRecords.nextServiceDue, isLandlord: customers.isLandlord, decided: decidedKinds })
    .from(serviceRecords)
    .innerJoin(customers, eq(customers.id, serviceRecords.customerId))
    .where(inDueWindow(now));
}

/** The candidates: records due in the window, with their customer and what already happened. */
export function reminderCandidates(db: Db, now: number) {
  // A landlord's reminder is the gas safety check's; anyone else's is the annual service's.
  const patterns = (kind: keyof typeof reminderVisitPatterns) => JSON.stringify(reminderVisitPatterns[kind]);
  const sameKind = sql`EXISTS (SELECT 1 FROM json_each(CASE WHEN ${customers.isLandlord}
    THEN ${patterns("gasSafety")} ELSE ${patterns("service")} END) WHERE lower(later.service_type) LIKE value)`;
  return db
    .select({
      recordId: serviceRecords.id,
      serviceDate: serviceRecords.serviceDate,
      dueDate: serviceRecords.nextServiceDue,
      equipment: sql<
        string | null
      >`NULLIF(TRIM(COALESCE(${serviceRecords.equipmentType}, '') || ' ' || COALESCE(${serviceRecords.equipmentModel}, '')), '')`.as(
        "equipment",
      ),
      customerId: customers.id,
      place: sql<string | null>`(SELECT p.address || COALESCE(', ' || p.postcode, '') FROM ${properties} AS p
        WHERE p.id = ${serviceRecords.propertyId})`.as("place"),
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      postcode: customers.postcode,
      isLandlord: customers.isLandlord,
      optedOut: customers.remindersOptedOutAt,
      // A later visit of the same kind for the same customer, booked or done, makes this record's
      // reminder needless; a repair or any other visit does not.
      laterVisit: sql<string | null>`(SELECT later.status FROM service_records AS later WHERE later.customer_id = ${customers.id}
        AND later.id <> ${serviceRecords.id} AND later.service_date > ${serviceRecords.serviceDate} AND ${sameKind}
        ORDER BY later.service_date DESC LIMIT 1)`.as("later_visit"),
      decided: decidedKinds,
    })
    .from(serviceRecords)
    .innerJoin(customers, eq(customers.id, serviceRecords.customerId))
    .where(inDueWindow(now))
    .orderBy(serviceRecords.nextServiceDue);
}

type Candidate = Awaited<ReturnType<typeof reminderCandidates>>[number];
type Decision = { candidate: Candidate; kind: Kind; reason: string | null };

/**
 * What each due record should get now: one decision per kind not decided yet. A landlord whose
 * certificate is already within the last week, and who had no first reminder (a record added late),
 * gets the final wording only; the first is recorded as skipped so it is never sent after it.
 */
export function decide(list: Candidate[], now: number): Decision[] {
  return list.flatMap((c) => {
    const reason = c.laterVisit
      ? c.laterVisit === "completed" || c.laterVisit === "in-progress"
        ? "A later visit has been done"
        : "A later visit is already booked"
      : c.optedOut
        ? "Opted out of reminders"
        : !c.email?.includes("@")
          ? "No e-mail address"
          : null;
    return kindsDue(c, now).map(({ kind, finalWent }) => ({
      candidate: c,
      kind,
      reason: finalWent ? (reason ?? "Due within a week: the final reminder went instead") : reason,
    }));
  });
}

/**
 * The kinds a due record still waits on, each one decision (sent, or skipped with its reason): a
 * customer's service; a landlord's first reminder, and in the last week her final one. A first one
 * not yet decided in the last week is recorded as skipped (`finalWent`), never sent after the final.
 */
export function kindsDue(
  c: { isLandlord: boolean; dueDate: string | null; decided: string | null },
  now: number,
): { kind: Kind; finalWent?: true }[] {
  const decided = new Set((c.decided ?? "").split(",").filter(Boolean));
  const open = (kind: Kind) => (decided.has(kind) ? [] : [{ kind }]);
  if (!c.isLandlord) return open("service");
  const finalWeek = c.dueDate! <= day(now, settings.reminders.landlordFinalDays);
  if (!finalWeek) return open("gas_safety");
  if (decided.has("gas_safety")) return open("gas_safety_final");
  return [{ kind: "gas_safety", finalWent: true }, ...open("gas_safety_final")];
}

/** The booking link: the online booking page, with the visit (a service, or a landlord's certificate) and the postcode. */
export function bookingUrl(env: AppEnv, postcode: string | null, kind: Kind = "service") {
  const service = kind === "service" ? "annual-service" : "gas-safety";
  const params = new URLSearchParams({ service, ...(postcode ? { postcode } : {}) });
  return siteUrl(env, `/book?${params}`);
}

async function mailFor(env: AppEnv, r: Candidate & { kind: Kind; email: string }) {
  const token = encodeURIComponent(await createReminderOptOutToken(env, r.customerId));
  const oneClick = siteUrl(env, `/api/reminders/opt-out?token=${token}`);
  return reminderMail({
    to: r.email,
    firstName: r.firstName,
    kind: r.kind,
    dueDate: r.dueDate!,
    equipment: r.equipment,
    place: r.isLandlord ? r.place : null,
    bookUrl: bookingUrl(env, r.postcode, r.kind),
    optOutUrl: siteUrl(env, `/reminders/opt-out?token=${token}`),
    optOutHeaders: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

/** The cycle a decision belongs to: one reminder of a kind per record and due date (a unique index). */
const sameCycle = (d: Decision) =>
  and(
    eq(serviceReminders.serviceRecordId, d.candidate.recordId),
    eq(serviceReminders.kind, d.kind),
    eq(serviceReminders.dueDate, d.candidate.dueDate!),
  );

/**
 * Runs the reminders: at most `settings.reminders.perRun` decisions per invocation (a few D1
 * queries each, well inside the 1,000 an invocation may make), the rest on the next run; the
 * answer says how many are left. Each decision is written in one batch (one transaction) with its
 * e-mail: a reminder to send stores its e-mail only if the cycle has no reminder yet, then records
 * the reminder pointing at that e-mail, so two runs at once, or a run that dies, can never leave a
 * reminder "sent" without its e-mail, nor send one twice (the unique index on the cycle). The
 * stored e-mails are then queued; any the Queue does not take, the cron re-drives.
 */
export async function runReminders(env: AppEnv, db: Db, now = Date.now()): Promise<ReminderRunResult> {
  const decisions = decide(await reminderCandidates(db, now), now);
  const chunk = decisions.slice(0, settings.reminders.perRun);
  const createdAt = new Date(now).toISOString();
  const reminderRow = (d: Decision) => ({
    serviceRecordId: d.candidate.recordId,
    customerId: d.candidate.customerId,
    kind: d.kind,
    dueDate: d.candidate.dueDate!,
    createdAt,
  });
  const mails = await Promise.all(
    chunk.map((d) => (d.reason ? null : mailFor(env, { ...d.candidate, email: d.candidate.email!, kind: d.kind }))),
  );

  const skips = chunk.flatMap((d) =>
    d.reason
      ? [
          db
            .insert(serviceReminders)
            .values({ ...reminderRow(d), outcome: "skipped", reason: d.reason })
            .onConflictDoNothing()
            .returning({ id: serviceReminders.id }),
        ]
      : [],
  );
  const sends = chunk.flatMap((d, i) => {
    const mail = mails[i];
    if (!mail) return [];
    const cycleTaken = db.select({ one: sql`1` }).from(serviceReminders).where(sameCycle(d));
    return [
      storeEmailUnless(db, mail, cycleTaken, createdAt),
      // When the e-mail above was not stored the cycle is taken, so this insert does nothing.
      db
        .insert(serviceReminders)
        .values({ ...reminderRow(d), outcome: "sent", emailId: sql`last_insert_rowid()` })
        .onConflictDoNothing(),
    ];
  });
  const results = await runBatch(db, [...skips, ...sends]);
  const skipped = results.slice(0, skips.length).filter((rows) => (rows as unknown[]).length > 0).length;
  const emailIds = results
    .slice(skips.length)
    .filter((_, i) => i % 2 === 0)
    .flatMap((rows) => (rows as { id: number }[]).map((r) => r.id));
  await enqueueStoredEmails(env.MAIL_QUEUE, emailIds);
  return { sent: emailIds.length, skipped, remaining: decisions.length - chunk.length };
}

/** The reminders screen: what is due (not decided yet; the soonest, and how many in all), and the latest sent and skipped, with reasons. */
export async function listReminders(db: Db, now = Date.now()): Promise<ReminderList> {
  const [due, recent] = await Promise.all([
    reminderCandidates(db, now),
    db
      .select({
        id: serviceReminders.id,
        kind: serviceReminders.kind,
        dueDate: serviceReminders.dueDate,
        outcome: serviceReminders.outcome,
        reason: serviceReminders.reason,
        at: serviceReminders.createdAt,
        customerId: serviceReminders.customerId,
        customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`.as("customer_name"),
        email: customers.email,
        delivery: outgoingEmails.status,
      })
      .from(serviceReminders)
      .leftJoin(customers, eq(customers.id, serviceReminders.customerId))
      .leftJoin(outgoingEmails, eq(outgoingEmails.id, serviceReminders.emailId))
      .orderBy(desc(serviceReminders.id))
      .limit(100),
  ]);
  const decisions = decide(due, now);
  return {
    dueTotal: decisions.length,
    // The soonest due; a busy season's thousands are counted, and the runs send them all.
    due: decisions.slice(0, settings.reminders.listDue).map(({ candidate: c, kind, reason }) => ({
      serviceRecordId: c.recordId,
      customerId: c.customerId,
      customerName: `${c.firstName} ${c.lastName}`,
      email: c.email,
      kind,
      dueDate: c.dueDate!,
      willSkipBecause: reason,
    })),
    sent: recent.filter((r) => r.outcome === "sent"),
    skipped: recent.filter((r) => r.outcome === "skipped"),
  };
}

/** The cron's daily run: reminders arrive in the customer's day, not at 3 a.m. (the owner's button sends at once). */
export function isReminderHour(now: number): boolean {
  const { hour } = londonWallTime(now);
  return hour >= settings.reminders.sendFromHour && hour < settings.reminders.sendUntilHour;
}

export const INVALID_REMINDER_LINK = "This link is not valid. Please use the link from one of our reminder e-mails.";

/** The customer a reminder's opt-out link names, and whether they have opted out already. Reading changes nothing. */
export async function reminderOptOutState(env: AppEnv, db: Db, token: string) {
  const customerId = await verifyReminderOptOutToken(env, token);
  if (customerId === null) throw new ApiError("VALIDATION_FAILED", INVALID_REMINDER_LINK);
  const [row] = await db
    .select({ email: customers.email, optedOutAt: customers.remindersOptedOutAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  // A customer since deleted gets no reminders anyway: the link still "works".
  return { customerId, email: row?.email || "This address", optedOut: row ? row.optedOutAt !== null : true };
}

/**
 * Stops reminders for the link's customer and every other customer record with the same address
 * (one person, entered twice). Repeating it is still a success and keeps the first time.
 */
export async function optOutOfReminders(env: AppEnv, db: Db, token: string, now = Date.now()) {
  const { customerId, email } = await reminderOptOutState(env, db, token);
  await db
    .update(customers)
    .set({ remindersOptedOutAt: new Date(now).toISOString() })
    .where(
      and(
        isNull(customers.remindersOptedOutAt),
        or(eq(customers.id, customerId), sql`lower(${customers.email}) = lower(${email})`),
      ),
    );
  return { email };
}
