import { Hono } from "hono";
import { customerInputSchema, customerMergeSchema, customerPatchSchema } from "../../../schema/api/customers";
import { adminListQuerySchema, idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { createCustomer, customerTimeline, getCustomer, listCustomers, updateCustomer } from "../../services/customers/customers";
import { possibleDuplicates } from "../../services/customers/duplicates";
import { mergeCustomers } from "../../services/customers/merge";
import { syncContactChanges } from "../../services/xero/contact-changes";

/** Customers: find, add, change, one person's whole history, their likely duplicates, and merging two into one. */
const app = new Hono<HonoEnv>()
  .get("/", validate("query", adminListQuerySchema), async (c) =>
    listAnswer(c, await listCustomers(getDb(c.env), c.req.valid("query"))),
  )
  .post("/", validate("json", customerInputSchema), async (c) =>
    c.json(await createCustomer(getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/:id", validate("param", idParamSchema), async (c) => c.json(await getCustomer(getDb(c.env), c.req.valid("param").id)))
  // A new name or e-mail goes to the customer's Xero contact after the answer (nothing without Xero).
  .patch("/:id", validate("param", idParamSchema), validate("json", customerPatchSchema), async (c) => {
    const db = getDb(c.env);
    const customer = await updateCustomer(db, c.req.valid("param").id, c.req.valid("json"));
    c.executionCtx.waitUntil(syncContactChanges(c.env, db));
    return c.json(customer);
  })
  .get("/:id/timeline", validate("param", idParamSchema), async (c) =>
    c.json(await customerTimeline(getDb(c.env), c.req.valid("param").id)),
  )
  .get("/:id/duplicates", validate("param", idParamSchema), async (c) =>
    c.json(await possibleDuplicates(getDb(c.env), c.req.valid("param").id)),
  )
  // The customer of the path is kept; the one named in the body is merged into it and deleted.
  .post("/:id/merge", validate("param", idParamSchema), validate("json", customerMergeSchema), async (c) => {
    const db = getDb(c.env);
    const merged = await mergeCustomers(db, c.req.valid("param").id, c.req.valid("json").mergedCustomerId);
    c.executionCtx.waitUntil(syncContactChanges(c.env, db));
    return c.json(merged);
  });

export default app;
