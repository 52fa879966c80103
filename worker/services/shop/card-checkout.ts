import { and, asc, eq, exists, isNull, or, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../../schema/api/cart";
import { clientAmountToPence } from "../../../schema/api/orders";
import type { CancelCheckoutResponse, CheckoutSessionResponse, VerifyPaymentResponse } from "../../../schema/api/payments";
import { cartItems, orderLines, orders, products, stripeEvents } from "../../../schema/db";
import { formatPence, penceToDecimal } from "../../../schema/format";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { type CheckoutSession, requireStripe, Stripe } from "../../lib/stripe";
import { readCart } from "./cart";
import { forgetCatalogue } from "./catalogue-cache";
import { clearOrderedLines, type LowStockProduct, newOrderId, type OrderWithLines, priceCart, recordOrder } from "./orders";
import { isAvailable } from "./products";
import { holdBecomesSale, releaseStock } from "./stock";

/** Stripe's shortest Checkout Session life is 30 minutes. */
const STRIPE_SESSION_MINUTES = 31;

const stripeUnavailable = () =>
  new ApiError(
    "NOT_CONFIGURED",
    "Card payment is unavailable right now. Please try again in a few minutes, or place your order with the checkout form.",
  );

/**
 * POST /api/create-checkout-session. The order is recorded first (pending payment, line snapshots
 * from D1), then Stripe is asked for a Checkout Session whose line items are exactly those snapshots,
 * in pence. The client's amount is never charged: a disagreement is only reported back. The stock
 * is held for the order while the payment is open: Stripe's session expires after 31 minutes and the
 * hold a few minutes later (the cron gives it back if no webhook said so). The cart is emptied only
 * once the session exists; if Stripe refuses, the order is cancelled, its stock given back and the
 * cart kept.
 */
export async function createCheckout(
  env: AppEnv,
  db: Db,
  input: { sessionId: string; clientAmount: string | number | undefined; origin: string },
  now = Date.now(),
): Promise<{ response: CheckoutSessionResponse; lowStock: LowStockProduct[] }> {
  const stripe = requireStripe(env);
  const priced = priceCart(await readCart(db, input.sessionId));
  const sessionExpiresAt = Math.floor(now / 1000) + STRIPE_SESSION_MINUTES * 60;
  const { order, lowStock } = await recordOrder(db, {
    id: newOrderId(),
    sessionId: input.sessionId,
    customer: null,
    paymentMethod: "card",
    paymentStatus: "pending_payment",
    priced,
    stock: { state: "held", reason: "hold", until: new Date(now + settings.catalogue.cardHoldMinutes * 60_000).toISOString() },
    clearCart: false,
  });

  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "gbp",
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        line_items: order.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: "gbp",
            unit_amount: line.unitPricePence,
            product_data: { name: line.name, description: line.brand },
          },
        })),
        shipping_address_collection: { allowed_countries: ["GB"] },
        phone_number_collection: { enabled: true },
        expires_at: sessionExpiresAt,
        success_url: `${input.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        // The order id comes back to the cancelled page, which asks for the cart to be put back.
        cancel_url: `${input.origin}/payment-cancelled?order=${order.id}`,
      },
      // One key per order: the SDK's own retries can never create a second session for it.
      { idempotencyKey: `checkout-session:${order.id}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  } catch (error) {
    console.error(JSON.stringify({ stripe: "checkout.sessions.create", orderId: order.id, error: String(error) }));
    await db.batch([
      ...releaseStock(db, order.id, "release"),
      db
        .update(orders)
        .set({ paymentStatus: "cancelled", fulfilmentStatus: "cancelled", updatedAt: new Date().toISOString() })
        .where(eq(orders.id, order.id)),
    ]);
    await forgetCatalogue();
    throw stripeUnavailable();
  }

  await db.batch([
    db.update(orders).set({ stripeSessionId: session.id, updatedAt: new Date().toISOString() }).where(eq(orders.id, order.id)),
    clearOrderedLines(db, order.id, input.sessionId),
  ]);

  const sent = input.clientAmount === undefined ? null : clientAmountToPence(input.clientAmount);
  const charged = penceToDecimal(order.totalPence);
  const response: CheckoutSessionResponse = {
    checkout_url: session.url,
    orderId: order.id,
    amount_total: order.totalPence,
    amountMismatch:
      input.clientAmount === undefined || sent === order.totalPence
        ? null
        : {
            sent: String(input.clientAmount),
            charged,
            message: `Your cart total is ${formatPence(order.totalPence)}; that is the amount you will be asked to pay.`,
          },
  };
  return { response, lowStock };
}

const addressText = (a: Stripe.Address | null | undefined) =>
  a ? [a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(", ") || null : null;

/**
 * pending_payment → paid, once: the conditional UPDATE lets exactly one caller (webhook or the
 * success page's verification, whichever comes first) win, and only the winner gets the order back
 * to send the receipt. The customer details Stripe collected fill the order. A webhook `event` is
 * recorded in the same transaction.
 */
export async function markOrderPaid(db: Db, session: CheckoutSession, event?: Stripe.Event): Promise<OrderWithLines | null> {
  const orderId = session.client_reference_id;
  if (!orderId) return null;
  const details = session.customer_details;
  const shipping = session.collected_information?.shipping_details;
  const now = new Date().toISOString();
  const [updated, lines] = await db.batch([
    db
      .update(orders)
      .set({
        paymentStatus: "paid",
        paidAt: now,
        updatedAt: now,
        stripeSessionId: session.id,
        customerName: sql`COALESCE(${orders.customerName}, ${shipping?.name ?? details?.name ?? null})`,
        customerEmail: sql`COALESCE(${orders.customerEmail}, ${details?.email ?? session.customer_email ?? null})`,
        customerPhone: sql`COALESCE(${orders.customerPhone}, ${details?.phone ?? null})`,
        shippingAddress: sql`COALESCE(${orders.shippingAddress}, ${addressText(shipping?.address ?? details?.address)})`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentMethod, "card"),
          eq(orders.paymentStatus, "pending_payment"),
          or(isNull(orders.stripeSessionId), eq(orders.stripeSessionId, session.id)),
        ),
      )
      .returning(),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    ...holdBecomesSale(db, orderId),
    ...(event ? [recordEvent(db, event)] : []),
  ]);
  const order = updated[0];
  if (order?.stockState === "released") {
    // Paid after its hold had ended (Stripe's session outlived the hold): the owner must check stock.
    console.warn(JSON.stringify({ order: order.id, warning: "paid after its stock hold was released" }));
  }
  return order ? { ...order, lines } : null;
}

/** pending_payment → cancelled when Stripe expires the session (nothing was charged); the held stock goes back. */
export async function cancelExpiredOrder(db: Db, session: CheckoutSession, event: Stripe.Event) {
  const orderId = session.client_reference_id;
  if (!orderId) return;
  await db.batch([
    db
      .update(orders)
      .set({ paymentStatus: "cancelled", fulfilmentStatus: "cancelled", updatedAt: new Date().toISOString() })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentStatus, "pending_payment"),
          or(isNull(orders.stripeSessionId), eq(orders.stripeSessionId, session.id)),
        ),
      ),
    ...releaseStock(db, orderId, "release", eq(orders.paymentStatus, "cancelled")),
    recordEvent(db, event),
  ]);
  await forgetCatalogue();
}

/** The webhook event, marked handled in the batch that acts on it (stripe-events.ts reads the mark first). */
export const recordEvent = (db: Db, event: Stripe.Event) =>
  db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();

const isStripeNotFound = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/**
 * GET /api/verify-payment/{id}: only sessions of this shop's orders are looked up (an unknown id is
 * a 404 without asking Stripe). Marks the order paid when Stripe says so.
 */
export async function verifyPayment(
  env: AppEnv,
  db: Db,
  sessionId: string,
): Promise<{ response: VerifyPaymentResponse; paidOrder: OrderWithLines | null }> {
  const stripe = requireStripe(env);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.stripeSessionId, sessionId));
  const notFound = new ApiError("NOT_FOUND", "Payment session not found");
  if (!order) throw notFound;
  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isStripeNotFound(error)) throw notFound;
    console.error(JSON.stringify({ stripe: "checkout.sessions.retrieve", sessionId, error: String(error) }));
    throw new ApiError("NOT_CONFIGURED", "We couldn't check your payment right now. Please refresh this page in a moment.");
  }
  if (session.client_reference_id !== order.id) throw notFound;
  const paidOrder = session.payment_status === "paid" ? await markOrderPaid(db, session) : null;
  return {
    response: {
      payment_status: session.payment_status,
      amount_total: session.amount_total,
      customer_email: session.customer_details?.email ?? session.customer_email ?? null,
    },
    paidOrder,
  };
}

/**
 * POST /api/cancel-checkout-session. The customer came back from Stripe without paying: the
 * Stripe session is expired first, so it can no longer be paid, then in one transaction the held
 * stock is given back, the order's lines go back into the cart (merged, capped at 99, only products
 * available) and the order becomes cancelled. Every statement is conditional on the order still
 * awaiting payment, so a repeat call, or a race with the webhook, restores nothing twice. Only the cart session that
 * placed the order may cancel it (another session gets 404).
 */
export async function cancelCheckout(
  env: AppEnv,
  db: Db,
  input: { orderId: string; sessionId: string },
): Promise<{ response: CancelCheckoutResponse; paidOrder: OrderWithLines | null }> {
  const [order] = await db
    .select({ paymentStatus: orders.paymentStatus, stripeSessionId: orders.stripeSessionId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.sessionId, input.sessionId), eq(orders.paymentMethod, "card")));
  if (!order) throw new ApiError("NOT_FOUND", "Order not found");
  if (order.paymentStatus === "paid") return { response: { status: "paid", restoredLines: 0 }, paidOrder: null };
  if (order.paymentStatus !== "pending_payment") {
    return { response: { status: "already_cancelled", restoredLines: 0 }, paidOrder: null };
  }

  if (order.stripeSessionId) {
    const stripe = requireStripe(env);
    try {
      await stripe.checkout.sessions.expire(order.stripeSessionId);
    } catch (error) {
      // Expiring fails when the session is no longer open: it may have been paid meanwhile.
      let session: CheckoutSession;
      try {
        session = await stripe.checkout.sessions.retrieve(order.stripeSessionId);
      } catch {
        console.error(JSON.stringify({ stripe: "checkout.sessions.expire", orderId: input.orderId, error: String(error) }));
        throw stripeUnavailable();
      }
      if (session.payment_status === "paid") {
        return { response: { status: "paid", restoredLines: 0 }, paidOrder: await markOrderPaid(db, session) };
      }
      if (session.status === "open") throw stripeUnavailable();
    }
  }

  const now = new Date().toISOString();
  const awaitingPayment = and(eq(orders.id, input.orderId), eq(orders.paymentStatus, "pending_payment"));
  const [, , , restored, cancelled] = await db.batch([
    // The held stock goes back first, so the cart below is restored with what is now available.
    ...releaseStock(db, input.orderId, "release", eq(orders.paymentStatus, "pending_payment")),
    insertWhen(
      db,
      cartItems,
      {
        sessionId: input.sessionId,
        productId: orderLines.productId,
        quantity: sql`MIN(${orderLines.quantity}, ${MAX_LINE_QUANTITY})`,
        createdAt: now,
        updatedAt: now,
      },
      {
        from: orderLines,
        innerJoin: [products, eq(products.id, orderLines.productId)],
        where: and(
          eq(orderLines.orderId, input.orderId),
          isAvailable,
          exists(db.select({ one: sql`1` }).from(orders).where(awaitingPayment)),
        ),
      },
    )
      .onConflictDoUpdate({
        target: [cartItems.sessionId, cartItems.productId],
        set: {
          quantity: sql`MIN(${MAX_LINE_QUANTITY}, ${cartItems.quantity} + excluded.quantity)`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: cartItems.id }),
    db
      .update(orders)
      .set({ paymentStatus: "cancelled", fulfilmentStatus: "cancelled", updatedAt: now })
      .where(awaitingPayment)
      .returning({ id: orders.id }),
  ]);
  if (cancelled.length === 0) return { response: { status: "already_cancelled", restoredLines: 0 }, paidOrder: null };
  await forgetCatalogue();
  return { response: { status: "cancelled", restoredLines: restored.length }, paidOrder: null };
}
