import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { outgoingEmails } from "../../schema/db";
import { getDb } from "../../worker/db/client";
import { handleQueueBatch } from "../../worker/jobs/queue";

/**
 * Sends every stored e-mail still waiting, through the real queue consumer, and waits for any the
 * background consumer of the local queue is sending at the same moment: afterwards the outbox holds
 * everything the requests so far have mailed. (The claim makes sure each is sent once either way.)
 */
export async function drainMail() {
  const db = getDb(env);
  const queued = await db.select({ id: outgoingEmails.id }).from(outgoingEmails).where(eq(outgoingEmails.status, "queued"));
  if (queued.length > 0) {
    const batch = createMessageBatch(
      "outgoing-mail",
      queued.map(({ id }) => ({ id: `drain-${id}`, timestamp: new Date(), attempts: 1, body: { emailId: id } })),
    );
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, ctx);
    await getQueueResult(batch, ctx);
  }
  for (let waited = 0; waited < 3000; waited += 20) {
    const busy = await db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(inArray(outgoingEmails.status, ["queued", "sending"]))
      .limit(1);
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
