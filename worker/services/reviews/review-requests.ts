import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { customers, jobs, reviewRequests, smsOptOuts } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { queueEmails } from "../mail/deliveries";
import { factsNow } from "../settings/business-facts";
import { textableNumber } from "../sms/phone";
import { smsConfig } from "../sms/provider";
import { sendText } from "../sms/texts";
import { isTextHour } from "../sms/visit-texts";
import { reviewMail, reviewText } from "./review-wording";

const DAY = 86_400_000;

type Candidate = { jobId: number; customerId: number; email: string | null; phone: string | null; channel: string };

/** Paid jobs begun lately, not asked about, of customers not asked lately and not opted out. */
function candidatesQuery(db: Db, now: number) {
  const askedSince = new Date(now - settings.reviews.daysBetween * DAY).toISOString();
  const jobsFrom = new Date(now - settings.reviews.jobsFromDays * DAY).toISOString();
  return db
    .select({
      jobId: jobs.id,
      customerId: customers.id,
      email: customers.email,
      phone: customers.phone,
      channel: customers.contactChannel,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.stage, "paid"),
        gte(jobs.createdAt, jobsFrom),
        isNull(customers.remindersOptedOutAt),
        sql`NOT EXISTS (SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.jobId} = ${jobs.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.customerId} = ${customers.id} AND ${reviewRequests.sentAt} >= ${askedSince})`,
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(settings.reviews.perRun);
}

/** Text when the customer chose texts and their mobile can be texted (not on the STOP list), else e-mail. */
async function channelOf(env: AppEnv, db: Db, c: Candidate): Promise<"text" | "email" | null> {
  const number = textableNumber(c.phone);
  if (c.channel !== "email" && smsConfig(env) && number.ok) {
    const [stopped] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, number.e164));
    if (!stopped) return "text";
  }
  return c.email ? "email" : null;
}

/**
 * The cron's share of review requests, in the texting hours, only once the owner has named a
 * reviews page. Each is recorded before it is sent, in a statement that also checks the customer
 * was not asked in the last 90 days (two of their jobs in one run make one request).
 */
export async function sendReviewRequests(env: AppEnv, db: Db, now: number): Promise<number> {
  const reviewUrl = factsNow().reviewUrl;
  if (!reviewUrl || !isTextHour(now)) return 0;
  const askedSince = new Date(now - settings.reviews.daysBetween * DAY).toISOString();
  const policyUrl = siteUrl(env, "/review-policy");
  let sent = 0;
  for (const candidate of await candidatesQuery(db, now)) {
    const channel = await channelOf(env, db, candidate);
    if (!channel) continue;
    const [recorded] = await insertWhen(
      db,
      reviewRequests,
      { jobId: candidate.jobId, customerId: candidate.customerId, channel, sentAt: new Date(now).toISOString() },
      {
        where: sql`NOT EXISTS (SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.customerId} = ${candidate.customerId} AND ${reviewRequests.sentAt} >= ${askedSince})`,
      },
    )
      .onConflictDoNothing()
      .returning({ id: reviewRequests.id });
    if (!recorded) continue;
    if (channel === "text") {
      const body = reviewText(reviewUrl, policyUrl);
      await sendText(env, db, { kind: "review-request", phone: candidate.phone, body, customerId: candidate.customerId });
    } else {
      await queueEmails(db, env.MAIL_QUEUE, [reviewMail(candidate.email!, reviewUrl, policyUrl)]);
    }
    sent += 1;
  }
  return sent;
}
