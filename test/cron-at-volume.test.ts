import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import type { MailQueueMessage } from "../worker/services/mail/queue-messages";
import { countingD1 } from "./helpers/d1-counter";
import { D1_LIMITS, guardedD1 } from "./helpers/d1-guard";
import { recordingQueue } from "./helpers/factories-campaigns";
import { BACKLOG, type Backlog, loadRefundsDue, loadTenYearBacklog } from "./helpers/ten-year-backlog";

/**
 * The cron at ten years' volume, every task at once (issue 45, decision 014's budget table): one
 * invocation does a share of every backlog inside D1's 1,000 queries, each task within its own
 * budget, and the runs after it finish the rest, every e-mail sent once.
 */
type Task =
  | "reminders"
  | "quoteFollowUps"
  | "invoiceChasing"
  | "holds"
  | "mail"
  | "carts"
  | "refunds"
  | "upkeep"
  | "visitTexts"
  | "textRetries"
  | "reviewRequests";

/** Decision 014's budget per run: queries (each statement of a batch counts) and rows (refunds: five of each kind). */
const BUDGET: Record<Task, { queries: number; rows?: number }> = {
  reminders: { queries: 471, rows: 235 },
  quoteFollowUps: { queries: 101, rows: 50 },
  invoiceChasing: { queries: 101, rows: 50 },
  holds: { queries: 101, rows: 25 },
  mail: { queries: 7, rows: 10_000 },
  carts: { queries: 1 },
  refunds: { queries: 21 + 51, rows: 10 },
  // Retention (the audit log's six years among it: one bounded statement), sessions, the owner's facts.
  upkeep: { queries: 13 },
  // Only with Twilio's settings and a reviews page named, so not run here: their own tests hold
  // their shares (test/sms-visit-reminders.test.ts, test/sms-retries.test.ts,
  // test/sms-review-requests.test.ts); counted in the sum.
  visitTexts: { queries: 5, rows: 24 },
  textRetries: { queries: 2, rows: 10 },
  reviewRequests: { queries: 21, rows: 5 },
};

/** The task a trip (one statement, or one batch, which always belongs to one task) was made by, from the tables it names. */
function taskOf(trip: string[]): Task {
  const sql = trip.join("\n");
  if (/"estimate_payments"|"invoice_payments"/.test(sql)) return "refunds";
  if (/"service_records"|"service_reminders"/.test(sql)) return "reminders";
  if (/"estimate_events"/.test(sql)) return "quoteFollowUps";
  if (/"invoice_events"/.test(sql)) return "invoiceChasing";
  // The refunds' e-mails to the customer and the owner, and the quote they name.
  if (/^insert into "outgoing_emails"/.test(sql) || /from "estimates"/.test(sql)) return "refunds";
  if (/"orders"/.test(sql)) return "holds";
  if (/"cart_items"/.test(sql)) return "carts";
  if (trip.every((statement) => /^\s*delete/i.test(statement))) return "upkeep";
  if (/"campaigns"|"campaign_recipients"|^update "outgoing_emails"/.test(sql)) return "mail";
  return "upkeep";
}

const MINUTE = 60_000;
/** A weekday noon in London: inside the reminders' hours. */
const NOON = Date.parse("2026-03-10T12:00:00Z");
const encoder = new TextEncoder();

/** One scheduled invocation on the guarded D1; what each task asked of D1 and what it handed to the Queue. */
async function runCron(at: number) {
  const counting = countingD1(env.DB);
  const guarded = guardedD1(counting.db);
  const { queue, batches } = recordingQueue();
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }),
    { ...env, DB: guarded.db, MAIL_QUEUE: queue, STRIPE_SECRET_KEY: "sk_test_cron_at_volume" },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const queries = Object.fromEntries(Object.keys(BUDGET).map((task) => [task, 0])) as Record<Task, number>;
  for (const trip of counting.trips) queries[taskOf(trip)] += trip.length;
  const longest = Math.max(...counting.trips.flat().map((sql) => encoder.encode(sql).length));
  return { total: guarded.queries(), queries, longest, messages: batches.flat().map(({ body }) => body) };
}

/**
 * Sends the stored e-mails the run queued through the real consumer, 100 messages a batch as the
 * Queue delivers them, and records the campaign's as sent the way the consumer would: its
 * exactly-once sending is test/campaigns-e2e.test.ts's, the cron's part here is handing each row
 * over once; 12,000 deliveries through the local consumer take minutes (about 20 ms each here).
 */
async function deliver(messages: MailQueueMessage[], at: number) {
  const stored = messages.filter((body) => "emailId" in body);
  for (let start = 0; start < stored.length; start += 100) {
    const batch = createMessageBatch(
      "outgoing-mail",
      stored.slice(start, start + 100).map((body, n) => ({ id: `m${start + n}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await getQueueResult(batch, ctx);
  }
  const recipients = messages.flatMap((body) => ("recipientId" in body ? [body.recipientId] : []));
  await env.DB.prepare(
    "UPDATE campaign_recipients SET status = 'sent', sent_at = ?2 WHERE status = 'queued' AND id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify(recipients), new Date(at).toISOString())
    .run();
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<number>("n"))!;

/** How many rows of each backlog are done, read from D1 itself. */
async function done({ campaignId }: Backlog) {
  return {
    reminders: await count("SELECT count(*) AS n FROM service_reminders"),
    quoteFollowUps: await count("SELECT count(*) AS n FROM estimate_events WHERE kind = 'reminded'"),
    invoiceChasing: await count(
      "SELECT count(*) AS n FROM invoice_events WHERE kind = 'reminded' AND at >= ?1",
      new Date(NOON).toISOString(),
    ),
    holds: await count("SELECT count(*) AS n FROM orders WHERE stock_state = 'released' AND payment_status = 'cancelled'"),
    mail: await count("SELECT count(*) AS n FROM campaign_recipients WHERE campaign_id = ?1 AND status <> 'pending'", campaignId),
    carts: BACKLOG.staleCarts + 500 - (await count("SELECT count(*) AS n FROM cart_items")),
    refunds:
      (await count("SELECT count(*) AS n FROM estimate_payments WHERE refunded_pence = refund_due_pence")) +
      (await count("SELECT count(*) AS n FROM invoice_refunds")),
  };
}

const TOTAL = {
  reminders: BACKLOG.remindersDue,
  quoteFollowUps: BACKLOG.quotesToFollowUp,
  invoiceChasing: BACKLOG.invoicesNewlyOverdue,
  holds: BACKLOG.holdsRunOut,
  mail: BACKLOG.campaignRecipients,
  carts: BACKLOG.staleCarts,
  refunds: BACKLOG.depositRefunds + BACKLOG.overpaymentRefunds,
};

describe("the cron at ten years' volume, every task at once", () => {
  it("has budgets that add up to less than an invocation's 1,000 queries, with room to spare", () => {
    const total = Object.values(BUDGET).reduce((sum, { queries }) => sum + queries, 0);
    expect(total).toBeLessThanOrEqual(D1_LIMITS.queriesPerInvocation - 100);
  });

  it("does a share of every backlog within D1's limits each run, and the next runs finish the rest, every e-mail once", async () => {
    const backlog = await loadTenYearBacklog(NOON);
    await loadRefundsDue(NOON);

    const first = await runCron(NOON);
    const handedOver = [...first.messages];
    expect(first.total).toBeLessThanOrEqual(D1_LIMITS.queriesPerInvocation);
    expect(first.longest).toBeLessThanOrEqual(D1_LIMITS.statementBytes);
    const afterFirst = await done(backlog);
    for (const [task, rows] of Object.entries(afterFirst) as [keyof typeof TOTAL, number][]) {
      expect(first.queries[task], `${task}: queries`).toBeGreaterThan(0);
      expect(first.queries[task], `${task}: queries`).toBeLessThanOrEqual(BUDGET[task].queries);
      expect(rows, `${task}: rows done`).toBeGreaterThan(0);
      if (BUDGET[task].rows) {
        expect(rows, `${task}: rows done`).toBeLessThanOrEqual(BUDGET[task].rows!);
        // The backlog is bigger than one run's share: the next runs have work left.
        expect(rows, `${task}: rows done`).toBeLessThan(TOTAL[task]);
      }
    }
    expect(first.queries.upkeep).toBeLessThanOrEqual(BUDGET.upkeep.queries);
    await deliver(first.messages, NOON);

    let runs = 1;
    const everythingDone = async () => JSON.stringify(await done(backlog)) === JSON.stringify(TOTAL);
    for (let at = NOON + 5 * MINUTE; !(await everythingDone()) && runs < 10; at += 5 * MINUTE) {
      const run = await runCron(at);
      runs += 1;
      handedOver.push(...run.messages);
      expect(run.total).toBeLessThanOrEqual(D1_LIMITS.queriesPerInvocation);
      for (const task of Object.keys(BUDGET) as Task[]) expect(run.queries[task], task).toBeLessThanOrEqual(BUDGET[task].queries);
      await deliver(run.messages, at);
    }
    // The longest backlog, 70 expired holds at 25 a run, takes three runs; a fourth finds nothing to do.
    expect(runs).toBe(3);
    const last = await runCron(NOON + 15 * MINUTE);
    expect(last.messages).toEqual([]);
    expect(await done(backlog)).toEqual(TOTAL);

    // Every e-mail handed to the Queue once, and sent once.
    const recipientIds = handedOver.flatMap((body) => ("recipientId" in body ? [body.recipientId] : []));
    expect(new Set(recipientIds).size).toBe(BACKLOG.campaignRecipients);
    expect(recipientIds).toHaveLength(BACKLOG.campaignRecipients);
    const refundMails = 2 * (BACKLOG.depositRefunds + BACKLOG.overpaymentRefunds);
    const stored = BACKLOG.remindersDue + BACKLOG.quotesToFollowUp + BACKLOG.invoicesNewlyOverdue + refundMails;
    const emailIds = handedOver.flatMap((body) => ("emailId" in body ? [body.emailId] : []));
    expect(new Set(emailIds).size).toBe(stored);
    expect(emailIds).toHaveLength(stored);
    expect(await count("SELECT count(*) AS n FROM outgoing_emails WHERE status = 'sent'")).toBe(stored);
    expect(await count("SELECT count(*) AS n FROM outgoing_emails WHERE status <> 'sent'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM outbox")).toBe(stored);
    expect(await count("SELECT count(DISTINCT `to` || subject || text) AS n FROM outbox")).toBe(stored);
    expect(await count("SELECT count(DISTINCT email_id) AS n FROM service_reminders WHERE outcome = 'sent'")).toBe(
      BACKLOG.remindersDue,
    );
    expect(await count("SELECT count(DISTINCT estimate_id) AS n FROM estimate_events WHERE kind = 'reminded'")).toBe(
      BACKLOG.quotesToFollowUp,
    );

    // Nothing left: the campaign is finished, no hold is left, the stock is back.
    expect(await count("SELECT count(*) AS n FROM campaigns WHERE id = ?1 AND status = 'sent'", backlog.campaignId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM orders WHERE stock_state = 'held'")).toBe(0);
    expect(await count("SELECT stock_quantity AS n FROM products WHERE id = ?1", backlog.productId)).toBe(BACKLOG.holdsRunOut);
    // Ten years load in 2-4 s, the runs and 468 deliveries take 3-5 s: more than the default 20 s on busy cores.
  }, 90_000);
});
