import { Hono } from "hono";
import { outboxQuerySchema } from "../../../schema/api/campaigns";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { listOutbox } from "../../services/mail/outbox";

/** What the product "sent" locally (no mail provider configured), newest first. */
const app = new Hono<HonoEnv>().get("/", validate("query", outboxQuerySchema), async (c) =>
  c.json(await listOutbox(getDb(c.env), c.req.valid("query"))),
);

export default app;
