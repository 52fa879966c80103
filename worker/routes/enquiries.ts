import { Hono } from "hono";
import { type EnquiryCreated, enquirySchema } from "../../schema/api/enquiries";
import { company } from "../../schema/business";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { createEnquiry } from "../services/enquiries/enquiries";
import { ownerEmail, queueInBackground, toTypedAddress } from "../services/mail";
import { enquiryAcknowledgementMail } from "../services/mail/customer-emails";
import { enquiryReceivedMail } from "../services/mail/shop-emails";

/** POST /api/quotes: a visitor's quote request. */
const app = new Hono<HonoEnv>().post("/", limitPerAddress("quote"), validate("json", enquirySchema), async (c) => {
  const enquiry = await createEnquiry(getDb(c.env), c.req.valid("json"));
  queueInBackground(
    c.executionCtx,
    c.env,
    enquiryReceivedMail(ownerEmail(c.env), enquiry),
    toTypedAddress(enquiryAcknowledgementMail(enquiry)),
  );
  const body: EnquiryCreated = {
    createdAt: enquiry.createdAt,
    message: `Quote Request Submitted Successfully! We'll contact you within ${company.enquiryResponseHours} hours during business hours.`,
  };
  return c.json(body, 201);
});

export default app;
