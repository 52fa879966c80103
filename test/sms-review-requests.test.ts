import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../schema/db";
import { londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import { sendReviewRequests } from "../worker/services/reviews/review-requests";
import { REVIEW_INVITATION } from "../worker/services/reviews/review-wording";
import { forgetFacts, withFacts } from "../worker/services/settings/business-facts";
import { admin } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { inboundText, smsEnv, textsSentTo, uniqueMobile } from "./helpers/sms";

const REVIEW_URL = "https://g.page/r/northside-heating/review";
const tenAm = londonToUtc(londonToday(), "10:00").getTime();
const db = getDb(env);

/** A job in the given state: paid (every issued invoice paid), invoiced (one unpaid) or cancelled. */
async function job(customerId: number, stage: "paid" | "invoiced" | "cancelled" = "paid") {
  const [row] = await db
    .insert(jobs)
    .values({
      customerId,
      visits: 1,
      invoicesIssued: stage === "cancelled" ? 0 : 1,
      invoicesUnpaid: stage === "invoiced" ? 1 : 0,
      quoteStatus: stage === "cancelled" ? "cancelled" : null,
    })
    .returning();
  return row!;
}

/** Every run of the cron's share until nothing is left to send. */
async function sendAll(bindings: Partial<AppEnv> = {}, now = tenAm) {
  let sent = 0;
  for (let n = 1; n > 0; sent += n) n = await withFacts(db, () => sendReviewRequests({ ...env, ...bindings }, db, now));
  return sent;
}

const mailsTo = (email: string) =>
  query<{ subject: string; text: string }>('SELECT subject, text FROM outgoing_emails WHERE "to" = ?', email);

beforeAll(async () => {
  expect((await admin("PATCH", "/api/admin/settings", { reviewUrl: REVIEW_URL })).status).toBe(200);
  await forgetFacts();
});

describe("review requests", () => {
  it("asks every paid job's customer in the same words with the same link, whatever they might say", async () => {
    // Ratings the test pretends to know: the happy and the unhappy are asked alike.
    const ratings = [5, 1, 4, 2, 5, 3, 1, 5, 4, 2];
    const people = await Promise.all(ratings.map(() => createCustomer()));
    for (const person of people) await job(person.id);
    await sendAll();
    const mails = await Promise.all(people.map(async (p) => (await mailsTo(p.email))[0]));
    expect(mails.every((m) => m !== undefined)).toBe(true);
    expect(new Set(mails.map((m) => m!.text)).size).toBe(1);
    expect(new Set(mails.map((m) => m!.subject)).size).toBe(1);
    expect(mails[0]!.text).toContain(REVIEW_INVITATION);
    expect(mails[0]!.text).toContain(REVIEW_URL);
    expect(mails[0]!.text).toContain(`${env.PUBLIC_SITE_URL}/review-policy`);
    expect(mails[0]!.text).not.toMatch(/rate|stars|discount|prize|voucher/i);
    const logged = await query(`SELECT job_id FROM review_requests WHERE customer_id IN (${people.map((p) => p.id).join(",")})`);
    expect(logged).toHaveLength(10);
  });

  it("asks nobody about an unpaid or cancelled job", async () => {
    const unpaid = await createCustomer();
    const cancelled = await createCustomer();
    await job(unpaid.id, "invoiced");
    await job(cancelled.id, "cancelled");
    await sendAll();
    expect(await mailsTo(unpaid.email)).toEqual([]);
    expect(await mailsTo(cancelled.email)).toEqual([]);
  });

  it("asks a customer once in 90 days, however many jobs they pay for", async () => {
    const customer = await createCustomer();
    await job(customer.id);
    await job(customer.id);
    await sendAll();
    await job(customer.id);
    await sendAll({}, tenAm + 30 * 86_400_000);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await query("SELECT id FROM review_requests WHERE customer_id = ?", customer.id)).toHaveLength(1);
  });

  it("never asks a customer who opted out, and texts the same words to one who chose texts", async () => {
    const optedOut = await createCustomer({ remindersOptedOutAt: new Date().toISOString() });
    await job(optedOut.id);
    const mobile = uniqueMobile();
    const texter = await createCustomer({ phone: mobile.national, contactChannel: "text" });
    await job(texter.id);
    const stopped = uniqueMobile();
    const stoppedTexter = await createCustomer({ phone: stopped.national, contactChannel: "text", email: null });
    await inboundText(stopped.e164, "STOP");
    await job(stoppedTexter.id);
    await sendAll(smsEnv);
    expect(await mailsTo(optedOut.email)).toEqual([]);
    const [text] = await textsSentTo(mobile.e164);
    expect(text!.body).toBe(`${REVIEW_INVITATION} ${REVIEW_URL} How we ask: ${env.PUBLIC_SITE_URL}/review-policy`);
    expect((await textsSentTo(stopped.e164)).map((t) => t.body)).toEqual([expect.stringContaining("no more texts")]);
  });

  it("sends nothing at night, nor before the owner names a reviews page", async () => {
    const customer = await createCustomer();
    await job(customer.id);
    await sendAll({}, londonToUtc(londonToday(), "22:00").getTime());
    expect(await mailsTo(customer.email)).toEqual([]);
    expect((await admin("PATCH", "/api/admin/settings", { reviewUrl: "" })).status).toBe(200);
    await forgetFacts();
    await sendAll();
    expect(await mailsTo(customer.email)).toEqual([]);
    expect((await admin("PATCH", "/api/admin/settings", { reviewUrl: "http://not-https.example" })).status).toBe(400);
  });
});
