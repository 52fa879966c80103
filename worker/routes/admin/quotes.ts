import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/admin";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { deleteQuote, listQuotes, markQuoteRead, markQuoteReplied } from "../../services/admin/quotes";

const app = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listQuotes(getDb(c.env))))
  .patch("/:id/read", validate("param", idParamSchema), async (c) =>
    c.json(await markQuoteRead(getDb(c.env), c.req.valid("param").id)),
  )
  .patch("/:id/replied", validate("param", idParamSchema), async (c) =>
    c.json(await markQuoteReplied(getDb(c.env), c.req.valid("param").id)),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteQuote(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
