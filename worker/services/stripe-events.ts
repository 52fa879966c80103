import { eq } from "drizzle-orm";
import { stripeEvents } from "../../schema/db";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import type { Stripe } from "../lib/stripe";
import { type InvoiceCardPayment, paidInvoiceId, receiveInvoicePayment } from "./invoices/card-payments";
import { depositQuoteId, receiveDeposit } from "./quotes/deposits";
import { cancelExpiredOrder, markOrderPaid, recordEvent } from "./shop/card-checkout";
import type { OrderWithLines } from "./shop/orders";

/**
 * Stripe's webhook, shared out: a Checkout Session paid (or expired) for an invoice, a quote's
 * deposit or a shop order goes to the room that owns it. Above the three, as the document registry is.
 */
export type WebhookOutcome = {
  received: true;
  duplicate?: true;
  ignored?: true;
  paidOrder: OrderWithLines | null;
  /** An invoice paid by card, for its receipt (sent by the route, which has the mail queue). */
  paidInvoice?: InvoiceCardPayment | null;
};

/**
 * A verified webhook event. Handling is idempotent twice over: a replayed event id is answered
 * without doing anything, and the state changes themselves only apply from pending_payment.
 */
export async function handleStripeEvent(env: AppEnv, db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { received: true, duplicate: true, paidOrder: null };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") {
        // Delayed methods complete unpaid; async_payment_succeeded follows when the money arrives.
        await recordEvent(db, event);
        return { received: true, paidOrder: null };
      }
      // An invoice, a priced quote's deposit, else a store order. The first two are recorded whatever
      // their document's state, and what it cannot take is given back to the card.
      if (paidInvoiceId(session) !== null) {
        return { received: true, paidOrder: null, paidInvoice: await receiveInvoicePayment(env, db, session, event) };
      }
      if (depositQuoteId(session) !== null) {
        await receiveDeposit(env, db, session, event);
        return { received: true, paidOrder: null };
      }
      return { received: true, paidOrder: await markOrderPaid(db, session, event) };
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      // An unpaid deposit session leaves the quote as it was: the customer can pay another time.
      if (depositQuoteId(event.data.object) !== null || paidInvoiceId(event.data.object) !== null) await recordEvent(db, event);
      else await cancelExpiredOrder(db, event.data.object, event);
      return { received: true, paidOrder: null };
    default:
      return { received: true, ignored: true, paidOrder: null };
  }
}
