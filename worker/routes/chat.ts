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
    const input = c.req.valid("json");
    await enforceChatLimits(getDb(c.env), "message", { sessionId: input.sessionId, ip: clientIp(c) });
    return c.json(await saveChatMessage(getDb(c.env), input), 201);
  })
  .post("/ai-response", validate("json", aiResponseRequestSchema), async (c) => {
    const input = c.req.valid("json");
    await enforceChatLimits(getDb(c.env), "reply", { sessionId: input.sessionId, ip: clientIp(c) });
    return c.json(await answerChat({ db: getDb(c.env), ai: c.env.AI }, input));
  });

export default app;
