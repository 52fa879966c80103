import { Hono } from "hono";
import { idParamSchema } from "../../../schema/api/lists";
import { quoteIdsSchema, quoteListQuerySchema, quoteNotesSchema } from "../../../schema/api/quotes";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import {
  deleteQuote,
  listQuotes,
  markQuoteRead,
  markQuoteReplied,
  markQuotesReplied,
  markQuotesUnreplied,
  setQuoteNotes,
} from "../../services/enquiries/enquiry-admin";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", quoteListQuerySchema), async (c) =>
    listAnswer(c, await listQuotes(getDb(c.env), c.req.valid("query"))),
  )
  // "Reply to All Pending", confirmed by the owner, and its Undo.
  .post("/replied", validate("json", quoteIdsSchema), async (c) =>
    c.json(await markQuotesReplied(getDb(c.env), c.req.valid("json").ids)),
  )
  .post("/unreplied", validate("json", quoteIdsSchema), async (c) =>
    c.json(await markQuotesUnreplied(getDb(c.env), c.req.valid("json").ids)),
  )
  .patch("/:id/read", validate("param", idParamSchema), async (c) =>
    c.json(await markQuoteRead(getDb(c.env), c.req.valid("param").id)),
  )
  .patch("/:id/replied", validate("param", idParamSchema), async (c) =>
    c.json(await markQuoteReplied(getDb(c.env), c.req.valid("param").id)),
  )
  .patch("/:id/notes", validate("param", idParamSchema), validate("json", quoteNotesSchema), async (c) =>
    c.json(await setQuoteNotes(getDb(c.env), c.req.valid("param").id, c.req.valid("json").notes)),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteQuote(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
