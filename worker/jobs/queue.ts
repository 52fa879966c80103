import type { AppEnv } from "../env";
import { consumeCampaignDeadLetters, consumeCampaignEmails } from "./campaign-queue";

/**
 * One consumer entry for every queue the Worker consumes, dispatched by queue name.
 * campaign-emails: one message per campaign recipient row; campaign-emails-dlq: messages that
 * exhausted their retries, whose rows are marked failed.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: AppEnv, _ctx: ExecutionContext) {
  switch (batch.queue) {
    case "campaign-emails":
      return consumeCampaignEmails(batch, env);
    case "campaign-emails-dlq":
      return consumeCampaignDeadLetters(batch, env);
    default:
      console.warn(JSON.stringify({ queue: batch.queue, warning: "no consumer for queue; messages acknowledged" }));
      batch.ackAll();
  }
}
