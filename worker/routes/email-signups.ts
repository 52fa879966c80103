import { Hono } from "hono";
import { confirmSignupSchema, emailSignupSchema } from "../../schema/api/signups";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { confirmSignup, signUp } from "../services/campaigns/signups";
import { queueInBackground, toTypedAddress } from "../services/mail";

/**
 * The deals list with confirmed opt-in: a sign-up sends a confirmation e-mail; the person's click
 * on the confirm page (a POST, never the GET of the link itself, which mail scanners open) activates
 * the address.
 */
const app = new Hono<HonoEnv>()
  .post("/", limitPerAddress("email-signup"), validate("json", emailSignupSchema), async (c) => {
    const { email, source } = c.req.valid("json");
    const { result, mail } = await signUp(c.env, getDb(c.env), email, source);
    if (mail) queueInBackground(c.executionCtx, c.env, toTypedAddress(mail));
    return c.json(result, 202);
  })
  .post("/confirm", limitPerAddress("email-signup"), validate("json", confirmSignupSchema), async (c) =>
    c.json(await confirmSignup(c.env, getDb(c.env), c.req.valid("json").token)),
  );

export default app;
