import { Hono } from "hono";
import { customerInputSchema, customerPatchSchema } from "../../../schema/api/customers";
import { adminListQuerySchema, idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { createCustomer, customerTimeline, getCustomer, listCustomers, updateCustomer } from "../../services/customers/customers";

/** Customers: find, add, change, and one person's whole history. */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", adminListQuerySchema), async (c) =>
    listAnswer(c, await listCustomers(getDb(c.env), c.req.valid("query"))),
  )
  .post("/", validate("json", customerInputSchema), async (c) =>
    c.json(await createCustomer(getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/:id", validate("param", idParamSchema), async (c) => c.json(await getCustomer(getDb(c.env), c.req.valid("param").id)))
  .patch("/:id", validate("param", idParamSchema), validate("json", customerPatchSchema), async (c) =>
    c.json(await updateCustomer(getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .get("/:id/timeline", validate("param", idParamSchema), async (c) =>
    c.json(await customerTimeline(getDb(c.env), c.req.valid("param").id)),
  );

export default app;
