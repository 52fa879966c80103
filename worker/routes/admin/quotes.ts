import { Hono } from "hono";
import { billingPatchSchema } from "../../../schema/api/billing";
import { depositRefundSchema, paymentInputSchema } from "../../../schema/api/invoices";
import { idParamSchema } from "../../../schema/api/lists";
import { quoteCreateSchema, quoteListQuerySchema, quotePatchSchema } from "../../../schema/api/quotes";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { refundDepositPayment } from "../../services/quotes/deposit-refunds";
import { recordDeposit } from "../../services/quotes/deposits";
import { createQuote, updateQuote } from "../../services/quotes/drafting";
import { listQuotes } from "../../services/quotes/list";
import { getQuote } from "../../services/quotes/quotes";
import { sendQuote } from "../../services/quotes/send";
import { readBilling, saveBilling } from "../../services/settings/billing-settings";

/** Mounted at /api/admin: priced quotes (the API's estimates) and the billing settings they use. */
const id = validate("param", idParamSchema);
const depositPaymentParam = idParamSchema.extend({ paymentId: idParamSchema.shape.id });
const app = new Hono<HonoEnv>()
  .get("/estimates", validate("query", quoteListQuerySchema), async (c) =>
    listAnswer(c, await listQuotes(getDb(c.env), c.req.valid("query"))),
  )
  .post("/estimates", validate("json", quoteCreateSchema), async (c) =>
    c.json(await createQuote(c.env, getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/estimates/:id", id, async (c) => c.json(await getQuote(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/estimates/:id", id, validate("json", quotePatchSchema), async (c) =>
    c.json(await updateQuote(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post("/estimates/:id/send", id, async (c) => c.json(await sendQuote(c.env, getDb(c.env), c.req.valid("param").id)))
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
