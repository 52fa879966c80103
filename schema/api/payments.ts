import { cartSessionIdSchema } from "./cart";
import { clientAmountSchema } from "./orders";
import { z } from "./z";

/** The 503 message when the deploy has no Stripe key (the cart then hides the card button). */
export const PAYMENTS_NOT_CONFIGURED = "Card payments are not configured";

/**
 * POST /api/create-checkout-session. Every field but the session is informational:
 * the line items and amounts come from the cart and D1. `amount` is the total the customer saw, in
 * pounds like the order form's `totalAmount` ("45.99" or 45.99); a disagreement is reported back.
 */
export const checkoutSessionRequestSchema = z.object({
  sessionId: cartSessionIdSchema.optional(),
  amount: clientAmountSchema.optional(),
  productName: z.string({ error: "The product name must be text" }).max(200, "The product name is too long").optional(),
  quantity: z
    .number({ error: "The quantity must be a whole number" })
    .int("The quantity must be a whole number")
    .min(0, "The quantity must be a whole number")
    .max(100_000, "The quantity is too large")
    .optional(),
});
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequestSchema>;

export type CheckoutSessionResponse = {
  checkout_url: string;
  orderId: string;
  /** What Stripe will charge, in pence (from D1). */
  amount_total: number;
  /** Set when the client's `amount` differed from the cart: it was not charged. */
  amountMismatch: { sent: string; charged: string; message: string } | null;
};

/** A Stripe Checkout Session id as Stripe issues them (cs_test_… or cs_live_…). */
export const stripeCheckoutSessionIdSchema = z.object({
  session_id: z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{10,200}$/, "That is not a valid payment session id"),
});

/** GET /api/verify-payment/{session_id}. */
export type VerifyPaymentResponse = {
  /** Stripe's value: "paid", "unpaid" or "no_payment_required". */
  payment_status: string;
  /** Minor units (pence); the page divides by 100. */
  amount_total: number | null;
  customer_email: string | null;
};

/**
 * POST /api/cancel-checkout-session: the cancelled-payment page hands back the order from its
 * `?order=` parameter, so the cart the customer left for Stripe is put back ("cart items still saved").
 */
export const cancelCheckoutRequestSchema = z.object({
  orderId: z.string({ error: "An order id is required" }).regex(/^ord_[a-z2-7]{24}$/, "That is not a valid order id"),
  sessionId: cartSessionIdSchema.optional(),
});

export type CancelCheckoutResponse = {
  /** cancelled: this call cancelled it; paid: it was paid after all (nothing restored); already_cancelled: an earlier call or Stripe's expiry did. */
  status: "cancelled" | "paid" | "already_cancelled";
  /** Cart lines put back (products no longer sold or out of stock are left out). */
  restoredLines: number;
};
