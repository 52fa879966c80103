import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../worker/db/client";
import type { AppEnv } from "../worker/env";
import worker from "../worker/index";
import { queueEmails } from "../worker/services/mail/deliveries";
import { expectConsoleError } from "./helpers/console";
import { guardedEnv } from "./helpers/d1-guard";
import { recordingQueue } from "./helpers/factories-campaigns";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Outside services failing for a while, and what is left afterwards: every e-mail sent once.
 * (A D1 batch failing half-way is in reminders.test.ts; the Stripe webhook twice, late or before
 * the redirect, in payments-confirmation.test.ts.)
 */
const providerEnv = {
  MAIL_API_KEY: "fake-postmark-server-token",
  MAIL_FROM: "shop@example-heating.co.uk",
} satisfies Partial<AppEnv>;

/** Delivers the queued rows as the Queue would, in batches of 100, with the provider configured. */
async function deliveryRound(ids: number[]) {
  for (let start = 0; start < ids.length; start += 100) {
    const batch = createMessageBatch(
      "outgoing-mail",
      ids
        .slice(start, start + 100)
        .map((id) => ({ id: `f-${id}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: { emailId: id } })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, guardedEnv({ ...env, ...providerEnv }), ctx);
    await getQueueResult(batch, ctx);
  }
}

const acceptedBy = async (to: string) =>
  ((await (await fetch(`${env.MAIL_API_BASE}/__accepted?to=${encodeURIComponent(to)}`)).json()) as { accepted: number }).accepted;

describe("faults that lose nothing", () => {
  it("a provider outage of a while: 150 e-mails, each refused twice, are each sent exactly once when it ends", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const addresses = Array.from({ length: 150 }, (_, i) => `down2-${tag}-${i}@example.com`);
    const { queue, emailIds } = recordingQueue();
    await queueEmails(
      getDb(env),
      queue,
      addresses.map((to) => ({ kind: "order" as const, to, subject: "Your order", html: "<p>Thanks</p>", text: "Thanks" })),
    );
    const ids = emailIds();
    expect(ids).toHaveLength(150);
    const rows = () =>
      query<{ status: string; attempts: number }>(
        "SELECT status, attempts FROM outgoing_emails WHERE id IN (SELECT value FROM json_each(?1))",
        JSON.stringify(ids),
      );
    // Two rounds while the provider is down: nothing lost, nothing marked sent, every row waiting.
    for (let round = 1; round <= 2; round++) {
      await deliveryRound(ids);
      expect((await rows()).every((r) => r.status === "queued" && r.attempts === round)).toBe(true);
    }
    // It recovers: every row sent. A message delivered again afterwards sends nothing.
    await deliveryRound(ids);
    await deliveryRound(ids.slice(0, 20));
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 3)).toBe(true);
    for (const to of addresses) expect(await acceptedBy(to)).toBe(1);
  });

  it("a Queue refusing the hand-over: the request still succeeds, and the cron hands the stored e-mail over later", async () => {
    expectConsoleError(/left to the cron re-enqueue/);
    const refusing = {
      send: async () => {
        throw new Error("Queue send failed: service unavailable");
      },
      sendBatch: async () => {
        throw new Error("Queue send failed: service unavailable");
      },
    } as unknown as Queue;
    const email = `refused-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await callApp("/api/quotes", {
      method: "POST",
      json: { name: "Rita Refused", phone: "0161 496 0000", email, postcode: "M32 0ZZ", service: "boiler-repair" },
      env: { MAIL_QUEUE: refusing },
    });
    expect(res.status).toBe(201);
    const [stored] = await query<{ id: number; status: string }>("SELECT id, status FROM outgoing_emails WHERE `to` = ?1", email);
    expect(stored).toMatchObject({ status: "queued" });

    // The cron, after the re-drive delay, hands it to a Queue that takes it.
    const { queue, emailIds } = recordingQueue();
    const ctx = createExecutionContext();
    const later = Date.now() + 16 * 60_000;
    await worker.scheduled(
      createScheduledController({ scheduledTime: later, cron: "*/5 * * * *" }),
      guardedEnv({ ...env, MAIL_QUEUE: queue }),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(emailIds()).toContain(stored!.id);
  });
});
