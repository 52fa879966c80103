import { Hono } from "hono";
import type { SiteConfig } from "../../schema/api/config";
import type { HonoEnv } from "../env";

/** What the frontend may offer: the cart shows the card button only when payments are configured. */
const app = new Hono<HonoEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ payments: Boolean(c.env.STRIPE_SECRET_KEY) } satisfies SiteConfig);
});

export default app;
