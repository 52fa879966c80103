import { Hono } from "hono";
import { businessFactsPatchSchema } from "../../../schema/api/settings";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { readFacts, saveFacts } from "../../services/business-facts";

/** GET /api/admin/settings: the company's facts; PATCH: any of their groups, live on the next page. */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await readFacts(getDb(c.env))))
  .patch("/", validate("json", businessFactsPatchSchema), async (c) =>
    c.json(await saveFacts(getDb(c.env), c.req.valid("json"))),
  );

export default app;
