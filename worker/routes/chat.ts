import { Hono } from "hono";
import { aiResponseRequestSchema, chatMessageSchema } from "../../schema/api/chat";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { clientIp } from "../lib/client-ip";
import { validate } from "../lib/validate";
import { answerChat } from "../services/chat/answer";
import { enforceChatLimits } from "../services/chat/limits";
import { saveChatMessage } from "../services/chat/storage";

const app = new Hono<HonoEnv>()
  .post("/message", validate("json", chatMessageSchema), async (c) => {
    const { sessionId, message, sender } = c.req.valid("json");
    await enforceChatLimits(getDb(c.env), "message", { sessionId, ip: clientIp(c) });
    return c.json(await saveChatMessage(getDb(c.env), { sessionId, message, sender }), 201);
  })
  .post("/ai-response", validate("json", aiResponseRequestSchema), async (c) => {
    const input = c.req.valid("json");
    await enforceChatLimits(getDb(c.env), "reply", { sessionId: input.sessionId, ip: clientIp(c) });
    const db = getDb(c.env);
    const answer = await answerChat({ db, ai: c.env.AI }, input);
    // The transcript's copy of the reply is the server's own record of what it said.
    await saveChatMessage(db, { sessionId: input.sessionId, message: answer.response, sender: "ai" });
    return c.json(answer);
  });

export default app;
