import { and, eq, isNull, sql } from "drizzle-orm";
import { invoicePayments, invoices, stripeEvents } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { type CheckoutSession, requireStripe, type Stripe } from "../../lib/stripe";
import { balanceOf, invoiceByLink, invoiceEventWhen, paidSum } from "./invoices";

/**
 * Paying an invoice by card from the customer's link: a fresh Stripe Checkout Session for the
 * balance each time (sessions expire), and the payment recorded once by the webhook, whatever it
 * repeats (one payment per session, by a unique index).
 *
 * Only the latest session can be paid. The invoice keeps its id (`checkout_session_id`); starting
 * another expires it, and so does anything in the office that changes what is owed (a payment, a
 * credit note, a void): a payment page left open in an old tab asked for the old balance, and paying
 * it would take more than is owed. Money that arrives anyway (a session paid in the instant before it
 * was expired) is recorded, and its history line says how much is to be refunded.
 */
const CARD_UNAVAILABLE =
  "Card payment is unavailable right now. Please try again in a few minutes, pay by bank transfer, or call us.";

export async function startInvoicePayment(env: AppEnv, db: Db, token: string, origin: string): Promise<{ checkoutUrl: string }> {
  const { invoice, customer } = await invoiceByLink(env, db, token);
  if (invoice.status === "void") throw new ApiError("CONFLICT", "This invoice is void: there is nothing to pay.");
  if (balanceOf(invoice) <= 0) throw new ApiError("CONFLICT", "This invoice is paid in full. Thank you!");
  const stripe = requireStripe(env);
  const previous = invoice.checkoutSessionId;
  let balance = balanceOf(invoice);
  if (previous) {
    let outcome: Closed;
    try {
      outcome = await closeCheckout(stripe, db, previous);
    } catch (error) {
      console.error(JSON.stringify({ stripe: "checkout.sessions.expire", invoiceId: invoice.id, error: String(error) }));
      throw new ApiError("NOT_CONFIGURED", CARD_UNAVAILABLE);
    }
    // The earlier page was paid meanwhile: what is left is read again.
    if (outcome === "paid") balance = balanceOf((await invoiceByLink(env, db, token)).invoice);
    if (balance <= 0) throw new ApiError("CONFLICT", "This invoice is paid in full. Thank you!");
  }
  const number = numberText("invoice", invoice.number!);
  const back = `${origin}/invoice/${encodeURIComponent(token)}`;
  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "gbp",
        client_reference_id: `invoice-${invoice.id}`,
        metadata: { invoiceId: String(invoice.id) },
        customer_email: customer?.email ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "gbp", unit_amount: balance, product_data: { name: `Invoice ${number}` } },
          },
        ],
        success_url: `${back}?paid=1`,
        cancel_url: back,
      },
      { idempotencyKey: `invoice-pay:${invoice.id}:${crypto.randomUUID()}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  } catch (error) {
    console.error(JSON.stringify({ stripe: "checkout.sessions.create", invoiceId: invoice.id, error: String(error) }));
    throw new ApiError("NOT_CONFIGURED", CARD_UNAVAILABLE);
  }
  // Kept as the invoice's one open checkout, unless another start got there first (two taps, two
  // tabs): then this one is expired at once and the customer is asked to try again.
  const [kept] = await db
    .update(invoices)
    .set({ checkoutSessionId: session.id })
    .where(
      and(eq(invoices.id, invoice.id), previous ? eq(invoices.checkoutSessionId, previous) : isNull(invoices.checkoutSessionId)),
    )
    .returning({ id: invoices.id });
  if (!kept) {
    await stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw new ApiError("CONFLICT", "A card payment for this invoice was started a moment ago. Please try again.");
  }
  return { checkoutUrl: session.url };
}

type Closed = "closed" | "paid";

/**
 * Expires a checkout at Stripe. Expiring fails when the session is no longer open: then it is read,
 * and one paid meanwhile is recorded here as its webhook would record it ("paid"). Throws when
 * Stripe cannot be reached, or the session is still open.
 */
async function closeCheckout(stripe: Stripe, db: Db, sessionId: string): Promise<Closed> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return "closed";
  } catch (error) {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      await markInvoicePaid(db, session);
      return "paid";
    }
    if (session.status === "open") throw error;
    return "closed";
  }
}

/**
 * Before the office changes what an invoice's customer owes (a payment, a credit note, a void), the
 * customer's open card checkout, which asked for the old balance, is closed; the next "Pay by card"
 * asks for the new one. A checkout paid meanwhile is recorded first, so the office's change is judged
 * against the balance as it really is. Best effort: when Stripe cannot be reached the change goes
 * ahead, and a payment that still arrives is recorded with what is to be refunded.
 */
export async function closeOpenCheckout(env: AppEnv, db: Db, id: number): Promise<void> {
  const [row] = await db.select({ session: invoices.checkoutSessionId }).from(invoices).where(eq(invoices.id, id));
  if (!row?.session || !env.STRIPE_SECRET_KEY) return;
  try {
    await closeCheckout(requireStripe(env), db, row.session);
    await db
      .update(invoices)
      .set({ checkoutSessionId: null })
      .where(and(eq(invoices.id, id), eq(invoices.checkoutSessionId, row.session)));
  } catch (error) {
    console.error(JSON.stringify({ stripe: "checkout.sessions.expire", invoiceId: id, error: String(error) }));
  }
}

/** The invoice a Checkout Session paid, if it is one of ours. */
export const paidInvoiceId = (session: CheckoutSession): number | null => {
  const id = Number(session.metadata?.invoiceId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export type InvoiceCardPayment = { invoiceId: number; amountPence: number; paidOn: string };

/**
 * A paid session: one payment of its amount, recorded only on an invoice that is issued (not a
 * draft, not void), with the invoice's sums and its history line in the same batch. Null when it
 * was recorded before (a repeated webhook) or the invoice takes no payments (logged for the owner).
 */
export async function markInvoicePaid(
  db: Db,
  session: CheckoutSession,
  event?: Stripe.Event,
): Promise<InvoiceCardPayment | null> {
  const id = paidInvoiceId(session);
  if (id === null) return null;
  const amount = session.amount_total ?? 0;
  // What was owed before this payment: money beyond it was taken all the same and is recorded, with
  // what is to be refunded in its history line.
  const [before] = await db
    .select({
      gross: invoices.grossPence,
      deposit: invoices.depositPence,
      credited: invoices.creditedPence,
      paid: invoices.paidPence,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  const over = before ? amount - Math.max(0, before.gross - before.deposit - before.credited - before.paid) : 0;
  const now = new Date().toISOString();
  const paidOn = londonDateOf(now);
  const [added] = await db.batch([
    db
      .insert(invoicePayments)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: invoices.id,
            amountPence: sql<number>`${amount}`.as("amount_pence"),
            method: sql<"card">`'card'`.as("method"),
            paidOn: sql<string>`${paidOn}`.as("paid_on"),
            reference: sql<string>`${session.id}`.as("reference"),
            stripeSessionId: sql<string>`${session.id}`.as("stripe_session_id"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(invoices)
          .where(and(eq(invoices.id, id), eq(invoices.status, "issued"))),
      )
      .onConflictDoNothing()
      .returning({ id: invoicePayments.id }),
    db
      .update(invoices)
      .set({
        paidPence: paidSum,
        paidAt: sql`CASE WHEN ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${paidSum} <= 0 THEN COALESCE(${invoices.paidAt}, ${now}) ELSE NULL END`,
        // The session is paid: no longer one to expire.
        checkoutSessionId: sql`CASE WHEN ${invoices.checkoutSessionId} = ${session.id} THEN NULL ELSE ${invoices.checkoutSessionId} END`,
        updatedAt: now,
      })
      .where(eq(invoices.id, id)),
    invoiceEventWhen(
      db,
      id,
      "paid",
      now,
      over > 0
        ? `${formatPence(amount)} by card, ${formatPence(over)} more than was owed: to refund`
        : `${formatPence(amount)} by card`,
      sql`EXISTS (SELECT 1 FROM ${invoicePayments} WHERE ${invoicePayments.stripeSessionId} = ${session.id} AND ${invoicePayments.createdAt} = ${now})`,
    ),
    ...(event ? [db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()] : []),
  ]);
  if (added.length > 0 && over > 0)
    console.warn(JSON.stringify({ stripe: "invoice payment", invoiceId: id, session: session.id, overpaidPence: over }));
  if (added.length === 0) {
    console.warn(
      JSON.stringify({
        stripe: "invoice payment",
        invoiceId: id,
        session: session.id,
        note: "recorded before, or the invoice takes no payments",
      }),
    );
    return null;
  }
  return { invoiceId: id, amountPence: amount, paidOn };
}
