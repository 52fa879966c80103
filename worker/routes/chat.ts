import { Hono } from "hono";
import { aiResponseRequestSchema, type ChatHandoverCreated, chatHandoverSchema, chatMessageSchema } from "../../schema/api/chat";
import { company } from "../../schema/business";
import { firstNameOf } from "../../schema/names";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { clientIp } from "../lib/client-ip";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { answerChat } from "../services/chat/answer";
import { enforceChatLimits } from "../services/chat/limits";
import { saveChatMessage } from "../services/chat/storage";
import { createCallBack } from "../services/enquiries/enquiries";
import { ownerEmail, queueInBackground } from "../services/mail";
import { enquiryAcknowledgementMail, whenWeWillCall } from "../services/mail/customer-emails";
import { enquiryReceivedMail } from "../services/mail/shop-emails";

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
  })
  /** The chat's call-back form: a "Call back" quote request the owner sees with this conversation. */
  .post("/handover", limitPerAddress("quote"), validate("json", chatHandoverSchema), async (c) => {
    const { sessionId, name, contact, message } = c.req.valid("json");
    const enquiry = await createCallBack(getDb(c.env), { sessionId, name, message, ...contact });
    queueInBackground(
      c.executionCtx,
      c.env,
      enquiryReceivedMail(ownerEmail(c.env), enquiry),
      ...(enquiry.email ? [enquiryAcknowledgementMail(enquiry)] : []),
    );
    const firstName = firstNameOf(name);
    const body: ChatHandoverCreated = {
      message: contact.phone
        ? `Thanks, ${firstName}. ${whenWeWillCall(new Date())}`
        : `Thanks, ${firstName}. We'll reply to ${contact.email} within ${company.enquiryResponseHours} hours during opening hours.`,
    };
    return c.json(body, 201);
  });

export default app;
