import { Hono } from "hono";
import { CART_SESSION_HEADER } from "../../schema/api/cart";
import {
  cancelCheckoutRequestSchema,
  checkoutSessionRequestSchema,
  stripeCheckoutSessionIdSchema,
} from "../../schema/api/payments";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { requirePaymentsConfigured, verifyStripeEvent } from "../lib/stripe";
import { validate } from "../lib/validate";
import { limitPerAddress } from "../middleware/rate-limit";
import { sendPaymentReceipt } from "../services/invoices/receipts";
import { ownerEmail, queueInBackground } from "../services/mail";
import { cardPaymentMails, lowStockMail } from "../services/mail/shop-emails";
import { cancelCheckout, createCheckout, verifyPayment } from "../services/shop/card-checkout";
import { resolveCartSession } from "../services/shop/cart";
import { handleStripeEvent } from "../services/stripe-events";

/** Card payment with Stripe Checkout, mounted under /api. */
const app = new Hono<HonoEnv>()
  .post(
    "/create-checkout-session",
    // Unconfigured deploys answer 503 before anything is counted or read.
    async (c, next) => {
      requirePaymentsConfigured(c.env);
      await next();
    },
    limitPerAddress("checkout-session"),
    validate("json", checkoutSessionRequestSchema),
    async (c) => {
      const { sessionId, amount } = c.req.valid("json");
      const { response, lowStock } = await createCheckout(c.env, getDb(c.env), {
        sessionId: resolveCartSession(c.req.header(CART_SESSION_HEADER), sessionId),
        clientAmount: amount,
        origin: new URL(c.req.url).origin,
      });
      if (lowStock.length > 0) queueInBackground(c.executionCtx, c.env, lowStockMail(ownerEmail(c.env), lowStock));
      return c.json(response, 201);
    },
  )
  .post(
    "/cancel-checkout-session",
    async (c, next) => {
      requirePaymentsConfigured(c.env);
      await next();
    },
    limitPerAddress("checkout-session"),
    validate("json", cancelCheckoutRequestSchema),
    async (c) => {
      const { orderId, sessionId } = c.req.valid("json");
      const { response, paidOrder } = await cancelCheckout(c.env, getDb(c.env), {
        orderId,
        sessionId: resolveCartSession(c.req.header(CART_SESSION_HEADER), sessionId),
      });
      if (paidOrder) queueInBackground(c.executionCtx, c.env, ...cardPaymentMails(ownerEmail(c.env), paidOrder));
      return c.json(response);
    },
  )
  .get(
    "/verify-payment/:session_id",
    limitPerAddress("verify-payment"),
    validate("param", stripeCheckoutSessionIdSchema),
    async (c) => {
      const { response, paidOrder } = await verifyPayment(c.env, getDb(c.env), c.req.valid("param").session_id);
      if (paidOrder) queueInBackground(c.executionCtx, c.env, ...cardPaymentMails(ownerEmail(c.env), paidOrder));
      c.header("Cache-Control", "no-store");
      return c.json(response);
    },
  )
  .post("/stripe/webhook", async (c) => {
    const event = await verifyStripeEvent(c.env, await c.req.text(), c.req.header("Stripe-Signature"));
    const db = getDb(c.env);
    const { paidOrder, paidInvoice, ...outcome } = await handleStripeEvent(c.env, db, event);
    if (paidOrder) queueInBackground(c.executionCtx, c.env, ...cardPaymentMails(ownerEmail(c.env), paidOrder));
    if (paidInvoice?.kept) await sendPaymentReceipt(c.env, db, paidInvoice.invoiceId, { ...paidInvoice, method: "card" });
    return c.json(outcome);
  });

export default app;
