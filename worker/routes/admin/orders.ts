import { Hono } from "hono";
import {
  fulfilmentUpdateSchema,
  markOrderPaidSchema,
  orderIdParamSchema,
  orderListQuerySchema,
} from "../../../schema/api/orders";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { queueInBackground } from "../../services/mail";
import { fulfilmentMail } from "../../services/mail/customer-emails";
import { listOrders, markOrderPaid, updateFulfilment } from "../../services/shop/order-admin";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", orderListQuerySchema), async (c) =>
    listAnswer(c, await listOrders(getDb(c.env), c.req.valid("query"))),
  )
  .patch("/:id", validate("param", orderIdParamSchema), validate("json", fulfilmentUpdateSchema), async (c) => {
    const { order, moved } = await updateFulfilment(getDb(c.env), c.req.valid("param").id, c.req.valid("json"));
    // The customer hears of each step: confirmed, dispatched (with tracking), cancelled.
    const mail = fulfilmentMail(moved);
    if (mail) queueInBackground(c.executionCtx, c.env, mail);
    return c.json(order);
  })
  .post("/:id/paid", validate("param", orderIdParamSchema), validate("json", markOrderPaidSchema), async (c) =>
    c.json(await markOrderPaid(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  );

export default app;
