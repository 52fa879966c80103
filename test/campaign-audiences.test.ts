import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, londonToday, londonToUtc } from "../schema/london-time";
import { settings } from "../schema/settings";
import worker from "../worker/index";
import { guardedEnv } from "./helpers/d1-guard";
import { createCustomer, createOrder, createServiceRecord } from "./helpers/factories-admin";
import { addSubscriber, callAdmin, recipientRows, recordingQueue, sampleCampaign } from "./helpers/factories-campaigns";
import { query } from "./helpers/factories-commerce";

const tag = () => crypto.randomUUID().slice(0, 8);

/** Active subscribers signed up on `source` (a page path), written straight into D1. */
async function subscribersFrom(source: string, count: number, status: "active" | "unsubscribed" = "active") {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO email_subscribers (email, status, signed_up_at, confirmed_at, consent_source)
     SELECT 'aud-' || ?3 || '-' || i || '@example.com', ?4, '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', ?1 FROM n`,
  )
    .bind(source, count, tag(), status)
    .run();
}

const countOf = async (params: Record<string, string>) =>
  callAdmin(`/api/admin/campaigns/audience?${new URLSearchParams(params)}`);

/** The cron at 3 a.m. today (no reminders at that hour), with the mail queue recorded. */
async function cronRun(queue: Queue) {
  const ctx = createExecutionContext();
  // A night-time run (no daytime reminders), and in the past whatever the hour the tests run: at
  // 03:00 today, a run before 3 am would see the shares just handed to the queue as hours old and
  // stuck, and hand them again.
  const at = londonToUtc(addDays(londonToday(), -1), "03:00").getTime();
  await worker.scheduled(
    createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }),
    guardedEnv({ ...env, MAIL_QUEUE: queue }),
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

describe("campaign audiences the server selects", () => {
  it("counts every active subscriber, and those signed up on a page", async () => {
    const source = `/offers-${tag()}`;
    await subscribersFrom(source, 3);
    await subscribersFrom(source, 2, "unsubscribed");
    const [{ n: active }] = (await query<{ n: number }>(
      "SELECT count(*) AS n FROM email_subscribers WHERE status = 'active'",
    )) as [{ n: number }];
    const all = await countOf({ segment: "all" });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(active);
    const fromPage = await countOf({ segment: "source", source });
    expect(fromPage.body.count).toBe(3);
    const counts = fromPage.body.sources.map((s: { count: number }) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("counts a sign-up day from the start of that day in the UK (a sign-up at 23:30 UTC in summer is the next day)", async () => {
    const since = "2035-06-01";
    const before = (await countOf({ segment: "since", since })).body.count;
    await addSubscriber(`late-${tag()}@example.com`);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO email_subscribers (email, status, signed_up_at) VALUES (?1, 'active', '2035-05-31T23:30:00.000Z')",
      ).bind(`bst-${tag()}@example.com`),
      env.DB.prepare(
        "INSERT INTO email_subscribers (email, status, signed_up_at) VALUES (?1, 'active', '2035-05-31T22:30:00.000Z')",
      ).bind(`may-${tag()}@example.com`),
    ]);
    expect((await countOf({ segment: "since", since })).body.count).toBe(before + 1);
  });

  it("sends to customers with a service due (by their latest visit) and to store buyers, and to no one else", async () => {
    const today = londonToday();
    const due = await addSubscriber(`due-${tag()}@example.com`);
    const dueCustomer = await createCustomer({ email: due.toUpperCase() });
    await createServiceRecord({
      customerId: dueCustomer.id,
      serviceDate: addDays(today, -355),
      nextServiceDue: addDays(today, 10),
    });
    // An old visit was due, but the latest one moved the next service a year on.
    const serviced = await addSubscriber(`serviced-${tag()}@example.com`);
    const servicedCustomer = await createCustomer({ email: serviced });
    await createServiceRecord({
      customerId: servicedCustomer.id,
      serviceDate: addDays(today, -360),
      nextServiceDue: addDays(today, 5),
    });
    await createServiceRecord({
      customerId: servicedCustomer.id,
      serviceDate: addDays(today, -3),
      nextServiceDue: addDays(today, 362),
    });
    const buyer = await addSubscriber(`buyer-${tag()}@example.com`);
    await createOrder({ customerEmail: buyer, paymentStatus: "paid", totalPence: 1000 });
    const browser = await addSubscriber(`unpaid-${tag()}@example.com`);
    await createOrder({ customerEmail: browser, paymentStatus: "unpaid", totalPence: 1000 });

    const { queue } = recordingQueue();
    const toDue = await callAdmin(
      "/api/admin/send-campaign",
      { json: { audience: { segment: "service-due" }, campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    expect(toDue.status).toBe(202);
    const dueRows = (await recipientRows(toDue.body.campaignId)).map((r) => r.email);
    expect(dueRows).toContain(due);
    expect(dueRows).not.toContain(serviced);
    expect(dueRows).not.toContain(buyer);
    expect(toDue.body.successCount).toBe(dueRows.length);

    const toBuyers = await callAdmin(
      "/api/admin/send-campaign",
      { json: { audience: { segment: "buyers" }, campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    const buyerRows = (await recipientRows(toBuyers.body.campaignId)).map((r) => r.email);
    expect(buyerRows).toContain(buyer);
    expect(buyerRows).not.toContain(browser);
    expect(buyerRows).not.toContain(due);
  });

  it("refuses both an audience and picked addresses, neither, a bad segment, and an audience of nobody (storing nothing)", async () => {
    const email = await addSubscriber();
    const campaigns = async () => (await query<{ n: number }>("SELECT count(*) AS n FROM campaigns"))[0]!.n;
    const before = await campaigns();
    const both = await callAdmin("/api/admin/send-campaign", {
      json: { emails: [email], audience: { segment: "all" }, campaign: sampleCampaign },
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("Send either to an audience or to picked addresses, not both");
    const neither = await callAdmin("/api/admin/send-campaign", { json: { campaign: sampleCampaign } });
    expect(neither.body.error).toBe("No recipients selected");
    const unknown = await callAdmin("/api/admin/send-campaign", {
      json: { audience: { segment: "everyone" }, campaign: sampleCampaign },
    });
    expect(unknown.status).toBe(400);
    const badDay = await callAdmin("/api/admin/send-campaign", {
      json: { audience: { segment: "since", since: "2026-02-30" }, campaign: sampleCampaign },
    });
    expect(badDay.body.error).toBe("The day they signed up from is not a real date");
    const nobody = await callAdmin("/api/admin/send-campaign", {
      json: { audience: { segment: "source", source: `/nowhere-${tag()}` }, campaign: sampleCampaign },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error).toBe("Nobody in this audience is an active subscriber yet.");
    expect(await campaigns()).toBe(before);
    expect((await countOf({ segment: "since" })).status).toBe(400);
  });
});

describe("a campaign to 50,000", () => {
  it("is accepted in one request and handed to the Queue in shares, each recipient once, the rest by the cron", async () => {
    const source = `/winter-${tag()}`;
    const size = 50_000;
    await subscribersFrom(source, size);
    const { queue, batches, recipientIds } = recordingQueue();
    const sent = await callAdmin(
      "/api/admin/send-campaign",
      { json: { audience: { segment: "source", source }, campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ successCount: size, skipped: [], status: "sending" });
    expect(recipientIds()).toHaveLength(settings.mail.enqueuePerRun);

    // The cron hands on every campaign's waiting recipients: another test's few may come along.
    const ours = new Set(
      (await query<{ id: number }>("SELECT id FROM campaign_recipients WHERE campaign_id = ?1", sent.body.campaignId)).map(
        (r) => r.id,
      ),
    );
    expect(ours.size).toBe(size);
    const mine = () => recipientIds().filter((id) => ours.has(id));
    for (let run = 0; run < 10 && mine().length < size; run++) await cronRun(queue);
    const ids = mine();
    expect(ids).toHaveLength(size);
    expect(new Set(ids).size).toBe(size);
    expect(batches.every((b) => b.length <= 100)).toBe(true);
    const [rows] = await query<{ n: number; queued: number }>(
      "SELECT count(*) AS n, sum(status = 'queued') AS queued FROM campaign_recipients WHERE campaign_id = ?1",
      sent.body.campaignId,
    );
    expect(rows).toEqual({ n: size, queued: size });

    // The history counts it in D1 and pages its recipients.
    const list = await callAdmin("/api/admin/campaigns?limit=5");
    const shown = list.body.find((c: { id: number }) => c.id === sent.body.campaignId);
    expect(shown.counts).toEqual({ total: size, queued: size, sent: 0, failed: 0, unknown: 0 });
    const page = await callAdmin(`/api/admin/campaigns/${sent.body.campaignId}/recipients?limit=50&offset=49950`);
    expect(page.body).toHaveLength(50);
    expect(page.res.headers.get("X-Total-Count")).toBe(String(size));

    // Kept out of the other tests' deliveries.
    await env.DB.prepare("UPDATE campaign_recipients SET status = 'sent' WHERE campaign_id = ?1")
      .bind(sent.body.campaignId)
      .run();
    await env.DB.prepare("UPDATE email_subscribers SET status = 'unsubscribed' WHERE consent_source = ?1").bind(source).run();
  }, 120_000);
});
