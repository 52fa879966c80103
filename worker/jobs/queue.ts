import type { AppEnv } from "../env";

/**
 * One consumer entry for every queue the Worker consumes, dispatched by queue name.
 * campaign-emails: one message per campaign recipient row; campaign-emails-dlq: messages that
 * exhausted their retries, whose rows are marked failed.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, _env: AppEnv, _ctx: ExecutionContext) {
  switch (batch.queue) {
    default:
      console.warn(JSON.stringify({ queue: batch.queue, warning: "no consumer for queue; messages acknowledged" }));
      batch.ackAll();
  }
}
