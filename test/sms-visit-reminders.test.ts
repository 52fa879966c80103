import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { properties } from "../schema/db";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import worker from "../worker/index";
import { retryTexts } from "../worker/services/sms/retries";
import { sendVisitReminders } from "../worker/services/sms/visit-reminders";
import { countingD1 } from "./helpers/d1-counter";
import { guardedEnv } from "./helpers/d1-guard";
import { createCustomer, createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { failTextsTo, inboundText, smsEnv, smsRows, textsSentTo, uniqueMobile } from "./helpers/sms";

const configured = { ...env, ...smsEnv } as AppEnv;
const today = londonToday();
const tomorrow = addDays(today, 1);
const at = (date: string, time: string) => londonToUtc(date, time).getTime();

async function runCron(now: number, bindings: Partial<AppEnv> = smsEnv) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }),
    guardedEnv({ ...env, ...bindings }),
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** A customer who chose texts, and their visit on `date` at 10:00 London time. */
async function visitOn(date: string, customer: Parameters<typeof createCustomer>[0] = {}) {
  const mobile = uniqueMobile();
  const who = await createCustomer({ phone: mobile.national, contactChannel: "text", ...customer });
  const visit = await createServiceRecord({
    customerId: who.id,
    status: "scheduled",
    serviceType: "Annual boiler service",
    serviceDate: date,
    visitStart: londonToUtc(date, "10:00").toISOString(),
    visitEnd: londonToUtc(date, "11:00").toISOString(),
  });
  return { mobile, customer: who, visit };
}

describe("the day-before reminder by text", () => {
  it("is sent once, at the first run from 08:00 London time the day before", async () => {
    const { mobile, visit } = await visitOn(tomorrow);
    await runCron(at(today, "07:55"));
    expect(await textsSentTo(mobile.e164)).toEqual([]);
    await runCron(at(today, "08:00"));
    await runCron(at(today, "08:05"));
    const texts = await textsSentTo(mobile.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(
      /^Reminder: your annual boiler service visit is tomorrow, \w{3} \d{1,2} \w{3} at 10:00\. Reply C to confirm or R to move it\. Northside Heating, 24\/7 line /,
    );
    expect(await smsRows(mobile.e164)).toEqual([
      expect.objectContaining({ kind: "visit-reminder", visit_id: visit.id, provider_sid: texts[0]!.sid }),
    ]);
  });

  it("sends nothing at 22:00, and the reminder at 08:00 on the day instead", async () => {
    const { mobile } = await visitOn(tomorrow);
    await runCron(at(today, "22:00"));
    await runCron(at(tomorrow, "07:55"));
    expect(await textsSentTo(mobile.e164)).toEqual([]);
    await runCron(at(tomorrow, "08:00"));
    const texts = await textsSentTo(mobile.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("visit is today,");
  });

  it("never texts a landline, nor a customer who chose e-mail", async () => {
    const landline = await createCustomer({ phone: "0161 496 0555", contactChannel: "text" });
    await createServiceRecord({
      customerId: landline.id,
      status: "scheduled",
      serviceDate: tomorrow,
      visitStart: londonToUtc(tomorrow, "09:00").toISOString(),
      visitEnd: londonToUtc(tomorrow, "10:00").toISOString(),
    });
    const byEmail = await visitOn(tomorrow, { contactChannel: "email" });
    await sendVisitReminders(configured, getDb(env), at(today, "09:00"));
    expect(await textsSentTo("+441614960555")).toEqual([]);
    expect(await textsSentTo(byEmail.mobile.e164)).toEqual([]);
  });

  it("texts the tenant of a let flat, whatever the landlord chose", async () => {
    const tenant = uniqueMobile();
    const landlord = await createCustomer({ phone: uniqueMobile().national, contactChannel: "email", isLandlord: true });
    const [flat] = await getDb(env)
      .insert(properties)
      .values({
        customerId: landlord.id,
        address: "Flat 3, 9 Test Road",
        postcode: "M20 2QA",
        tenantName: "Tess Tenant",
        tenantPhone: tenant.national,
      })
      .returning();
    const visit = await createServiceRecord({
      customerId: landlord.id,
      propertyId: flat!.id,
      status: "scheduled",
      serviceType: "Gas safety check",
      serviceDate: tomorrow,
      visitStart: londonToUtc(tomorrow, "12:00").toISOString(),
      visitEnd: londonToUtc(tomorrow, "13:00").toISOString(),
    });
    await sendVisitReminders(configured, getDb(env), at(today, "09:00"));
    const [text] = await textsSentTo(tenant.e164);
    expect(text!.body).toContain("your gas safety check visit is tomorrow");
    // The tenant's C confirms that visit.
    await inboundText(tenant.e164, "C");
    expect(await query("SELECT visit_id FROM visit_confirmations WHERE visit_id = ?", visit.id)).toHaveLength(1);
  });

  it("sends nothing to a number that said STOP, and nothing at all without Twilio's settings", async () => {
    const stopped = await visitOn(tomorrow);
    await inboundText(stopped.mobile.e164, "STOP");
    const unconfigured = await visitOn(tomorrow);
    await sendVisitReminders(env, getDb(env), at(today, "09:00"));
    expect(await textsSentTo(unconfigured.mobile.e164)).toEqual([]);
    await sendVisitReminders(configured, getDb(env), at(today, "09:05"));
    expect((await textsSentTo(stopped.mobile.e164)).map((t) => t.body)).toEqual([expect.stringContaining("no more texts")]);
    expect(await textsSentTo(unconfigured.mobile.e164)).toHaveLength(1);
  });

  it("sends a share of reminders in five D1 queries, whatever the share, and one Twilio could not take by a later run", async () => {
    const visits = [];
    for (let i = 0; i < 30; i++) visits.push(await visitOn(tomorrow));
    // The earliest visits are reminded first: two of those numbers meet Twilio down, one refused for good.
    const [busy, down, invalid] = visits as [(typeof visits)[0], (typeof visits)[0], (typeof visits)[0]];
    await failTextsTo(busy.mobile.e164, 429, 20429, 1);
    await failTextsTo(down.mobile.e164, 503, 20503, 1);
    await failTextsTo(invalid.mobile.e164, 400, 21614, 1);
    const counted = countingD1(env.DB);
    const sent = await sendVisitReminders(configured, getDb({ ...configured, DB: counted.db }), at(today, "10:00"));
    expect(sent).toBe(21);
    expect((await smsRows(busy.mobile.e164))[0]).toMatchObject({
      status: "queued",
      error_code: "20429",
      retry_at: expect.any(String),
    });
    expect((await smsRows(invalid.mobile.e164))[0]).toMatchObject({ status: "failed", error_code: "21614", retry_at: null });
    await retryTexts(configured, getDb(env), at(today, "10:05"));
    expect(await textsSentTo(busy.mobile.e164)).toHaveLength(1);
    expect(await textsSentTo(down.mobile.e164)).toHaveLength(1);
    expect(await textsSentTo(invalid.mobile.e164)).toEqual([]);
    // Statements, not round trips: D1's limit of 1,000 an invocation counts each one.
    expect(counted.trips.flat().length).toBeLessThanOrEqual(5);
  });
});
