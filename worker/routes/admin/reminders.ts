import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listReminders, runReminders } from "../../services/reminders/reminders";

/** GET /api/admin/reminders: what is due, sent and skipped. POST /run: the daily job, now. */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listReminders(getDb(c.env))))
  .post("/run", async (c) => {
    const result = await runReminders(c.env, getDb(c.env));
    // 202: accepted, with the rest left to the next runs (the cron's, or another press).
    return c.json(result, result.remaining > 0 ? 202 : 200);
  });

export default app;
