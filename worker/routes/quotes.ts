import { Hono } from "hono";
import { type QuoteCreated, quoteRequestSchema } from "../../schema/api/quotes";
import { company } from "../../schema/business";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { createQuote } from "../services/enquiries/enquiries";
import { ownerEmail, queueInBackground, toTypedAddress } from "../services/mail";
import { quoteAcknowledgementMail } from "../services/mail/customer-emails";
import { quoteReceivedMail } from "../services/mail/shop-emails";

/** POST /api/quotes: a visitor's quote request. */
const app = new Hono<HonoEnv>().post("/", limitPerAddress("quote"), validate("json", quoteRequestSchema), async (c) => {
  const quote = await createQuote(getDb(c.env), c.req.valid("json"));
  queueInBackground(
    c.executionCtx,
    c.env,
    quoteReceivedMail(ownerEmail(c.env), quote),
    toTypedAddress(quoteAcknowledgementMail(quote)),
  );
  const body: QuoteCreated = {
    createdAt: quote.createdAt,
    message: `Quote Request Submitted Successfully! We'll contact you within ${company.quoteResponseHours} hours during business hours.`,
  };
  return c.json(body, 201);
});

export default app;
