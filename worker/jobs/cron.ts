import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { purgeRateLimits } from "../lib/rate-limit";
import { purgeAccountSessions } from "../services/account/sessions";
import { finishCampaigns } from "../services/campaigns/recipient-state";
import { enqueuePendingRecipients, requeueStuckRecipients, startDueCampaigns } from "../services/campaigns/schedule";
import { settleCardExcess } from "../services/invoices/card-payments";
import { chaseInvoices } from "../services/invoices/chasing";
import { redriveStuckEmails } from "../services/mail/deliveries";
import { settleDepositRefunds } from "../services/quotes/deposit-refunds";
import { followUpQuotes } from "../services/quotes/follow-ups";
import { isReminderHour, runReminders } from "../services/reminders/reminders";
import { sendReviewRequests } from "../services/reviews/review-requests";
import { withFacts } from "../services/settings/business-facts";
import { forgetCatalogue } from "../services/shop/catalogue-cache";
import { releaseExpiredHolds } from "../services/shop/stock";
import { retryTexts } from "../services/sms/retries";
import { sendVisitReminders } from "../services/sms/visit-reminders";
import { redriveWaiting } from "../services/xero/enqueue";
import {
  pruneAuditLog,
  purgeAdminRecords,
  purgeOldChats,
  purgeOldMail,
  purgeStaleCarts,
  purgeUnconfirmedSignups,
} from "./retention";

/** Card payments that never came back: their orders are cancelled and the held stock given back. */
async function releaseHolds(env: AppEnv, now: number) {
  const released = await releaseExpiredHolds(getDb(env), now);
  if (released.length > 0) await forgetCatalogue();
}

/** Mail upkeep: start due campaigns, hand the next share of waiting rows to the Queue, re-drive what is stuck, close what is done. */
async function runMailTasks(env: AppEnv, now: number) {
  await startDueCampaigns(env, now);
  await enqueuePendingRecipients(env, now);
  await requeueStuckRecipients(env, now);
  await redriveStuckEmails(getDb(env), env.MAIL_QUEUE, now);
  await finishCampaigns(getDb(env));
}

/** Service reminders, in the daytime. Each cycle's reminder is recorded once, so every later run in the day finds nothing new. */
async function remindCustomers(env: AppEnv, now: number) {
  if (isReminderHour(now)) await runReminders(env, getDb(env), now);
}

/** Follow-ups of unanswered quotes, in the same daytime hours; each recorded once with its e-mail. */
async function quoteFollowUps(env: AppEnv, now: number) {
  if (isReminderHour(now)) await followUpQuotes(env, getDb(env), now);
}

/** Reminders of unpaid invoices (3 days before due, on the day, 7 and 14 days late), in the same hours. */
async function chaseUnpaid(env: AppEnv, now: number) {
  if (isReminderHour(now)) await chaseInvoices(env, getDb(env), now);
}

/**
 * Tomorrow's visits texted a reminder (08:00 to 21:00 London time; nothing without Twilio's
 * settings): at most settings.sms.remindersPerRun a run, five D1 queries for the share and one request each.
 */
async function textVisitReminders(env: AppEnv, now: number) {
  await sendVisitReminders(env, getDb(env), now);
}

/**
 * Texts Twilio could not take for a passing reason, tried again (the texting hours; nothing without
 * Twilio's settings): at most settings.sms.retriesPerRun a run, two D1 queries for the share and one request each.
 */
async function retryFailedTexts(env: AppEnv, now: number) {
  await retryTexts(env, getDb(env), now);
}

/** One review request after each paid job (the owner's reviews page named; the texting hours): a share a run. */
async function requestReviews(env: AppEnv, now: number) {
  await sendReviewRequests(env, getDb(env), now);
}

/** Card money due back that Stripe could not refund when it arrived: tried again, a few each run. */
async function settleRefunds(env: AppEnv) {
  const db = getDb(env);
  await settleDepositRefunds(env, db);
  await settleCardExcess(env, db);
}

/**
 * The Cron Trigger (every 5 minutes). Every task is idempotent, so overlapping runs are harmless;
 * one failing task does not stop the others (allSettled), and the failure is logged. The tasks
 * share the invocation's 1,000 D1 queries: each keeps to its budget in decision 014, together under
 * 900 (test/cron-at-volume.test.ts runs them all at once on a ten-year backlog).
 */
export async function runScheduled(controller: ScheduledController, env: AppEnv, _ctx: ExecutionContext) {
  const now = controller.scheduledTime;
  const db = getDb(env);
  const results = await withFacts(db, () =>
    Promise.allSettled([
      purgeStaleCarts(db, now),
      purgeOldChats(db, now),
      purgeOldMail(db, now),
      purgeUnconfirmedSignups(db, now),
      purgeAdminRecords(db, now),
      pruneAuditLog(db, now),
      purgeRateLimits(db, 86_400, now),
      purgeAccountSessions(db, now),
      releaseHolds(env, now),
      runMailTasks(env, now),
      remindCustomers(env, now),
      quoteFollowUps(env, now),
      chaseUnpaid(env, now),
      textVisitReminders(env, now),
      retryFailedTexts(env, now),
      requestReviews(env, now),
      settleRefunds(env),
      redriveWaiting(env, db, now),
    ]),
  );
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  for (const failure of failures) console.error(JSON.stringify({ job: "cron", error: String(failure.reason) }));
  if (failures.length) throw new Error(`${failures.length} scheduled task(s) failed`);
}
