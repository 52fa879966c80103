import { Hono } from "hono";
import { enquiryIdsSchema, enquiryListQuerySchema, enquiryNotesSchema } from "../../../schema/api/enquiries";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import {
  deleteEnquiry,
  listEnquiries,
  markEnquiriesReplied,
  markEnquiriesUnreplied,
  markEnquiryRead,
  markEnquiryReplied,
  setEnquiryNotes,
} from "../../services/enquiries/enquiry-admin";

const app = new Hono<HonoEnv>()
  .get("/", validate("query", enquiryListQuerySchema), async (c) =>
    listAnswer(c, await listEnquiries(getDb(c.env), c.req.valid("query"))),
  )
  // "Reply to All Pending", confirmed by the owner, and its Undo.
  .post("/replied", validate("json", enquiryIdsSchema), async (c) =>
    c.json(await markEnquiriesReplied(getDb(c.env), c.req.valid("json").ids)),
  )
  .post("/unreplied", validate("json", enquiryIdsSchema), async (c) =>
    c.json(await markEnquiriesUnreplied(getDb(c.env), c.req.valid("json").ids)),
  )
  .patch("/:id/read", validate("param", idParamSchema), async (c) =>
    c.json(await markEnquiryRead(getDb(c.env), c.req.valid("param").id)),
  )
  .patch("/:id/replied", validate("param", idParamSchema), async (c) =>
    c.json(await markEnquiryReplied(getDb(c.env), c.req.valid("param").id)),
  )
  .patch("/:id/notes", validate("param", idParamSchema), validate("json", enquiryNotesSchema), async (c) =>
    c.json(await setEnquiryNotes(getDb(c.env), c.req.valid("param").id, c.req.valid("json").notes)),
  )
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteEnquiry(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  });

export default app;
