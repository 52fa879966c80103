import { Hono } from "hono";
import { z } from "../../schema/api/z";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { noStore } from "../middleware/no-store";
import { limitPerAddress } from "../middleware/rate-limit";
import { startInvoicePayment } from "../services/invoices/card-payments";
import { publicInvoice } from "../services/invoices/customer-link";

/**
 * A customer's invoice, through the signed link in their e-mail (no sign-in): see it and what is
 * left to pay, and pay it by card. Never cached, never indexed.
 */
const token = validate("param", z.object({ token: z.string().max(400, "This link is not valid") }));
const app = new Hono<HonoEnv>()
  .use("*", noStore({ noindex: true }))
  .get("/:token", token, async (c) => c.json(await publicInvoice(c.env, getDb(c.env), c.req.valid("param").token)))
  // Each press asks Stripe for a Checkout Session: limited per address as the cart's are.
  .post("/:token/pay", limitPerAddress("checkout-session"), token, async (c) =>
    c.json(await startInvoicePayment(c.env, getDb(c.env), c.req.valid("param").token, new URL(c.req.url).origin)),
  );

export default app;
