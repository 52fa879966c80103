import app from "./app";
import type { AppEnv } from "./env";
import { runScheduled } from "./jobs/cron";
import { handleQueueBatch } from "./jobs/queue";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  scheduled: runScheduled,
} satisfies ExportedHandler<AppEnv>;
