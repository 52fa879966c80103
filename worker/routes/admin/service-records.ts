import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/admin";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { deleteServiceRecord, listServiceRecords } from "../../services/admin/service-records";

const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listServiceRecords(getDb(c.env))))
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteServiceRecord(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
