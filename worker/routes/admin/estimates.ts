import { Hono } from "hono";
import { billingPatchSchema } from "../../../schema/api/billing";
import { estimateCreateSchema, estimateListQuerySchema, estimatePatchSchema } from "../../../schema/api/estimates";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { readBilling, saveBilling } from "../../services/billing-settings";
import { createEstimate, getEstimate, listEstimates, sendEstimate, updateEstimate } from "../../services/estimates/estimates";

/** Mounted at /api/admin: priced quotes (the API's estimates) and the billing settings they use. */
const id = validate("param", idParamSchema);
const app = new Hono<HonoEnv>()
  .get("/estimates", validate("query", estimateListQuerySchema), async (c) =>
    listAnswer(c, await listEstimates(getDb(c.env), c.req.valid("query"))),
  )
  .post("/estimates", validate("json", estimateCreateSchema), async (c) =>
    c.json(await createEstimate(c.env, getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/estimates/:id", id, async (c) => c.json(await getEstimate(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/estimates/:id", id, validate("json", estimatePatchSchema), async (c) =>
    c.json(await updateEstimate(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/estimates/:id/send", id, async (c) => c.json(await sendEstimate(c.env, getDb(c.env), c.req.valid("param").id)))
  .get("/settings/billing", async (c) => c.json(await readBilling(getDb(c.env))))
  .patch("/settings/billing", validate("json", billingPatchSchema), async (c) =>
    c.json(await saveBilling(getDb(c.env), c.req.valid("json"))),
  );

export default app;
