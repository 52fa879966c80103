import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { withFacts } from "../services/settings/business-facts";
import { consumeMail, consumeMailDeadLetters } from "./mail-queue";
import { consumeXero } from "./xero-queue";

/**
 * One consumer entry for every queue the Worker consumes, dispatched by queue name. The mail
 * queue carries one message per e-mail to send (campaign recipients and stored e-mails alike); its
 * dead-letter queue gets the messages that used up their retries, whose rows are marked failed.
 * The Xero queue carries one message per document to send to the connected organisation.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: AppEnv, _ctx: ExecutionContext) {
  // Campaign e-mails are rendered here, with the owner's facts (the footer's phone and address).
  await withFacts(getDb(env), async () => {
    switch (batch.queue) {
      case "outgoing-mail":
        return consumeMail(batch, env);
      case "outgoing-mail-dlq":
        return consumeMailDeadLetters(batch, env);
      case "xero-sync":
        return consumeXero(batch, env);
      default:
        console.warn(JSON.stringify({ queue: batch.queue, warning: "no consumer for queue; messages acknowledged" }));
        batch.ackAll();
    }
  });
}
