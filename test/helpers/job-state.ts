import type { AdminJob, JobState } from "../../schema/api/jobs";
import { admin } from "./admin";
import { createCustomer } from "./factories-admin";
import { query } from "./factories-commerce";

/**
 * A job's state as the back office reads it (worker/services/jobs/job-state.ts), for a job built
 * with just the facts a test names: its quote's status, its visits, its invoices. Each call is a
 * customer and a job of their own.
 */
export type StateFacts = {
  quote?: { status: string; validUntil?: string } | null;
  visits?: { status: string; visitStart?: string | null }[];
  invoices?: { status: string; paid?: boolean }[];
};

export async function stateOf({
  quote = null,
  visits = [],
  invoices = [],
}: StateFacts): Promise<{ state: JobState; next: string }> {
  const c = await createCustomer();
  const [made] = await query<{ id: number }>("INSERT INTO jobs (customer_id) VALUES (?1) RETURNING id", c.id);
  const jobId = made!.id;
  if (quote)
    await query(
      "INSERT INTO estimates (customer_id, status, title, valid_until, job_id) VALUES (?1, ?2, 'A new boiler', ?3, ?4)",
      c.id,
      quote.status,
      quote.validUntil ?? "2099-12-31",
      jobId,
    );
  for (const visit of visits)
    await query(
      `INSERT INTO service_records (customer_id, service_type, status, service_date, visit_start, job_id)
       VALUES (?1, 'Boiler Repair', ?2, '2026-12-01', ?3, ?4)`,
      c.id,
      visit.status,
      visit.visitStart ?? null,
      jobId,
    );
  for (const invoice of invoices)
    await query(
      "INSERT INTO invoices (customer_id, status, lines, supply_date, paid_at, job_id) VALUES (?1, ?2, '[]', '2026-12-01', ?3, ?4)",
      c.id,
      invoice.status,
      invoice.paid ? "2026-12-02T10:00:00.000Z" : null,
      jobId,
    );
  const { body } = await admin<AdminJob>("GET", `/api/admin/jobs/${jobId}`);
  return { state: body.state, next: body.next };
}
