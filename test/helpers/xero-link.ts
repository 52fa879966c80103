import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import worker from "../../worker/index";
import type { XeroQueueMessage } from "../../worker/services/xero/enqueue";
import { adminHeaders } from "./admin";
import { callAppJson } from "./factories-commerce";
import { consentAt, setConsent, uniqueId, xeroEnv } from "./xero";

/**
 * The owner connecting the Worker to a new organisation of the fake Xero through the routes, as
 * the settings screen does: a Xero app (client id) of the test's own, so files running at once stay
 * apart. Returns the env to call the Worker with and the organisation's id.
 */
export async function connectXero(organisations = 1) {
  const clientId = uniqueId("client");
  const secrets = xeroEnv(clientId);
  const tenants = Array.from({ length: organisations }, (_, i) => ({
    tenantId: crypto.randomUUID(),
    tenantName: `Hot Water ${i + 1} Ltd`,
  }));
  await setConsent(clientId, tenants);
  const headers = await adminHeaders();
  const started = await callAppJson("/api/admin/xero/connect", { method: "POST", headers, env: secrets });
  if (started.status !== 200) throw new Error(`connect: ${started.status} ${JSON.stringify(started.body)}`);
  const { code, state } = await consentAt(started.body.url);
  const link = await callAppJson("/api/admin/xero/callback", { method: "POST", headers, env: secrets, json: { code, state } });
  if (link.status !== 200) throw new Error(`callback: ${link.status} ${JSON.stringify(link.body)}`);
  const appEnv = { ...env, ...secrets };
  return { clientId, secrets, headers, tenants, tenantId: tenants[0]!.tenantId, link: link.body, appEnv, db: getDb(appEnv) };
}

/**
 * A Xero queue that keeps what is sent to it, for the test to hand to the consumer (and replay);
 * what is sent with a delay (a wait for Xero's limits) is kept apart, with its delay.
 */
export function xeroQueue() {
  const sent: XeroQueueMessage[] = [];
  const delayed: { body: XeroQueueMessage; delaySeconds: number }[] = [];
  const keep = (body: XeroQueueMessage, delaySeconds?: number) =>
    delaySeconds ? delayed.push({ body, delaySeconds }) : sent.push(body);
  const queue = {
    async send(body: XeroQueueMessage, options?: QueueSendOptions) {
      keep(body, options?.delaySeconds);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<XeroQueueMessage>>) {
      for (const m of messages) keep(m.body, m.delaySeconds);
    },
  } as unknown as Queue;
  return { queue, sent, delayed };
}

/**
 * Runs messages through the Worker's queue handler, as one batch of the Xero queue; what each
 * message was answered: acked, or retried after how many seconds.
 */
export async function consume(appEnv: object, messages: XeroQueueMessage[], attempts = 1) {
  const acked: string[] = [];
  const retried: { id: string; delaySeconds?: number }[] = [];
  const batch = {
    queue: "xero-sync",
    messages: messages.map((body, n) => {
      const id = `x${n}-${crypto.randomUUID()}`;
      return {
        id,
        timestamp: new Date(),
        attempts,
        body,
        ack: () => void acked.push(id),
        retry: (options?: { delaySeconds?: number }) => void retried.push({ id, delaySeconds: options?.delaySeconds }),
      };
    }),
    ackAll: () => undefined,
    retryAll: () => undefined,
  } as unknown as MessageBatch<unknown>;
  const ctx = createExecutionContext();
  await worker.queue!(batch, appEnv as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { acked, retried };
}

/**
 * The owner's world with Xero connected: calls to the Worker carry the Xero app's secrets and a
 * recording queue; `drain` hands everything sent so far (and not yet handed) to the consumer, not
 * what was sent to wait (`delayed`).
 */
export async function xeroWorld(organisations = 1) {
  const link = await connectXero(organisations);
  const { queue, sent, delayed } = xeroQueue();
  const appEnv = { ...link.appEnv, XERO_QUEUE: queue };
  let handed = 0;
  const call = (method: string, path: string, json?: unknown) =>
    callAppJson(path, { method, json, headers: link.headers, env: { ...link.secrets, XERO_QUEUE: queue } });
  const drain = async () => {
    const results = [];
    while (handed < sent.length) {
      const next = sent.slice(handed);
      handed = sent.length;
      results.push(await consume(appEnv, next));
    }
    return results;
  };
  return { ...link, appEnv, queue, sent, delayed, call, drain };
}
