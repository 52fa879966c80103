import { and, asc, count, eq, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { BuildingRegsRecord } from "../../../schema/api/building-regs";
import {
  type InstallationKind,
  type JobBuildingRegs,
  type NotificationDue,
  notificationDeadline,
  notificationUrgency,
  WARN_FROM_DAY,
} from "../../../schema/api/installations";
import { buildingRegsNotifications, customers, jobs, quoteAcceptances, quotes } from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { jobTitleSql } from "./job-state";

/**
 * The Building Regulations notification a job owes (issue 47; Building Regulations 2010 reg. 20(3)):
 * read, never stored, from the job's accepted quote (the lines of the accepted option, and of its
 * extras the ones chosen, marked as a notifiable installation) and its visits (completed on its last
 * visit's day, once every visit is). Only what the owner records is stored (building_regs_notifications).
 * Written for a select whose jobs table is `jobs`: the outer job is named `"jobs"."id"` in full.
 */
const job = sql.raw(`"jobs"."id"`);

/** The installations the job's accepted quote fits, as a JSON array ("[]" for none). */
export const installationsSql = sql<string>`(SELECT json_group_array(DISTINCT json_extract(line.value, '$.installation'))
  FROM estimates AS q
  JOIN estimate_acceptances AS a ON a.estimate_id = q.id
  JOIN estimate_versions AS v ON v.estimate_id = q.id AND v.version = a.version,
  json_each(v.content, '$.options') AS opt, json_each(opt.value, '$.lines') AS line
  WHERE q.job_id = ${job} AND q.status = 'accepted'
    AND json_extract(opt.value, '$.id') = a.option_id
    AND json_extract(line.value, '$.installation') IS NOT NULL
    AND (NOT json_extract(line.value, '$.optional')
      OR json_extract(line.value, '$.id') IN (SELECT chosen.value FROM json_each(a.optional_line_ids) AS chosen)))`;

/** The day the job's work completed: its last visit's, once it has visits and every one is completed. */
export const completedOnSql = sql<string | null>`(SELECT CASE WHEN COUNT(*) > 0 AND SUM(v.status <> 'completed') = 0
  THEN MAX(v.service_date) END FROM service_records AS v WHERE v.job_id = ${job})`;

const n = buildingRegsNotifications;
const recordColumns = {
  notifiedBy: n.notifiedBy,
  notifiedOn: n.notifiedOn,
  reference: n.reference,
  certificateNumber: n.certificateNumber,
  recordedAt: n.recordedAt,
};

/** The facts of job `id`, for the job's batch (readJob). */
export const buildingRegsRead = (db: Db, id: number) =>
  db
    .select({ installations: installationsSql, completedOn: completedOnSql, ...recordColumns })
    .from(jobs)
    .leftJoin(n, eq(n.jobId, jobs.id))
    .where(eq(jobs.id, id));

type Facts = Awaited<ReturnType<typeof buildingRegsRead>>[number];

/** The job's notification as its screen shows it, null when it fitted nothing notifiable. */
export function jobBuildingRegs(facts: Facts | undefined, today: string): JobBuildingRegs | null {
  const installations = JSON.parse(facts?.installations ?? "[]") as InstallationKind[];
  if (!facts || installations.length === 0) return null;
  const { completedOn } = facts;
  const record = facts.notifiedBy
    ? ({
        notifiedBy: facts.notifiedBy,
        notifiedOn: facts.notifiedOn,
        reference: facts.reference,
        certificateNumber: facts.certificateNumber,
        recordedAt: facts.recordedAt!,
      } as JobBuildingRegs["record"])
    : null;
  const urgency = completedOn && !record ? notificationUrgency(completedOn, today) : null;
  return {
    installations,
    completedOn,
    deadline: completedOn ? notificationDeadline(completedOn) : null,
    state: record ? "notified" : completedOn ? "to notify" : "not due",
    tone: urgency?.tone ?? null,
    daysLeft: urgency?.daysLeft ?? null,
    record,
  };
}

/** Whether the job still owes its notification (the invoice waits for it). */
export const owesNotification = (regs: JobBuildingRegs | null) => regs !== null && regs.record === null;

/**
 * Jobs whose notification is past day 20 and not recorded: from the accepted quotes (a job owes one
 * only through its quote), each read by its job's indexes. `today` is a London date.
 */
function dueWhere(today: string): SQL {
  return and(
    eq(quotes.status, "accepted"),
    isNull(n.jobId),
    lte(completedOnSql, addDays(today, -WARN_FROM_DAY)),
    ne(installationsSql, "[]"),
  )!;
}

/** The home screen's two statements: how many are amber or red, and the oldest few of them. */
export function notificationsDueReads(db: Db, now: Date, limit = 10) {
  const today = londonToday(now);
  return [
    db
      .select({ n: count() })
      .from(quoteAcceptances)
      .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
      .innerJoin(jobs, eq(jobs.id, quotes.jobId))
      .leftJoin(n, eq(n.jobId, jobs.id))
      .where(dueWhere(today)),
    db
      .select({
        jobId: jobs.id,
        title: jobTitleSql,
        firstName: customers.firstName,
        lastName: customers.lastName,
        completedOn: sql<string>`${completedOnSql}`,
      })
      .from(quoteAcceptances)
      .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
      .innerJoin(jobs, eq(jobs.id, quotes.jobId))
      .leftJoin(n, eq(n.jobId, jobs.id))
      .leftJoin(customers, eq(customers.id, jobs.customerId))
      .where(dueWhere(today))
      .orderBy(asc(completedOnSql), asc(jobs.id))
      .limit(limit),
  ] as const;
}

type DueRow = Awaited<ReturnType<typeof notificationsDueReads>[1]>[number];

export const toNotificationDue = (row: DueRow, today: string): NotificationDue => {
  const { tone, daysLeft } = notificationUrgency(row.completedOn, today);
  return {
    jobId: row.jobId,
    title: row.title,
    customerName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ""}`.trim(),
    completedOn: row.completedOn,
    deadline: notificationDeadline(row.completedOn),
    tone: tone === "red" ? "red" : "amber",
    daysLeft,
  };
};

/**
 * The owner records the notification (or corrects it, or adds the certificate's number later). Only
 * a job that owes one takes it: a job that fitted nothing notifiable answers 409.
 */
export async function recordNotification(db: Db, jobId: number, input: BuildingRegsRecord, today = londonToday()) {
  const [facts] = await buildingRegsRead(db, jobId);
  if (!facts) throw notFound("Job");
  if (!jobBuildingRegs(facts, today))
    throw new ApiError(
      "CONFLICT",
      "This job fits no boiler, cylinder or gas fire on its accepted quote, so it has no Building Regulations notification to record.",
    );
  const values = { ...input, updatedAt: new Date().toISOString() };
  await db
    .insert(n)
    .values({ jobId, ...values })
    .onConflictDoUpdate({ target: n.jobId, set: values });
  const [after] = await buildingRegsRead(db, jobId);
  return jobBuildingRegs(after, today)!;
}
