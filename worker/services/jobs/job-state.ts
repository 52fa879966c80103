import { type SQL, sql } from "drizzle-orm";
import type { JobState } from "../../../schema/api/jobs";
import { jobs } from "../../../schema/db";

/**
 * A job's title (read in SQL from what hangs on it) and state (from the facts the database keeps on
 * its row), as one job's screen, a customer's jobs and the list of every job read them
 * (docs/decisions/023-the-job.md). Written once, here, for a select from `jobs`: the outer job is
 * named `"jobs"."id"` in full (a correlated subquery never meets an unqualified column).
 */
const job = sql.raw(`"jobs"."id"`);

/** The job's quote's title, else its first visit's kind of work, else "Job". */
export const jobTitleSql = sql<string>`COALESCE(
  (SELECT q.title FROM estimates AS q WHERE q.job_id = ${job} ORDER BY q.id LIMIT 1),
  (SELECT v.service_type FROM service_records AS v WHERE v.job_id = ${job} ORDER BY v.service_date, v.id LIMIT 1),
  'Job')`;

/**
 * The state (docs/decisions/023-the-job.md): the job's stage, kept by the database from the facts on
 * its row (schema/db/jobs.ts JOB_STAGE_SQL), with the one fact that needs the day applied here: a
 * quote sent and past its date has expired, so its job is cancelled, or invoiced or paid when
 * something was invoiced (a survey, say).
 */
const expired = (today: string) => sql`${jobs.stage} = 'quoted' AND ${jobs.quoteValidUntil} < ${today}`;
const afterExpiry = sql`CASE WHEN ${jobs.invoicesIssued} = 0 THEN 'cancelled' WHEN ${jobs.invoicesUnpaid} > 0 THEN 'invoiced' ELSE 'paid' END`;

export const jobStateSql = (today: string): SQL<JobState> =>
  sql<JobState>`(CASE WHEN ${expired(today)} THEN ${afterExpiry} ELSE ${jobs.stage} END)`;

/**
 * The jobs in one state, as a condition the list's index answers: the stage's own range, and for the
 * three states an expired quote can lead to, the few jobs still "quoted" whose quote has expired.
 */
export function inJobState(state: JobState, today: string): SQL {
  if (state === "quoted") return sql`${jobs.stage} = 'quoted' AND NOT (${expired(today)})`;
  if (state === "cancelled" || state === "invoiced" || state === "paid")
    return sql`(${jobs.stage} = ${state} OR (${expired(today)} AND ${afterExpiry} = ${state}))`;
  return sql`${jobs.stage} = ${state}`;
}
