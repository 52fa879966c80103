import { Hono } from "hono";
import type { SiteConfig } from "../../schema/api/config";
import type { HonoEnv } from "../env";
import { smsConfig } from "../services/sms/provider";

/**
 * What the frontend may offer: the cart shows the card button only when payments are configured,
 * the engineer's day its "On my way" only when texts are.
 */
const app = new Hono<HonoEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ payments: Boolean(c.env.STRIPE_SECRET_KEY), texts: smsConfig(c.env) !== null } satisfies SiteConfig);
});

export default app;
