import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { customers, invoiceEvents, invoices } from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { enqueueStoredEmails, storeEmailUnless } from "../mail/deliveries";
import { CHASE_STAGES, type ChaseStage, invoiceReminderEmail } from "./emails";
import { balanceOf, invoiceLink } from "./invoices";

/**
 * Chasing unpaid invoices by themselves: a friendly reminder 3 days before the due date, one on
 * it, and one 7 and 14 days after, each once (its "reminded" event is written with its e-mail in
 * one batch, and the e-mail only while no such event exists and the invoice is still owed), only
 * the latest stage reached (a late start never sends the earlier ones), never after payment or
 * voiding, and not while the owner has paused chasing. At most `PER_RUN` a run (101 D1 queries, decision
 * 014's budget), the oldest due first; the cron runs often.
 */
const PER_RUN = 50;

const stageText = (stage: ChaseStage) => `day ${stage > 0 ? "+" : ""}${stage}`;

/** The latest stage reached on `today` for an invoice due on `due`, if any. */
export function stageOn(due: string, today: string): ChaseStage | null {
  let reached: ChaseStage | null = null;
  for (const stage of CHASE_STAGES) if (addDays(due, stage) <= today) reached = stage;
  return reached;
}

/**
 * The invoice's latest stage reached has not been sent, nor any later one: decided in SQL, so the
 * run's LIMIT takes only invoices with a reminder to send. (Years of unpaid invoices chased to the
 * end sort first by due date; read and filtered afterwards, they filled every run's share and no
 * new invoice was ever chased again.)
 */
function stageUnsent(today: string) {
  const stagesFrom = (stage: ChaseStage) => JSON.stringify(CHASE_STAGES.filter((s) => s >= stage).map(stageText));
  const latestFirst = [...CHASE_STAGES].reverse();
  const unsent = sql.join(
    latestFirst.map((stage) => sql`WHEN ${invoices.dueDate} <= ${addDays(today, -stage)} THEN ${stagesFrom(stage)}`),
    sql` `,
  );
  return sql`NOT EXISTS (SELECT 1 FROM ${invoiceEvents} WHERE ${invoiceEvents.invoiceId} = ${invoices.id}
    AND ${invoiceEvents.kind} = 'reminded' AND ${invoiceEvents.detail} IN (SELECT value FROM json_each(CASE ${unsent} END)))`;
}

export async function chaseInvoices(env: AppEnv, db: Db, now = Date.now()): Promise<number> {
  const today = londonToday(now);
  const candidates = await db
    .select({ invoice: invoices, firstName: customers.firstName, email: customers.email })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        // Issued with something left to pay: a range of the tab's index by due date (migration 0028).
        eq(invoices.tab, "unpaid"),
        eq(invoices.chase, true),
        isNotNull(customers.email),
        sql`${invoices.dueDate} <= ${addDays(today, 3)}`,
        stageUnsent(today),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(PER_RUN);
  const due = candidates.map((c) => ({ ...c, stage: stageOn(c.invoice.dueDate!, today)! }));
  if (due.length === 0) return 0;
  const nowIso = new Date(now).toISOString();
  const statements = await Promise.all(
    due.map(async ({ invoice, firstName, email, stage }) => {
      const detail = stageText(stage);
      const message = invoiceReminderEmail({
        to: email!,
        name: firstName,
        number: numberText("invoice", invoice.number!),
        balancePence: balanceOf(invoice),
        dueDate: invoice.dueDate!,
        stage,
        url: siteUrl(env, await invoiceLink(env, invoice.id, invoice.linkVersion)),
      });
      // Taken: this reminder went already, or the invoice was paid, voided or paused since it was read.
      const taken = sql`(SELECT 1 WHERE EXISTS (SELECT 1 FROM ${invoiceEvents} WHERE ${invoiceEvents.invoiceId} = ${invoice.id}
        AND ${invoiceEvents.kind} = 'reminded' AND ${invoiceEvents.detail} = ${detail})
        OR NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${invoice.id} AND ${invoices.tab} = 'unpaid'
          AND ${invoices.chase} = 1))`;
      return [
        storeEmailUnless(db, message, taken, nowIso),
        db.insert(invoiceEvents).select(
          db
            .select({
              id: sql<number>`NULL`.as("id"),
              invoiceId: sql<number>`${invoice.id}`.as("invoice_id"),
              kind: sql<"reminded">`'reminded'`.as("kind"),
              detail: sql<string>`${detail}`.as("detail"),
              at: sql<string>`${nowIso}`.as("at"),
            })
            .from(sql`(SELECT 1)`)
            .where(sql`changes() = 1`),
        ),
      ] as const;
    }),
  );
  const [first, ...rest] = statements.flat();
  const results = await db.batch([first!, ...rest]);
  const ids = results.flatMap((r, n) => (n % 2 === 0 ? (r as { id: number }[]).map((row) => row.id) : []));
  await enqueueStoredEmails(env.MAIL_QUEUE, ids);
  return ids.length;
}
