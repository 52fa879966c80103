import { Hono } from "hono";
import { getDb } from "../db/client";
import type { AppEnv, HonoEnv } from "../env";
import { ApiError } from "../lib/errors";
import { smsConfig } from "../services/sms/provider";
import { answerReply } from "../services/sms/replies";
import { isTwilioSigned } from "../services/sms/signature";
import { recordDeliveryStatus, recordInbound } from "../services/sms/webhooks";

/**
 * Twilio's webhooks: delivery states of the texts sent (the StatusCallback each send names) and the
 * texts customers send to our number (the number's "A message comes in" URL, set in Twilio's
 * console to /api/sms/inbound). Both are form posts signed with X-Twilio-Signature over the URL
 * as Twilio called it; anything unsigned or signed with another token is refused with 403.
 */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

async function requireTwilioParams(env: AppEnv, url: string, body: string, signature: string | undefined) {
  const config = smsConfig(env);
  if (!config) throw new ApiError("NOT_CONFIGURED", "Texts are not set up.");
  const params = new URLSearchParams(body);
  if (!(await isTwilioSigned(config.authToken, url, params, signature))) {
    throw new ApiError("FORBIDDEN", "This request is not signed by Twilio.");
  }
  return params;
}

const app = new Hono<HonoEnv>()
  .post("/status", async (c) => {
    const params = await requireTwilioParams(c.env, c.req.url, await c.req.text(), c.req.header("X-Twilio-Signature"));
    await recordDeliveryStatus(getDb(c.env), params);
    return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml" });
  })
  .post("/inbound", async (c) => {
    const params = await requireTwilioParams(c.env, c.req.url, await c.req.text(), c.req.header("X-Twilio-Signature"));
    const db = getDb(c.env);
    const reply = await recordInbound(db, params);
    // A MessageSid seen before is Twilio retrying: it was answered the first time.
    if (reply) await answerReply(c.env, db, reply);
    return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml" });
  });

export default app;
