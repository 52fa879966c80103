import type { CheckoutSession, Stripe } from "./stripe";

/**
 * Closes a customer's Checkout Session before another one, or a payment taken another way, changes
 * what they owe. Expiring fails when the session is no longer open: then it is read, and a session
 * paid meanwhile is answered (the caller records it, as its webhook would). Null once it can no
 * longer be paid. Throws when Stripe cannot be reached, or the session is somehow still open.
 */
export async function closeCheckoutSession(stripe: Stripe, sessionId: string): Promise<CheckoutSession | null> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return null;
  } catch (error) {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") return session;
    if (session.status === "open") throw error;
    return null;
  }
}

/** The payment a paid Checkout Session made: refunds go back to it. */
export const paymentIntentOf = (session: CheckoutSession): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
