import { type SQL, sql } from "drizzle-orm";
import type { JobState } from "../../../schema/api/jobs";

/**
 * A job's title and state, read in SQL from what hangs on it (docs/decisions/023-the-job.md), so one
 * job's screen, a customer's jobs and the list of every job read them alike, and the list filters and
 * counts by state at any size. Written once, here, for a select from `jobs`: the outer job is named
 * `"jobs"."id"` in full (a correlated subquery never meets an unqualified column).
 */
const job = sql.raw(`"jobs"."id"`);

/** The job's quote's title, else its first visit's kind of work, else "Job". */
export const jobTitleSql = sql<string>`COALESCE(
  (SELECT q.title FROM estimates AS q WHERE q.job_id = ${job} ORDER BY q.id LIMIT 1),
  (SELECT v.service_type FROM service_records AS v WHERE v.job_id = ${job} ORDER BY v.service_date, v.id LIMIT 1),
  'Job')`;

/**
 * The state: cancelled with its quote; while a visit is still to do, in progress (one is under way)
 * or scheduled (accepted, while the accepted quote's visit has no time yet); then, while its quote is
 * not accepted, an enquiry being priced (a draft), quoted (sent, and not past its date), or cancelled
 * (declined or expired, unless something was invoiced: a survey, say); accepted while the accepted
 * quote has no visit; with every visit done, paid when every issued invoice is, invoiced once one is,
 * else done. A visit added after the invoice (a return visit) puts the job back to work until it is
 * done. Each fact is read once per job (the inner row), each by an index on its job.
 */
export const jobStateSql = (today: string): SQL<JobState> => sql<JobState>`(SELECT CASE
    WHEN f.quote = 'cancelled' THEN 'cancelled'
    WHEN f.under_way THEN 'in progress'
    WHEN f.to_do THEN CASE WHEN f.quote = 'accepted' AND NOT f.timed THEN 'accepted' ELSE 'scheduled' END
    WHEN f.quote = 'draft' THEN 'enquiry'
    WHEN f.quote IN ('sent', 'viewed') THEN 'quoted'
    WHEN f.quote IN ('declined', 'expired') AND NOT f.issued THEN 'cancelled'
    WHEN f.quote = 'accepted' AND NOT f.visited THEN 'accepted'
    WHEN f.issued THEN CASE WHEN f.unpaid THEN 'invoiced' ELSE 'paid' END
    ELSE 'done' END
  FROM (SELECT
    (SELECT CASE WHEN q.status IN ('sent', 'viewed') AND q.valid_until < ${today} THEN 'expired' ELSE q.status END
      FROM estimates AS q WHERE q.job_id = ${job} ORDER BY q.id LIMIT 1) AS quote,
    EXISTS (SELECT 1 FROM service_records AS v WHERE v.job_id = ${job} AND v.status = 'in-progress') AS under_way,
    EXISTS (SELECT 1 FROM service_records AS v WHERE v.job_id = ${job} AND v.status <> 'completed') AS to_do,
    EXISTS (SELECT 1 FROM service_records AS v WHERE v.job_id = ${job} AND v.visit_start IS NOT NULL) AS timed,
    EXISTS (SELECT 1 FROM service_records AS v WHERE v.job_id = ${job}) AS visited,
    EXISTS (SELECT 1 FROM invoices AS i WHERE i.job_id = ${job} AND i.status = 'issued') AS issued,
    EXISTS (SELECT 1 FROM invoices AS i WHERE i.job_id = ${job} AND i.status = 'issued' AND i.paid_at IS NULL) AS unpaid
  ) AS f)`;
