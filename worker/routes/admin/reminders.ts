import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listReminders, runReminders } from "../../services/reminders";

/** GET /api/admin/reminders: what is due, sent and skipped. POST /run: the daily job, now. */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listReminders(getDb(c.env))))
  .post("/run", async (c) => c.json(await runReminders(c.env, getDb(c.env))));

export default app;
