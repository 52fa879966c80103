import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../worker/env";
import worker from "../worker/index";
import { sendCampaign } from "../worker/services/campaigns/send";
import { guardedEnv } from "./helpers/d1-guard";
import { createProduct } from "./helpers/factories";
import { addSubscriber, recipientRows, recordingQueue, sampleCampaign } from "./helpers/factories-campaigns";

const MINUTE = 60_000;

async function runCron(at: number, bindings: Partial<AppEnv>) {
  const controller = createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, guardedEnv({ ...env, ...bindings }), ctx);
  await waitOnExecutionContext(ctx);
}

async function scheduledCampaign(emails: string[], sendAt: number) {
  const { queue } = recordingQueue();
  const result = await sendCampaign(
    { ...env, MAIL_QUEUE: queue },
    {
      emails,
      campaign: { ...sampleCampaign, ctaText: "Book Your Service Now", ctaLink: "tel:+441614960123" },
      sendAt: new Date(sendAt).toISOString(),
    },
    sendAt - 60 * MINUTE,
  );
  return result.campaignId;
}

const campaignStatus = (id: number) => env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(id).first("status");

describe("the Cron Trigger", () => {
  it("sends a scheduled campaign once its time has come, once even when two runs overlap", async () => {
    const emails = [await addSubscriber(), await addSubscriber()];
    const dueAt = Date.now() + 10 * MINUTE;
    const id = await scheduledCampaign(emails, dueAt);

    const early = recordingQueue();
    await runCron(dueAt - MINUTE, { MAIL_QUEUE: early.queue });
    expect(early.recipientIds()).toEqual([]);
    expect(await campaignStatus(id)).toBe("scheduled");

    const { queue, recipientIds } = recordingQueue();
    await Promise.all([runCron(dueAt, { MAIL_QUEUE: queue }), runCron(dueAt + 1000, { MAIL_QUEUE: queue })]);
    const rows = await recipientRows(id);
    expect(recipientIds().sort()).toEqual(rows.map((r) => r.id).sort());
    expect(rows.map((r) => r.status)).toEqual(["queued", "queued"]);
    expect(await campaignStatus(id)).toBe("sending");

    const later = recordingQueue();
    await runCron(dueAt + 5 * MINUTE, { MAIL_QUEUE: later.queue });
    expect(later.recipientIds()).toEqual([]);
  });

  it("re-enqueues recipient rows stuck in queued for over 15 minutes, and only those", async () => {
    const [lost, inFlightCrashed, fresh, sent] = [
      await addSubscriber(),
      await addSubscriber(),
      await addSubscriber(),
      await addSubscriber(),
    ];
    const { queue } = recordingQueue();
    const { campaignId } = await sendCampaign(
      { ...env, MAIL_QUEUE: queue },
      {
        emails: [lost, inFlightCrashed, fresh, sent],
        campaign: { ...sampleCampaign, ctaText: "Call", ctaLink: "tel:+441614960123" },
      },
    );
    const now = Date.now();
    const old = new Date(now - 16 * MINUTE).toISOString();
    const recent = new Date(now - 5 * MINUTE).toISOString();
    await env.DB.batch([
      env.DB.prepare("UPDATE campaign_recipients SET queued_at = ?2, updated_at = ?2 WHERE campaign_id = ?1 AND email = ?3").bind(
        campaignId,
        old,
        lost,
      ),
      // A delivery that claimed the row (queued_at NULL) and then died.
      env.DB.prepare(
        "UPDATE campaign_recipients SET queued_at = NULL, updated_at = ?2 WHERE campaign_id = ?1 AND email = ?3",
      ).bind(campaignId, old, inFlightCrashed),
      env.DB.prepare("UPDATE campaign_recipients SET queued_at = ?2, updated_at = ?2 WHERE campaign_id = ?1 AND email = ?3").bind(
        campaignId,
        recent,
        fresh,
      ),
      env.DB.prepare("UPDATE campaign_recipients SET status = 'sent', queued_at = ?2 WHERE campaign_id = ?1 AND email = ?3").bind(
        campaignId,
        old,
        sent,
      ),
    ]);

    const first = recordingQueue();
    const second = recordingQueue();
    await Promise.all([runCron(now, { MAIL_QUEUE: first.queue }), runCron(now, { MAIL_QUEUE: second.queue })]);
    const rows = await recipientRows(campaignId);
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    expect([...first.recipientIds(), ...second.recipientIds()].sort()).toEqual([idOf(lost), idOf(inFlightCrashed)].sort());
    expect(rows.find((r) => r.email === inFlightCrashed)!.queued_at).toBe(new Date(now).toISOString());
  });

  it("marks a sending campaign sent once none of its recipients is waiting", async () => {
    const email = await addSubscriber();
    const { queue } = recordingQueue();
    const { campaignId } = await sendCampaign(
      { ...env, MAIL_QUEUE: queue },
      { emails: [email], campaign: { ...sampleCampaign, ctaText: "Call", ctaLink: "tel:+441614960123" } },
    );
    await env.DB.prepare("UPDATE campaign_recipients SET status = 'sent' WHERE campaign_id = ?1").bind(campaignId).run();
    await runCron(Date.now(), { MAIL_QUEUE: recordingQueue().queue });
    expect(await campaignStatus(campaignId)).toBe("sent");
  });

  it("deletes carts untouched for 30 days and keeps the others", async () => {
    const product = await createProduct();
    const session = (name: string) => `cron-${name}-${crypto.randomUUID()}`;
    const [stale, active] = [session("stale"), session("active")];
    await env.DB.batch([
      env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity, updated_at) VALUES (?1, ?2, 1, ?3)").bind(
        stale,
        product.id,
        new Date(Date.now() - 31 * 86_400_000).toISOString(),
      ),
      env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity) VALUES (?1, ?2, 1)").bind(active, product.id),
    ]);
    await runCron(Date.now(), { MAIL_QUEUE: recordingQueue().queue });
    const { results } = await env.DB.prepare("SELECT session_id FROM cart_items WHERE session_id IN (?1, ?2)")
      .bind(stale, active)
      .all();
    expect(results.map((r) => r.session_id)).toEqual([active]);
  });

  it("deletes admin sessions expired for over a day and keeps live ones", async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO admin_sessions (jti, username, expires_at) VALUES ('cron-old', 'admin', ?1)").bind(
        hoursAgo(30),
      ),
      env.DB.prepare("INSERT INTO admin_sessions (jti, username, expires_at) VALUES ('cron-recent', 'admin', ?1)").bind(
        hoursAgo(2),
      ),
      env.DB.prepare("INSERT INTO admin_sessions (jti, username, expires_at) VALUES ('cron-live', 'admin', ?1)").bind(
        hoursAgo(-5),
      ),
    ]);
    await runCron(Date.now(), { MAIL_QUEUE: recordingQueue().queue });
    const { results } = await env.DB.prepare("SELECT jti FROM admin_sessions WHERE jti LIKE 'cron-%' ORDER BY jti").all();
    expect(results.map((r) => r.jti)).toEqual(["cron-live", "cron-recent"]);
  });
});
