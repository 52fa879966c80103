import { Hono } from "hono";
import * as z from "zod";
import { adminOrdersQuerySchema, fulfilmentUpdateSchema } from "../../../schema/api/admin";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { listOrders, updateFulfilment } from "../../services/admin/orders";

const orderIdParam = z.object({ id: z.string().min(1).max(100) });

const app = new Hono<HonoEnv>()
  .get("/", validate("query", adminOrdersQuerySchema), async (c) => c.json(await listOrders(getDb(c.env), c.req.valid("query"))))
  .patch("/:id", validate("param", orderIdParam), validate("json", fulfilmentUpdateSchema), async (c) =>
    c.json(await updateFulfilment(getDb(c.env), c.req.valid("param").id, c.req.valid("json").fulfilmentStatus)),
  );

export default app;
