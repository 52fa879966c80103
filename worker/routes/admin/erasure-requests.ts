import { Hono } from "hono";
import { refuseErasureSchema } from "../../../schema/api/account";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { eraseAccount, listErasureRequests, refuseErasure } from "../../services/account/erasure";
import { queueInBackground } from "../../services/mail";
import { syncContactChanges } from "../../services/xero/contact-changes";

/** Mounted at /api/admin/erasure-requests: customers' "Delete my account", settled by the owner. */
const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listErasureRequests(getDb(c.env))))
  .post("/:id/erase", validate("param", idParamSchema), async (c) => {
    const db = getDb(c.env);
    const { request, mails } = await eraseAccount(c.env, db, c.req.valid("param").id);
    queueInBackground(c.executionCtx, c.env, ...mails);
    // A customer kept for the invoices loses their e-mail: so does their Xero contact.
    c.executionCtx.waitUntil(syncContactChanges(c.env, db));
    return c.json(request);
  })
  .post("/:id/refuse", validate("param", idParamSchema), validate("json", refuseErasureSchema), async (c) => {
    const { request, mails } = await refuseErasure(getDb(c.env), c.req.valid("param").id, c.req.valid("json").outcome);
    queueInBackground(c.executionCtx, c.env, ...mails);
    return c.json(request);
  });

export default app;
