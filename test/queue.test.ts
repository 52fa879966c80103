import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../worker/env";
import worker from "../worker/index";
import { sendCampaign } from "../worker/services/campaigns/send";
import { guardedEnv } from "./helpers/d1-guard";
import {
  addSubscriber,
  outboxFor,
  recipientRows,
  recordingQueue,
  sampleCampaign,
  uniqueAddress,
} from "./helpers/factories-campaigns";
import { fakeRequests } from "./helpers/http";

/** The fake Postmark (test/fakes/mail-provider.ts) accepts this token. */
const providerEnv = {
  MAIL_API_KEY: "fake-postmark-server-token",
  MAIL_FROM: "deals@example-heating.co.uk",
} satisfies Partial<AppEnv>;

/** A stored campaign whose rows are queued; the producer only records, the test plays the Queue. */
async function queuedCampaign(emails: string[]) {
  const { queue, recipientIds } = recordingQueue();
  const result = await sendCampaign(
    { ...env, MAIL_QUEUE: queue },
    { emails, campaign: { ...sampleCampaign, ctaText: "Get Your Quote", ctaLink: "tel:+441614960123" } },
  );
  return { campaignId: result.campaignId, ids: recipientIds() };
}

let messageCounter = 0;
async function deliver(queueName: string, ids: number[], { attempts = 1, bindings = {} as Partial<AppEnv> } = {}) {
  const batch = createMessageBatch(
    queueName,
    ids.map((recipientId) => ({ id: `msg-${++messageCounter}`, timestamp: new Date(), attempts, body: { recipientId } })),
  );
  // getQueueResult does not report retry delays, so the test listens to retry() itself.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch, guardedEnv({ ...env, ...bindings }), ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

describe("outgoing-mail consumer", () => {
  it("sends each recipient one e-mail with the unsubscribe headers and records it sent", async () => {
    const email = await addSubscriber();
    const { campaignId, ids } = await queuedCampaign([email]);
    const result = await deliver("outgoing-mail", ids);

    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const [mail] = await outboxFor(email);
    expect(mail).toMatchObject({ kind: "campaign", subject: "Winter Service Offer" });
    const headers = JSON.parse(mail!.headers);
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:8787\/api\/unsubscribe\?token=[\w.-]+>, <mailto:hello@example-heating\.co\.uk\?subject=/,
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.html).toContain("http://localhost:8787/unsubscribe?token=");
    expect(mail!.html).toContain("25% off your boiler service");
    expect(mail!.text).toContain("Unsubscribe: http://localhost:8787/unsubscribe?token=");

    const [row] = await recipientRows(campaignId);
    expect(row).toMatchObject({ status: "sent", attempts: 1, provider_message_id: `outbox-${mail!.id}` });
    expect(await env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(campaignId).first("status")).toBe("sent");
  });

  it("sends nothing when a message for an already-sent recipient is delivered again", async () => {
    const email = await addSubscriber();
    const { ids } = await queuedCampaign([email]);
    await deliver("outgoing-mail", ids);
    const again = await deliver("outgoing-mail", ids, { attempts: 2 });
    expect(again.explicitAcks).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("sends once when two copies of a message are delivered at the same time", async () => {
    const email = await addSubscriber();
    const { ids } = await queuedCampaign([email]);
    await Promise.all([deliver("outgoing-mail", ids), deliver("outgoing-mail", ids), deliver("outgoing-mail", ids)]);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("retries a transient provider failure later with backoff and records the attempt", async () => {
    const email = await addSubscriber(uniqueAddress("fail-429"));
    const { campaignId, ids } = await queuedCampaign([email]);

    const first = await deliver("outgoing-mail", ids, { bindings: providerEnv });
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([30]);
    let [row] = await recipientRows(campaignId);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.queued_at).not.toBeNull();
    expect(row!.last_error).toContain("429");

    const third = await deliver("outgoing-mail", ids, { attempts: 3, bindings: providerEnv });
    expect(third.delays).toEqual([120]);
    [row] = await recipientRows(campaignId);
    expect(row).toMatchObject({ status: "queued", attempts: 2 });
    expect(await env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(campaignId).first("status")).toBe("sending");
  });

  it("records a permanent provider refusal as failed without retrying", async () => {
    const email = await addSubscriber(uniqueAddress("fail-422"));
    const { campaignId, ids } = await queuedCampaign([email]);
    const result = await deliver("outgoing-mail", ids, { bindings: providerEnv });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    const [row] = await recipientRows(campaignId);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("406");
    expect(await env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(campaignId).first("status")).toBe("sent");
  });

  it("sends through the provider with the unsubscribe headers when it is configured", async () => {
    const email = await addSubscriber();
    const { campaignId, ids } = await queuedCampaign([email]);
    await deliver("outgoing-mail", ids, { bindings: providerEnv });
    const request = (await fakeRequests(env.MAIL_API_BASE!)).find((r) => JSON.parse(r.body).To === email);
    const sent = JSON.parse(request!.body);
    expect(sent.MessageStream).toBe("broadcast");
    expect(sent.Headers.map((h: { Name: string }) => h.Name)).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
    const [row] = await recipientRows(campaignId);
    expect(row!.status).toBe("sent");
    expect(row!.provider_message_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never e-mails an address that unsubscribed after the campaign was queued", async () => {
    const email = await addSubscriber();
    const { campaignId, ids } = await queuedCampaign([email]);
    await env.DB.prepare("UPDATE email_subscribers SET status = 'unsubscribed' WHERE email = ?1").bind(email).run();
    const result = await deliver("outgoing-mail", ids);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(0);
    const [row] = await recipientRows(campaignId);
    expect(row).toMatchObject({ status: "failed", last_error: "Unsubscribed before sending" });
  });

  it("acknowledges a message it cannot read", async () => {
    const batch = createMessageBatch("outgoing-mail", [{ id: "bad-1", timestamp: new Date(), attempts: 1, body: { hello: 1 } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["bad-1"]);
  });
});

describe("outgoing-mail-dlq consumer", () => {
  it("marks the rows of messages that used up their retries as failed", async () => {
    const [sent, stuck] = [await addSubscriber(), await addSubscriber()];
    const { campaignId, ids } = await queuedCampaign([sent, stuck]);
    await deliver("outgoing-mail", [ids[0]!]);
    await env.DB.prepare("UPDATE campaign_recipients SET last_error = 'Postmark 503: Maintenance' WHERE id = ?1")
      .bind(ids[1])
      .run();

    const result = await deliver("outgoing-mail-dlq", ids, { attempts: 6 });
    expect(result.ackAll).toBe(true);
    const rows = await recipientRows(campaignId);
    expect(rows.map((r) => r.status)).toEqual(["sent", "failed"]);
    expect(rows[1]!.last_error).toBe("Postmark 503: Maintenance (gave up after retries)");
    expect(await env.DB.prepare("SELECT status FROM campaigns WHERE id = ?1").bind(campaignId).first("status")).toBe("sent");
  });
});
