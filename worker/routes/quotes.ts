import { Hono } from "hono";
import { acceptSchema, cancelSchema, declineSchema } from "../../schema/api/quotes";
import { z } from "../../schema/api/z";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { clientIp } from "../lib/client-ip";
import { validate } from "../lib/validate";
import { noStore } from "../middleware/no-store";
import { limitPerAddress } from "../middleware/rate-limit";
import { acceptQuote } from "../services/quotes/accept";
import { cancelAccepted } from "../services/quotes/cancel";
import { declineQuote } from "../services/quotes/decline";
import { startDeposit } from "../services/quotes/deposits";
import { viewQuote } from "../services/quotes/public-view";

/**
 * A customer's quote, through the signed link in their e-mail (no sign-in): see it, accept one
 * option, or decline. Never cached, never indexed.
 */
const token = validate("param", z.object({ token: z.string().max(400, "This link is not valid") }));
const app = new Hono<HonoEnv>()
  .use("*", noStore({ noindex: true }))
  .get("/:token", token, async (c) => c.json(await viewQuote(c.env, getDb(c.env), c.req.valid("param").token)))
  .post("/:token/accept", token, validate("json", acceptSchema), async (c) =>
    c.json(
      await acceptQuote(c.env, getDb(c.env), c.req.valid("param").token, c.req.valid("json"), {
        ip: clientIp(c),
        userAgent: c.req.header("User-Agent")?.slice(0, 300) ?? null,
      }),
    ),
  )
  .post("/:token/decline", token, validate("json", declineSchema), async (c) =>
    c.json(await declineQuote(c.env, getDb(c.env), c.req.valid("param").token, c.req.valid("json").reason)),
  )
  // Each press asks Stripe for a Checkout Session: limited per address as the cart's are.
  .post("/:token/deposit", limitPerAddress("checkout-session"), token, async (c) =>
    c.json(await startDeposit(c.env, getDb(c.env), c.req.valid("param").token, new URL(c.req.url).origin)),
  )
  .post("/:token/cancel", token, validate("json", cancelSchema), async (c) =>
    c.json(await cancelAccepted(c.env, getDb(c.env), c.req.valid("param").token, c.req.valid("json").reason)),
  );

export default app;
