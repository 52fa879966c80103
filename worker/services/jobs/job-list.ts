import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { JobState, JobSummary } from "../../../schema/api/jobs";
import type { ListResult } from "../../../schema/api/lists";
import { customers, jobs, properties } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { inJobState, jobTitleSql } from "./job-state";
import { jobRows, summaryOf } from "./jobs";

/**
 * Every job, newest first: searched by the job's number, its title, the customer's name, e-mail or
 * phone, or the property's address or postcode; filtered by state. The page and its count are one
 * batch; each job's title is read in the query and its state kept on its row (job-state.ts), so a
 * state's tab and its count are a range of the jobs' state index, at any number of jobs.
 */
export async function listJobs(
  db: Db,
  query: { q?: string; state?: JobState; limit: number; offset: number },
): Promise<ListResult<JobSummary>> {
  const today = londonToday();
  const where = and(query.state ? inJobState(query.state, today) : undefined, searchOf(query.q));
  const [rows, [total]] = await db.batch([
    jobRows(db, today).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(query.limit).offset(query.offset),
    // Counted on the jobs' own index unless the search needs the customer's and the property's texts.
    query.q
      ? db
          .select({ n: count() })
          .from(jobs)
          .leftJoin(customers, eq(customers.id, jobs.customerId))
          .leftJoin(properties, eq(properties.id, jobs.propertyId))
          .where(where)
      : db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0 };
}

/** The search: "job 12" or "12" finds that job; any other words each match one of the job's texts. */
function searchOf(q: string | undefined): SQL | undefined {
  const needle = q?.toLowerCase();
  if (!needle) return undefined;
  const number = needle.match(/^(?:job\s*)?#?(\d+)$/)?.[1];
  const texts = sql`lower(${jobTitleSql} || ' ' || COALESCE(${customers.firstName} || ' ' || ${customers.lastName}, '') || ' ' ||
    COALESCE(${customers.email}, '') || ' ' || COALESCE(${customers.phone}, '') || ' ' ||
    COALESCE(${properties.address}, '') || ' ' || COALESCE(${properties.postcode}, ''))`;
  const words = needle.split(/\s+/).filter(Boolean).slice(0, 6);
  return or(number ? eq(jobs.id, Number(number)) : undefined, and(...words.map((w) => sql`instr(${texts}, ${w}) > 0`)));
}
