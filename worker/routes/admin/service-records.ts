import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { serviceRecordInputSchema, serviceRecordListQuerySchema, serviceRecordPatchSchema } from "../../../schema/api/records";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import {
  createServiceRecord,
  deleteServiceRecord,
  listServiceRecords,
  readRecord,
  updateServiceRecord,
} from "../../services/admin/service-records";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", serviceRecordListQuerySchema), async (c) =>
    listAnswer(c, await listServiceRecords(getDb(c.env), c.req.valid("query"))),
  )
  .post("/", validate("json", serviceRecordInputSchema), async (c) =>
    c.json(await createServiceRecord(getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/:id", validate("param", idParamSchema), async (c) => c.json(await readRecord(getDb(c.env), c.req.valid("param").id)))
  .patch("/:id", validate("param", idParamSchema), validate("json", serviceRecordPatchSchema), async (c) =>
    c.json(await updateServiceRecord(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteServiceRecord(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
