import { Hono } from "hono";
import { emailSignupSchema } from "../../schema/api/signups";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPublicWrite } from "../middleware/rate-limit";
import { signUp } from "../services/signups";

/** POST /api/email-signups: a visitor joins the deals list (consent evidence kept with the address). */
const app = new Hono<HonoEnv>().post("/", limitPublicWrite("email-signup"), validate("json", emailSignupSchema), async (c) => {
  const { email, source } = c.req.valid("json");
  const result = await signUp(getDb(c.env), email, source);
  return c.json(result, result.status === "subscribed" ? 201 : 200);
});

export default app;
