import { Hono } from "hono";
import { auditQuerySchema, auditRecordParamSchema } from "../../../schema/api/audit";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { auditPeople, recordHistory, searchAudit } from "../../services/audit/search";

/** Mounted at /api/admin/audit: who did what, searched (the owner's screen), and one record's history. */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", auditQuerySchema), async (c) =>
    listAnswer(c, await searchAudit(getDb(c.env), c.req.valid("query"))),
  )
  .get("/people", async (c) => c.json(await auditPeople(getDb(c.env))))
  .get("/:kind/:id", validate("param", auditRecordParamSchema), async (c) => {
    const { kind, id } = c.req.valid("param");
    return c.json(await recordHistory(getDb(c.env), kind, id));
  });

export default app;
