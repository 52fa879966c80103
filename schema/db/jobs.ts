import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { customers } from "./customers";
import { properties } from "./properties";

/**
 * A job's state from its own row's facts (docs/decisions/023-the-job.md): cancelled with its quote;
 * while a visit is to do, in progress (one under way) or scheduled (accepted while no visit has a
 * time yet); then an enquiry (quote a draft), quoted (sent or viewed), cancelled (declined or expired
 * with nothing invoiced), accepted (no visit yet); then paid when every issued invoice is, invoiced
 * once one is, else in progress while it fitted a boiler whose Benchmark is not issued (issue 47: the
 * job is not done without its commissioning checklist), else done. Written once here, for the column
 * and for the migrations that wrote it (0035_job_facts.sql, 0041_job_benchmark.sql).
 */
export const JOB_STAGE_SQL = `CASE
  WHEN quote_status = 'cancelled' THEN 'cancelled'
  WHEN visits_under_way > 0 THEN 'in progress'
  WHEN visits_to_do > 0 THEN CASE WHEN quote_status = 'accepted' AND visits_timed = 0 THEN 'accepted' ELSE 'scheduled' END
  WHEN quote_status = 'draft' THEN 'enquiry'
  WHEN quote_status IN ('sent', 'viewed') THEN 'quoted'
  WHEN quote_status IN ('declined', 'expired') AND invoices_issued = 0 THEN 'cancelled'
  WHEN quote_status = 'accepted' AND visits = 0 THEN 'accepted'
  WHEN invoices_issued > 0 THEN CASE WHEN invoices_unpaid > 0 THEN 'invoiced' ELSE 'paid' END
  WHEN benchmark_owed > 0 THEN 'in progress'
  ELSE 'done' END`;

/**
 * A job (docs/decisions/023-the-job.md): the thread one piece of work hangs on, for one customer at
 * one property. Its visits (service_records.job_id, each an appointment with its job sheet and the
 * paperwork issued at it), the quote whose acceptance made it and its invoices (invoices.job_id) all
 * point here. Every visit has a job: a visit written without one makes its own, in the database
 * (the trigger service_records_job, migrations/0024_jobs.sql), whichever code wrote it. Its title is
 * read from what hangs on it (worker/services/jobs/). The facts its state follows from (its quote's
 * status, how many visits are to do, how many invoices unpaid…) are kept on the row by the database
 * at every write of a visit, quote or invoice (migrations/0035_job_facts.sql), so the list's state
 * tabs are an index range at ten years' volume; the row still holds nothing of a person's but whose
 * it is.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // Kept by the triggers of migrations/0035_job_facts.sql, never written by the Worker.
    /** The job's (first) quote's status and date, null without a quote. */
    quoteStatus: text("quote_status"),
    quoteValidUntil: text("quote_valid_until"),
    /** Its visits: all, not completed, under way, given a time. */
    visits: integer("visits").notNull().default(0),
    visitsToDo: integer("visits_to_do").notNull().default(0),
    visitsUnderWay: integer("visits_under_way").notNull().default(0),
    visitsTimed: integer("visits_timed").notNull().default(0),
    /** Its issued invoices, and those of them not paid. */
    invoicesIssued: integer("invoices_issued").notNull().default(0),
    invoicesUnpaid: integer("invoices_unpaid").notNull().default(0),
    /**
     * 1 while it fitted a boiler (installations below) and no Benchmark commissioning checklist is
     * issued at any of its visits: kept by the triggers of migrations/0041_job_benchmark.sql.
     */
    benchmarkOwed: integer("benchmark_owed").notNull().default(0),
    /**
     * The state from the facts above, but for the one that needs the day: a sent quote is "quoted"
     * here even past its date (worker/services/jobs/job-state.ts applies the date). Never written; the
     * backup leaves it out.
     */
    stage: text("stage").generatedAlwaysAs(sql.raw(JOB_STAGE_SQL), { mode: "virtual" }),
    /**
     * The notifiable installations its accepted quote fits (a JSON array of "boiler", "cylinder",
     * "gas-fire"; "[]" for none), kept by the triggers of migrations/0037_job_installations.sql from
     * the accepted option's lines and the extras chosen, so the home screen's notifications to make
     * read only the jobs that owe one.
     */
    installations: text("installations").notNull().default("[]"),
  },
  (t) => [
    index("jobs_customer").on(t.customerId, t.createdAt),
    index("jobs_property").on(t.propertyId),
    // The list of every job, newest first; and each state's tab, newest first.
    index("jobs_created").on(t.createdAt, t.id),
    index("jobs_stage").on(t.stage, t.createdAt, t.id),
    // The few jobs that fitted something notifiable (migration 0037).
    index("jobs_installed").on(t.id).where(sql`installations <> '[]'`),
  ],
);
