import { Hono } from "hono";
import { outboxQuerySchema } from "../../../schema/api/campaigns";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { siteUrl } from "../../lib/site-url";
import { validate } from "../../lib/validate";
import { listOutbox } from "../../services/mail/outbox";
import { renderTemplateGallery } from "../../services/mail/template-gallery";

/**
 * GET /: what the product "sent" locally (no mail provider configured), newest first.
 * GET /templates: every mail template rendered with sample details, to preview without driving each flow.
 */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", outboxQuerySchema), async (c) =>
    listAnswer(c, await listOutbox(getDb(c.env), c.req.valid("query"))),
  )
  .get("/templates", async (c) => {
    return c.json(await renderTemplateGallery(siteUrl(c.env)));
  });

export default app;
