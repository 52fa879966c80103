import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { SendCampaignInput } from "../../schema/api/campaigns";
import { emailSubscribers } from "../../schema/db";
import app from "../../worker/app";
import { getDb } from "../../worker/db/client";
import type { AppEnv } from "../../worker/env";
import type { MailQueueMessage } from "../../worker/services/mail/queue-messages";
import { adminHeaders } from "./admin";
import { guardedEnv } from "./d1-guard";

let counter = 0;

/** "fail-429-1a2b3c@example.com": a fresh address, optionally starting with a fake provider trigger. */
export const uniqueAddress = (prefix = "sub") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A subscriber row with a unique address (or the one given). */
export async function addSubscriber(email?: string, isActive = true) {
  counter += 1;
  const address = email ?? `sub${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const now = new Date().toISOString();
  await getDb(env)
    .insert(emailSubscribers)
    .values({
      email: address,
      status: isActive ? "active" : "unsubscribed",
      signedUpAt: now,
      confirmedAt: now,
      unsubscribedAt: isActive ? null : now,
    });
  return address;
}

/**
 * A producer that records what would be enqueued instead of enqueueing it: route and cron tests
 * assert the fan-out, and the consumer is driven separately with createMessageBatch, so no
 * background consumer races the test.
 */
export function recordingQueue() {
  const batches: MessageSendRequest<MailQueueMessage>[][] = [];
  const queue = {
    async send(body: MailQueueMessage) {
      batches.push([{ body }]);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MailQueueMessage>>) {
      batches.push([...messages]);
    },
  } as unknown as Queue;
  const ids = (key: "recipientId" | "emailId") =>
    batches.flat().flatMap(({ body }) => (key in body ? [(body as Record<typeof key, number>)[key]] : []));
  return { queue, batches, recipientIds: () => ids("recipientId"), emailIds: () => ids("emailId") };
}

export const sampleCampaign = {
  subject: "Winter Service Offer",
  title: "25% off your boiler service",
  content: "<p>Get your boiler ready for winter. <strong>Save up to £30</strong>.</p>",
  offer: "25% off until the end of the month",
} satisfies SendCampaignInput["campaign"];

/** Calls the app with extra bindings (a recording queue, mail secrets) as an admin. */
export async function callAdmin(path: string, init: { method?: string; json?: unknown } = {}, bindings: Partial<AppEnv> = {}) {
  const headers: Record<string, string> = { ...(await adminHeaders()) };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    }),
    guardedEnv({ ...env, ...bindings }),
    createExecutionContext(),
  );
  return { res, status: res.status, body: (await res.json()) as any };
}

export async function recipientRows(campaignId: number) {
  const { results } = await env.DB.prepare(
    "SELECT id, email, status, attempts, last_error, queued_at, sent_at, provider_message_id FROM campaign_recipients WHERE campaign_id = ?1 ORDER BY id",
  )
    .bind(campaignId)
    .all<{
      id: number;
      email: string;
      status: string;
      attempts: number;
      last_error: string | null;
      queued_at: string | null;
      sent_at: string | null;
      provider_message_id: string | null;
    }>();
  return results;
}

export async function outboxFor(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE `to` = ?1 ORDER BY id").bind(email).all<{
    id: number;
    kind: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: string;
  }>();
  return results;
}
