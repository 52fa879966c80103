import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outgoingEmails } from "../schema/db";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import worker from "../worker/index";
import { sendCampaign } from "../worker/services/campaigns/send";
import { queueEmails } from "../worker/services/mail/deliveries";
import { postmarkMailer } from "../worker/services/mail/provider";
import type { MailKind } from "../worker/services/mail/types";
import { adminHeaders } from "./helpers/admin";
import { guardedEnv } from "./helpers/d1-guard";
import {
  addSubscriber,
  outboxFor,
  recipientRows,
  recordingQueue,
  sampleCampaign,
  uniqueAddress,
} from "./helpers/factories-campaigns";
import { callAppJson, query } from "./helpers/factories-commerce";

const providerEnv = {
  MAIL_API_KEY: "fake-postmark-server-token",
  MAIL_FROM: "shop@example-heating.co.uk",
} satisfies Partial<AppEnv>;

const message = (to: string, kind: MailKind = "order") => ({
  kind,
  to,
  subject: `Order for ${to}`,
  html: "<p>Hi</p>",
  text: "Hi",
});

async function storeEmail(to: string, kind: MailKind = "order") {
  const { queue, emailIds } = recordingQueue();
  await queueEmails(getDb(env), queue, [message(to, kind)]);
  return emailIds()[0]!;
}

const row = (id: number) => query<Record<string, any>>("SELECT * FROM outgoing_emails WHERE id = ?1", id).then((r) => r[0]!);

let counter = 0;
async function deliver(body: object, bindings: Partial<AppEnv> = {}, queueName = "outgoing-mail") {
  const batch = createMessageBatch(queueName, [{ id: `d-${++counter}`, timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, guardedEnv({ ...env, ...bindings }), ctx);
  return getQueueResult(batch, ctx);
}

async function runCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), guardedEnv(env), ctx);
}

describe("stored e-mails (order and quote notices, receipts, confirmations)", () => {
  it("are stored before they are queued, then sent once and recorded sent", async () => {
    const to = uniqueAddress("order");
    const id = await storeEmail(to);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0 });
    const result = await deliver({ emailId: id });
    expect(result.explicitAcks).toHaveLength(1);
    const [mail] = await outboxFor(to);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, provider_message_id: `outbox-${mail!.id}` });
    // The same message again sends nothing.
    await deliver({ emailId: id });
    expect(await outboxFor(to)).toHaveLength(1);
  });

  it("survive a provider outage: a transient failure keeps the e-mail queued and retries it", async () => {
    const to = uniqueAddress("fail-503");
    const id = await storeEmail(to);
    const result = await deliver({ emailId: id }, providerEnv);
    expect(result.retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1, last_error: expect.stringContaining("503") });
  });

  it("are marked failed, not retried, when the provider refuses them for good", async () => {
    const id = await storeEmail(uniqueAddress("fail-422"));
    const result = await deliver({ emailId: id }, providerEnv);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "failed", last_error: expect.stringContaining("406") });
  });

  it("are marked failed when their message reaches the dead-letter queue", async () => {
    const id = await storeEmail(uniqueAddress("dlq"));
    await deliver({ emailId: id }, {}, "outgoing-mail-dlq");
    expect(await row(id)).toMatchObject({ status: "failed", last_error: expect.stringContaining("gave up") });
  });

  it("go out through the retrying path when an owner notification is made (a quote request)", async () => {
    const { status } = await callAppJson("/api/quotes", {
      method: "POST",
      json: {
        name: "Queued Quote",
        phone: "0161 496 0000",
        email: "q@example.com",
        postcode: "M32 0ZZ",
        service: "boiler-repair",
      },
    });
    expect(status).toBe(201);
    const [stored] = await query<{ status: string; kind: string }>(
      "SELECT status, kind FROM outgoing_emails WHERE instr(text, 'Queued Quote') > 0",
    );
    expect(stored).toMatchObject({ kind: "quote" });
  });
});

describe("the answer to an erasure request", () => {
  // The last e-mail to an erased address: the mail log keeps it until its delivery ends, not after.
  const addressKept = (to: string) => query("SELECT id FROM outgoing_emails WHERE lower(`to`) = lower(?1)", to);

  it("keeps its address while it waits to be sent, and forgets it once sent", async () => {
    const to = uniqueAddress("erased-sent");
    const id = await storeEmail(to, "erasure");
    expect(await row(id)).toMatchObject({ to, status: "queued" });
    await deliver({ emailId: id });
    expect(await outboxFor(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ to: "(erased)", status: "sent" });
    expect(await addressKept(to)).toEqual([]);
  });

  it("keeps it through a provider outage, to be retried, and forgets it once refused for good", async () => {
    const outage = uniqueAddress("fail-503");
    const retried = await storeEmail(outage, "erasure");
    await deliver({ emailId: retried }, providerEnv);
    expect(await row(retried)).toMatchObject({ to: outage, status: "queued" });

    const refused = await storeEmail(uniqueAddress("fail-422"), "erasure");
    await deliver({ emailId: refused }, providerEnv);
    expect(await row(refused)).toMatchObject({ to: "(erased)", status: "failed" });
  });

  it("forgets it when its retries run out, or when the cron finds it left sending", async () => {
    const given = await storeEmail(uniqueAddress("dlq"), "erasure");
    await deliver({ emailId: given }, {}, "outgoing-mail-dlq");
    expect(await row(given)).toMatchObject({ to: "(erased)", status: "failed" });

    const stuck = await storeEmail(uniqueAddress("stuck"), "erasure");
    const longAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await getDb(env).update(outgoingEmails).set({ status: "sending", updatedAt: longAgo }).where(eqId(stuck));
    await runCron(Date.now());
    expect(await row(stuck)).toMatchObject({ to: "(erased)", status: "unknown" });
  });

  it("other e-mails keep their address once sent", async () => {
    const to = uniqueAddress("kept");
    const id = await storeEmail(to);
    await deliver({ emailId: id });
    expect(await row(id)).toMatchObject({ to, status: "sent" });
  });
});

describe("no e-mail is sent twice", () => {
  it("a stored e-mail left sending is marked unknown by the cron, never re-queued", async () => {
    const to = uniqueAddress("stuck");
    const id = await storeEmail(to);
    const longAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await getDb(env).update(outgoingEmails).set({ status: "sending", updatedAt: longAgo }).where(eqId(id));
    await runCron(Date.now());
    expect(await row(id)).toMatchObject({ status: "unknown" });
    expect(await outboxFor(to)).toEqual([]);
  });

  it("a stored e-mail left queued (its message lost) is enqueued again by the cron", async () => {
    const id = await storeEmail(uniqueAddress("lost"));
    const longAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await getDb(env).update(outgoingEmails).set({ updatedAt: longAgo }).where(eqId(id));
    const { queue, emailIds } = recordingQueue();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), { ...env, MAIL_QUEUE: queue }, ctx);
    expect(emailIds()).toContain(id);
  });

  it("a campaign recipient is marked sending before the provider is called, and a second copy sends nothing", async () => {
    const email = await addSubscriber();
    const { queue, recipientIds } = recordingQueue();
    const { campaignId } = await sendCampaign(
      { ...env, MAIL_QUEUE: queue },
      { emails: [email], campaign: { ...sampleCampaign, ctaText: "Call", ctaLink: "tel:+441614960123" } },
    );
    const [id] = recipientIds();
    // A delivery that died after claiming: the row is `sending`.
    await env.DB.prepare("UPDATE campaign_recipients SET status = 'sending', updated_at = ?2 WHERE id = ?1")
      .bind(id, new Date(Date.now() - 20 * 60_000).toISOString())
      .run();
    await deliver({ recipientId: id });
    expect(await outboxFor(email)).toEqual([]);
    // The cron does not re-queue it: it becomes unknown, shown in the history.
    await runCron(Date.now());
    const [rowAfter] = await recipientRows(campaignId);
    expect(rowAfter).toMatchObject({ status: "unknown" });
    const history = await callAppJson(`/api/admin/campaigns?limit=100`, { headers: await adminHeaders() });
    const campaign = history.body.find((c: { id: number }) => c.id === campaignId);
    expect(campaign.counts).toMatchObject({ unknown: 1, queued: 0 });
    // The owner may decide to send it again.
    const retry = await callAppJson(`/api/admin/campaigns/${campaignId}/retry-failed`, {
      method: "POST",
      headers: await adminHeaders(),
      env: { MAIL_QUEUE: queue },
    });
    expect(retry.body).toEqual({ successCount: 1, skipped: [] });
  });

  it("the provider adapter treats a 2xx answer as sent, even without a message id", async () => {
    const mailer = postmarkMailer({ apiKey: providerEnv.MAIL_API_KEY, from: providerEnv.MAIL_FROM, baseUrl: env.MAIL_API_BASE });
    await expect(mailer.send(message(uniqueAddress("ok-noid")))).resolves.toEqual({ id: "postmark-accepted-200" });
  });
});

function eqId(id: number) {
  return sql`${outgoingEmails.id} = ${id}`;
}
