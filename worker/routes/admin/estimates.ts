import { Hono } from "hono";
import { billingPatchSchema } from "../../../schema/api/billing";
import { estimateCreateSchema, estimateListQuerySchema, estimatePatchSchema } from "../../../schema/api/estimates";
import { depositRefundSchema, paymentInputSchema } from "../../../schema/api/invoices";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { refundDepositPayment } from "../../services/estimates/deposit-refunds";
import { recordDeposit } from "../../services/estimates/deposits";
import { createEstimate, updateEstimate } from "../../services/estimates/drafting";
import { getEstimate } from "../../services/estimates/estimates";
import { listEstimates } from "../../services/estimates/list";
import { sendEstimate } from "../../services/estimates/send";
import { readBilling, saveBilling } from "../../services/settings/billing-settings";

/** Mounted at /api/admin: priced quotes (the API's estimates) and the billing settings they use. */
const id = validate("param", idParamSchema);
const depositPaymentParam = idParamSchema.extend({ paymentId: idParamSchema.shape.id });
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
  .post("/estimates/:id/deposit-payments", id, validate("json", paymentInputSchema), async (c) =>
    c.json(await recordDeposit(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .post(
    "/estimates/:id/deposit-payments/:paymentId/refund",
    validate("param", depositPaymentParam),
    validate("json", depositRefundSchema),
    async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return c.json(await refundDepositPayment(c.env, getDb(c.env), id, paymentId, c.req.valid("json")));
    },
  )
  .get("/settings/billing", async (c) => c.json(await readBilling(getDb(c.env))))
  .patch("/settings/billing", validate("json", billingPatchSchema), async (c) =>
    c.json(await saveBilling(getDb(c.env), c.req.valid("json"))),
  );

export default app;
