import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { campaignDefaults } from "../schema/business";
import { defaultFacts, phoneHref } from "../schema/facts";
import { startDueCampaigns } from "../worker/services/campaigns/schedule";
import { addSubscriber, callAdmin, recipientRows, recordingQueue, sampleCampaign } from "./helpers/factories-campaigns";
import { callJson } from "./helpers/http";

describe("POST /api/admin/send-campaign", () => {
  it("refuses an empty selection with the product's message", async () => {
    const { queue, batches } = recordingQueue();
    const { status, body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [], campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "No recipients selected", code: "VALIDATION_FAILED" });
    expect(batches).toHaveLength(0);
  });

  it("requires a subject, a title and content", async () => {
    const email = await addSubscriber();
    const { status, body } = await callAdmin("/api/admin/send-campaign", {
      json: { emails: [email], campaign: { subject: " ", title: "", content: "" } },
    });
    expect(status).toBe(400);
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(["campaign.subject", "campaign.title", "campaign.content"]);
    expect(body.error).toBe("Please enter a subject");
  });

  it("refuses a button link that is not a web, phone or mail link", async () => {
    const email = await addSubscriber();
    const { status, body } = await callAdmin("/api/admin/send-campaign", {
      json: { emails: [email], campaign: { ...sampleCampaign, ctaLink: "javascript:alert(1)" } },
    });
    expect(status).toBe(400);
    expect(body.details[0].path).toBe("campaign.ctaLink");
  });

  it("refuses a send time in the past", async () => {
    const email = await addSubscriber();
    const { status, body } = await callAdmin("/api/admin/send-campaign", {
      json: { emails: [email], campaign: sampleCampaign, sendAt: "2020-01-01T09:00:00Z" },
    });
    expect(status).toBe(400);
    expect(body.error).toBe("The send time must be in the future");
  });

  it("needs an admin token", async () => {
    const { status } = await callJson("/api/admin/send-campaign", {
      method: "POST",
      json: { emails: [], campaign: sampleCampaign },
    });
    expect(status).toBe(401);
  });

  it("stores one queued row per active subscriber, skips the others and answers at once", async () => {
    const active1 = await addSubscriber();
    const active2 = await addSubscriber();
    const unsubscribed = await addSubscriber(undefined, false);
    const { queue, recipientIds } = recordingQueue();
    const { status, body } = await callAdmin(
      "/api/admin/send-campaign",
      {
        json: {
          emails: [active1, active2.toUpperCase(), active1, unsubscribed, "stranger@example.com"],
          campaign: sampleCampaign,
        },
      },
      { MAIL_QUEUE: queue },
    );
    expect(status).toBe(202);
    expect(body).toMatchObject({
      successCount: 2,
      skipped: [unsubscribed, "stranger@example.com"],
      status: "sending",
      sendAt: null,
    });
    const rows = await recipientRows(body.campaignId);
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      [active1, "queued"],
      [active2, "queued"],
    ]);
    expect(recipientIds().sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("fills in the button defaults", async () => {
    const email = await addSubscriber();
    const { queue } = recordingQueue();
    const { body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: { ...sampleCampaign, ctaText: "", offer: "" } } },
      { MAIL_QUEUE: queue },
    );
    const campaign = await env.DB.prepare("SELECT cta_text, cta_link, offer FROM campaigns WHERE id = ?1")
      .bind(body.campaignId)
      .first();
    expect(campaign).toEqual({ cta_text: campaignDefaults.ctaText, cta_link: phoneHref(defaultFacts.phone), offer: null });
  });

  it("enqueues in batches of at most 100 messages", async () => {
    const emails: string[] = [];
    for (let i = 0; i < 230; i++) emails.push(`bulk${i}-${crypto.randomUUID().slice(0, 6)}@example.com`);
    await env.DB.prepare(
      "INSERT INTO email_subscribers (email, status, signed_up_at) SELECT value, 'active', '2026-01-01T00:00:00.000Z' FROM json_each(?1)",
    )
      .bind(JSON.stringify(emails))
      .run();
    const { queue, batches, recipientIds } = recordingQueue();
    const { body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails, campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    expect(body.successCount).toBe(230);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(new Set(recipientIds()).size).toBe(230);
  });

  it("answers 400 when none of the selected addresses is an active subscriber", async () => {
    const gone = await addSubscriber(undefined, false);
    const campaignsBefore = await env.DB.prepare("SELECT COUNT(*) AS n FROM campaigns").first("n");
    const { status, body } = await callAdmin("/api/admin/send-campaign", { json: { emails: [gone], campaign: sampleCampaign } });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: "None of the selected addresses is an active subscriber.",
      details: [{ path: "emails", message: `${gone} is not an active subscriber`, value: gone }],
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM campaigns").first("n")).toBe(campaignsBefore);
  });

  it("schedules a campaign with sendAt instead of sending it", async () => {
    const email = await addSubscriber();
    const { queue, batches } = recordingQueue();
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const { status, body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: sampleCampaign, sendAt } },
      { MAIL_QUEUE: queue },
    );
    expect(status).toBe(202);
    expect(body).toMatchObject({ successCount: 1, status: "scheduled", sendAt });
    expect(batches).toHaveLength(0);
    expect((await recipientRows(body.campaignId)).map((r) => r.status)).toEqual(["pending"]);
  });
});

describe("GET /api/admin/campaigns", () => {
  it("lists campaigns newest first with queued, sent and failed counts and each recipient's status", async () => {
    const [a, b, c] = [await addSubscriber(), await addSubscriber(), await addSubscriber()];
    const { queue } = recordingQueue();
    const first = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [a], campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    const second = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [a, b, c], campaign: { ...sampleCampaign, subject: "Emergency Repair Priority" } } },
      { MAIL_QUEUE: queue },
    );
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE campaign_recipients SET status = 'sent', sent_at = '2026-11-01T10:00:00.000Z' WHERE campaign_id = ?1 AND email = ?2",
      ).bind(second.body.campaignId, a),
      env.DB.prepare(
        "UPDATE campaign_recipients SET status = 'failed', last_error = 'Postmark 422' WHERE campaign_id = ?1 AND email = ?2",
      ).bind(second.body.campaignId, b),
    ]);

    const { status, body } = await callAdmin("/api/admin/campaigns");
    expect(status).toBe(200);
    expect(body.slice(0, 2).map((x: { id: number }) => x.id)).toEqual([second.body.campaignId, first.body.campaignId]);
    expect(body[0]).toMatchObject({
      subject: "Emergency Repair Priority",
      status: "sending",
      ctaText: "Get Your Quote",
      counts: { total: 3, queued: 1, sent: 1, failed: 1 },
    });
    expect(body[0]).not.toHaveProperty("recipients");
    expect(body[1].counts).toEqual({ total: 1, queued: 1, sent: 0, failed: 0, unknown: 0 });
    // The recipients, a page at a time: the failed first, then in the order they were added.
    const recipients = await callAdmin(`/api/admin/campaigns/${second.body.campaignId}/recipients`);
    expect(recipients.status).toBe(200);
    expect(recipients.res.headers.get("X-Total-Count")).toBe("3");
    expect(recipients.body).toEqual([
      { email: b, status: "failed", attempts: 0, lastError: "Postmark 422", sentAt: null },
      { email: a, status: "sent", attempts: 0, lastError: null, sentAt: "2026-11-01T10:00:00.000Z" },
      { email: c, status: "queued", attempts: 0, lastError: null, sentAt: null },
    ]);
    const found = await callAdmin(
      `/api/admin/campaigns/${second.body.campaignId}/recipients?q=${encodeURIComponent(c.slice(0, 12))}`,
    );
    expect(found.body.map((r: { email: string }) => r.email)).toEqual([c]);
    const sent = await callAdmin(`/api/admin/campaigns/${second.body.campaignId}/recipients?status=sent&limit=1`);
    expect(sent.body.map((r: { email: string }) => r.email)).toEqual([a]);
    expect((await callAdmin("/api/admin/campaigns/999999/recipients")).status).toBe(404);
    expect((await callAdmin(`/api/admin/campaigns/${second.body.campaignId}/recipients?status=lost`)).status).toBe(400);
  });
});

describe("POST /api/admin/campaigns/:id/retry-failed", () => {
  it("re-sends only the failed recipients that are still subscribed", async () => {
    const [sent, failed, failedThenUnsubscribed] = [await addSubscriber(), await addSubscriber(), await addSubscriber()];
    const { queue } = recordingQueue();
    const { body: created } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [sent, failed, failedThenUnsubscribed], campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    const id = created.campaignId;
    await env.DB.batch([
      env.DB.prepare("UPDATE campaign_recipients SET status = 'sent' WHERE campaign_id = ?1 AND email = ?2").bind(id, sent),
      env.DB.prepare(
        "UPDATE campaign_recipients SET status = 'failed', last_error = 'boom' WHERE campaign_id = ?1 AND email != ?2",
      ).bind(id, sent),
      env.DB.prepare("UPDATE campaigns SET status = 'sent' WHERE id = ?1").bind(id),
      env.DB.prepare("UPDATE email_subscribers SET status = 'unsubscribed' WHERE email = ?1").bind(failedThenUnsubscribed),
    ]);

    const retryQueue = recordingQueue();
    const { status, body } = await callAdmin(
      `/api/admin/campaigns/${id}/retry-failed`,
      { method: "POST" },
      { MAIL_QUEUE: retryQueue.queue },
    );
    expect(status).toBe(202);
    expect(body).toEqual({ successCount: 1, skipped: [failedThenUnsubscribed] });
    const rows = await recipientRows(id);
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      [sent, "sent"],
      [failed, "queued"],
      [failedThenUnsubscribed, "failed"],
    ]);
    expect(retryQueue.recipientIds()).toEqual([rows[1]!.id]);
    expect(await env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(id).first("status")).toBe("sending");
  });

  it("says so when there is nothing to re-send", async () => {
    const email = await addSubscriber();
    const { queue } = recordingQueue();
    const { body: created } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    const { status, body } = await callAdmin(`/api/admin/campaigns/${created.campaignId}/retry-failed`, { method: "POST" });
    expect(status).toBe(409);
    expect(body.error).toBe("This campaign has no failed e-mails to re-send.");
  });

  it("answers 404 for an unknown campaign and 400 for a bad id", async () => {
    expect((await callAdmin("/api/admin/campaigns/999999/retry-failed", { method: "POST" })).status).toBe(404);
    expect((await callAdmin("/api/admin/campaigns/abc/retry-failed", { method: "POST" })).status).toBe(400);
  });
});

describe("GET /api/admin/outbox", () => {
  it("lists what was sent locally, newest first, a page at a time", async () => {
    for (const n of [1, 2, 3]) {
      await env.DB.prepare(
        "INSERT INTO outbox (kind, `to`, subject, html, text, headers) VALUES ('other', ?1, ?2, '<p>x</p>', 'x', ?3)",
      )
        .bind(`reader${n}@example.com`, `Subject ${n}`, JSON.stringify({ "X-N": String(n) }))
        .run();
    }
    const page1 = await callAdmin("/api/admin/outbox?q=READER&limit=2");
    expect(page1.status).toBe(200);
    expect(page1.res.headers.get("X-Total-Count")).toBe("3");
    expect(page1.body.map((i: { subject: string }) => i.subject)).toEqual(["Subject 3", "Subject 2"]);
    expect(page1.body[0]).toMatchObject({ kind: "other", to: "reader3@example.com", headers: { "X-N": "3" } });
    const page2 = await callAdmin("/api/admin/outbox?q=reader&limit=2&offset=2");
    expect(page2.body.map((i: { subject: string }) => i.subject)).toEqual(["Subject 1"]);
    // The search reads the subject too, and a pattern character is only a character.
    expect((await callAdmin("/api/admin/outbox?q=subject 2")).body.map((i: { to: string }) => i.to)).toEqual([
      "reader2@example.com",
    ]);
    expect((await callAdmin("/api/admin/outbox?q=%25")).body).toEqual([]);
  });

  it("refuses a limit over 100 and needs an admin token", async () => {
    expect((await callAdmin("/api/admin/outbox?limit=500")).status).toBe(400);
    expect((await callJson("/api/admin/outbox")).status).toBe(401);
  });
});

describe("POST /api/admin/campaigns/:id/cancel", () => {
  async function scheduled() {
    const email = await addSubscriber();
    const { queue } = recordingQueue();
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const { body } = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: sampleCampaign, sendAt } },
      { MAIL_QUEUE: queue },
    );
    return body.campaignId as number;
  }

  it("cancels a scheduled campaign, which the cron then never starts", async () => {
    const id = await scheduled();
    const { status, body } = await callAdmin(`/api/admin/campaigns/${id}/cancel`, { method: "POST" });
    expect(status).toBe(200);
    expect(body).toEqual({ id, status: "cancelled" });
    // Its time comes: nothing is queued.
    await env.DB.prepare("UPDATE campaigns SET send_at = '2020-01-01T00:00:00.000Z' WHERE id = ?1").bind(id).run();
    const { queue, batches } = recordingQueue();
    await startDueCampaigns({ ...env, MAIL_QUEUE: queue });
    expect(batches.flat()).toHaveLength(0);
    expect((await recipientRows(id)).map((r) => r.status)).toEqual(["pending"]);
    const list = await callAdmin("/api/admin/campaigns");
    expect(list.body.find((c: { id: number }) => c.id === id).status).toBe("cancelled");
    // Cancelling again is still a success.
    expect((await callAdmin(`/api/admin/campaigns/${id}/cancel`, { method: "POST" })).status).toBe(200);
  });

  it("refuses once it has started, and answers 404 for an unknown campaign", async () => {
    const email = await addSubscriber();
    const { queue } = recordingQueue();
    const sent = await callAdmin(
      "/api/admin/send-campaign",
      { json: { emails: [email], campaign: sampleCampaign } },
      { MAIL_QUEUE: queue },
    );
    const { status, body } = await callAdmin(`/api/admin/campaigns/${sent.body.campaignId}/cancel`, { method: "POST" });
    expect(status).toBe(409);
    expect(body.error).toBe("This campaign has already started sending, so it can no longer be cancelled.");
    expect((await callAdmin("/api/admin/campaigns/999999/cancel", { method: "POST" })).status).toBe(404);
  });
});
