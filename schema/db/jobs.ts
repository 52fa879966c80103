import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { customers } from "./customers";
import { properties } from "./properties";

/**
 * A job (docs/decisions/023-the-job.md): the thread one piece of work hangs on, for one customer at
 * one property. Its visits (service_records.job_id, each an appointment with its job sheet and the
 * paperwork issued at it), the quote whose acceptance made it and its invoices (invoices.job_id) all
 * point here. Every visit has a job: a visit written without one makes its own, in the database
 * (the trigger service_records_job, migrations/0024_jobs.sql), whichever code wrote it. Its title and
 * state are read from what hangs on it (worker/services/jobs/), never stored: they cannot drift, and
 * the row holds nothing of a person's but whose it is.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_customer").on(t.customerId, t.createdAt),
    index("jobs_property").on(t.propertyId),
    // The list of every job, newest first.
    index("jobs_created").on(t.createdAt, t.id),
  ],
);
