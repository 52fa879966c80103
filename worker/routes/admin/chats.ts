import { Hono } from "hono";
import { adminChatsQuerySchema } from "../../../schema/api/chat";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { validate } from "../../lib/validate";
import { listRecentConversations } from "../../services/chat/storage";

/** GET /api/admin/chats?limit=N: the owner reads recent transcripts, newest conversation first. */
const app = new Hono<HonoEnv>().get("/", validate("query", adminChatsQuerySchema), async (c) => {
  const { limit } = c.req.valid("query");
  return c.json(await listRecentConversations(getDb(c.env), limit));
});

export default app;
