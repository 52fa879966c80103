import { Hono } from "hono";
import { adminChatsQuerySchema } from "../../../schema/api/chat";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { listConversations } from "../../services/chat/storage";

/** GET /api/admin/chats?q=&handover=&limit=&offset=: transcripts, most recently active first, hand-overs marked. */
const app = new Hono<HonoEnv>().get("/", validate("query", adminChatsQuerySchema), async (c) =>
  listAnswer(c, await listConversations(getDb(c.env), c.req.valid("query"))),
);

export default app;
