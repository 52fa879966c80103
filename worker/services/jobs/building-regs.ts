import { and, asc, count, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { BuildingRegsRecord } from "../../../schema/api/building-regs";
import {
  BENCHMARK_OWED,
  type InstallationKind,
  installationNouns,
  type JobBuildingRegs,
  type NotificationDue,
  notificationDeadline,
  notificationUrgency,
  WARN_FROM_DAY,
} from "../../../schema/api/installations";
import { buildingRegsNotifications, customers, jobs } from "../../../schema/db";
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

/**
 * The installations the job's accepted quote fits, as a JSON array ("[]" for none): kept on the job by
 * the database from the accepted option's lines and the extras chosen (migrations/0037).
 */
export const installationsSql = sql<string>`${jobs.installations}`;

/** The day the job's work completed: its last visit's, once it has visits and every one is completed (the job's kept counts). */
export const completedOnSql = sql<string | null>`(CASE WHEN ${jobs.visits} > 0 AND ${jobs.visitsToDo} = 0
  THEN (SELECT MAX(v.service_date) FROM service_records AS v WHERE v.job_id = ${job}) END)`;

const n = buildingRegsNotifications;
const recordColumns = {
  notifiedBy: n.notifiedBy,
  notifiedOn: n.notifiedOn,
  reference: n.reference,
  certificateNumber: n.certificateNumber,
  recordedAt: n.recordedAt,
};

/** The facts of job `id`, for the job's batch (readJob); `id` may be SQL naming it (a visit's job). */
export const buildingRegsRead = (db: Db, id: number | SQL) =>
  db
    .select({ installations: installationsSql, completedOn: completedOnSql, benchmarkOwed: jobs.benchmarkOwed, ...recordColumns })
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
    benchmarkOwed: facts.benchmarkOwed > 0,
  };
}

/** Whether the job still owes its notification (the invoice waits for it). */
export const owesNotification = (regs: JobBuildingRegs | null) => regs !== null && regs.record === null;

/**
 * 409 when the job's work is complete and its paperwork is not: a boiler fitted without its Benchmark
 * commissioning checklist issued, or a notification not recorded. The job is invoiced as done, by
 * whichever route (the job, its accepted quote, one of its visits), only once both are. Before the
 * work is complete (a deposit invoice from the quote) nothing is owed yet.
 */
export function requirePaperworkDone(regs: JobBuildingRegs | null) {
  if (!regs?.completedOn) return;
  if (regs.benchmarkOwed) throw new ApiError("CONFLICT", BENCHMARK_OWED);
  if (regs.state !== "to notify") return;
  const fitted = regs.installations.map((k) => installationNouns[k]).join(" and ");
  throw new ApiError(
    "CONFLICT",
    `This job fitted ${fitted}: record its Building Regulations notification (or mark it notified by another party) before invoicing it.`,
  );
}

/**
 * Jobs whose notification is past day 20 and not recorded: from the jobs that fitted something
 * notifiable (a partial index of a few), each read by its own row and its visits' index. `today` is a
 * London date.
 */
function dueWhere(today: string): SQL {
  return and(sql`${jobs.installations} <> '[]'`, isNull(n.jobId), lte(completedOnSql, addDays(today, -WARN_FROM_DAY)))!;
}

/** The home screen's two statements: how many are amber or red, and the oldest few of them. */
export function notificationsDueReads(db: Db, now: Date, limit = 10) {
  const today = londonToday(now);
  return [
    db.select({ n: count() }).from(jobs).leftJoin(n, eq(n.jobId, jobs.id)).where(dueWhere(today)),
    db
      .select({
        jobId: jobs.id,
        title: jobTitleSql,
        firstName: customers.firstName,
        lastName: customers.lastName,
        completedOn: sql<string>`${completedOnSql}`,
      })
      .from(jobs)
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
