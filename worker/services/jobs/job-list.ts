import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { JobState, JobSummary } from "../../../schema/api/jobs";
import type { ListResult } from "../../../schema/api/lists";
import { jobs } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { inJobState } from "./job-state";
import { jobRows, summaryOf } from "./jobs";

/**
 * Every job, newest first: searched by the job's number, its title, the customer's name, e-mail or
 * phone, or the property's address or postcode; filtered by state. The page and its count are one
 * batch; each job's state is kept on its row (job-state.ts), so a state's tab and its count are a
 * range of the jobs' state index, and a search a lookup of each word's jobs by index, at any number
 * of jobs.
 */
export async function listJobs(
  db: Db,
  query: { q?: string; state?: JobState; limit: number; offset: number },
): Promise<ListResult<JobSummary>> {
  const today = londonToday();
  const where = and(query.state ? inJobState(query.state, today) : undefined, searchOf(query.q));
  // The page's ids first, then their titles and names: a tab whose order is not its index's (the
  // states an expired quote can reach) sorts only ids, never every job's title.
  const jobPage = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [total]] = await db.batch([
    jobRows(db, today).where(inArray(jobs.id, jobPage)).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(query.limit),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0 };
}

/**
 * The search: "job 12" or "12" finds that job; any other words must each be one of the job's: in
 * its customer's name, e-mail, phone or postcode, its property's address or postcode, the title of
 * its quote or the kind of work of one of its visits. Each word is looked up by index (the
 * customers' and visits' trigram search, a word shorter than three characters as the start of a
 * name, postcode, title or kind), and the jobs are those every word found: no job's texts are read.
 */
function searchOf(q: string | undefined): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  const number = needle.match(/^(?:job\s*)?#?(\d+)$/)?.[1];
  const words = needle
    .split(/\s+/)
    .map((w) => w.replace(/"/g, ""))
    .filter(Boolean)
    .slice(0, 6);
  const everyWord = and(...words.map((w) => sql`${jobs.id} IN (${jobsWith(w)})`));
  return or(number ? eq(jobs.id, Number(number)) : undefined, everyWord);
}

/** The ids of the jobs one word of a search is in, each way found by an index (or a short table's scan). */
function jobsWith(word: string): SQL {
  const trigram = word.length >= 3;
  const phrase = `"${word}"`;
  const start = `${word.replace(/[%_\\]/g, "")}%`;
  const people = trigram
    ? sql`SELECT rowid FROM customers_search WHERE customers_search MATCH ${phrase}`
    : sql`SELECT c.id FROM customers AS c WHERE c.first_name LIKE ${start} OR c.last_name LIKE ${start}`;
  const places = trigram
    ? sql`SELECT p.id FROM properties AS p WHERE instr(lower(p.address || ' ' || COALESCE(p.postcode, '')), ${word}) > 0`
    : sql`SELECT p.id FROM properties AS p WHERE p.postcode LIKE ${start}`;
  const titles = trigram
    ? sql`SELECT q.job_id FROM estimates AS q WHERE instr(lower(q.title), ${word}) > 0`
    : sql`SELECT q.job_id FROM estimates AS q WHERE q.title LIKE ${start}`;
  const kinds = trigram
    ? sql`SELECT v.job_id FROM service_records AS v WHERE v.id IN (SELECT rowid FROM service_records_search WHERE service_records_search MATCH ${`service_type : ${phrase}`})`
    : sql`SELECT v.job_id FROM service_records AS v WHERE v.service_type LIKE ${start}`;
  return sql`SELECT j.id FROM jobs AS j WHERE j.customer_id IN (${people})
    UNION SELECT j.id FROM jobs AS j WHERE j.property_id IN (${places})
    UNION ${titles}
    UNION ${kinds}`;
}
