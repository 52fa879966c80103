import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { invoicePayments, invoiceRefunds, invoices, stripeEvents } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { type CheckoutSession, requireStripe, type Stripe } from "../../lib/stripe";
import { closeCheckoutSession, paymentIntentOf } from "../../lib/stripe-checkout";
import { ownerEmail } from "../mail";
import { queueEmails } from "../mail/deliveries";
import { moneyGivenBackEmails } from "../mail/refund-emails";
import { syncToXero } from "../xero/enqueue";
import { invoiceByLink } from "./customer-link";
import { balanceOf, invoiceEventWhen, loadInvoice } from "./invoices";
import { sendPaymentReceipt } from "./receipts";
import { refreshSums } from "./sums";

/**
 * Paying an invoice by card from the customer's link: a fresh Stripe Checkout Session for the
 * balance each time (sessions expire), and the payment recorded once by the webhook, whatever it
 * repeats (one payment per session, by a unique index).
 *
 * Only the latest session can be paid. The invoice keeps its id (`checkout_session_id`); starting
 * another expires it, and so does anything in the office that changes what is owed (a payment, a
 * credit note, a void): a payment page left open in an old tab asked for the old balance, and paying
 * it would take more than is owed. Money that arrives anyway (a session paid in the instant before it
 * was expired, or on an invoice voided or paid meanwhile) is recorded, and what it brought beyond what
 * was owed goes back to the card at once (or at the cron's next pass when Stripe cannot be reached).
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
    let paid: CheckoutSession | null;
    try {
      paid = await closeCheckoutSession(stripe, previous);
    } catch (error) {
      console.error(JSON.stringify({ stripe: "checkout.sessions.expire", invoiceId: invoice.id, error: String(error) }));
      throw new ApiError("NOT_CONFIGURED", CARD_UNAVAILABLE);
    }
    // The earlier page was paid meanwhile: it is recorded, and what is left is read again.
    if (paid) {
      const payment = await receiveInvoicePayment(env, db, paid);
      // Its webhook, when it comes, finds it recorded and sends nothing: the receipt goes now.
      if (payment?.kept) await sendPaymentReceipt(env, db, payment.invoiceId, { ...payment, method: "card" });
      balance = balanceOf((await invoiceByLink(env, db, token)).invoice);
    }
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

/**
 * Before the office changes what an invoice's customer owes (a payment, a credit note, a void), the
 * customer's open card checkout, which asked for the old balance, is closed; the next "Pay by card"
 * asks for the new one. A checkout paid meanwhile is recorded first, so the office's change is judged
 * against the balance as it really is. Best effort: when Stripe cannot be reached the change goes
 * ahead, and a payment that still arrives is recorded and what it brought beyond the balance given back.
 */
export async function closeOpenCheckout(env: AppEnv, db: Db, id: number): Promise<void> {
  const [row] = await db.select({ session: invoices.checkoutSessionId }).from(invoices).where(eq(invoices.id, id));
  if (!row?.session || !env.STRIPE_SECRET_KEY) return;
  try {
    const paid = await closeCheckoutSession(requireStripe(env), row.session);
    if (paid) await receiveInvoicePayment(env, db, paid);
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

/** A card payment just recorded; `kept` when the invoice took some of it (nothing kept: the refund's e-mail says why, no receipt). */
export type InvoiceCardPayment = { invoiceId: number; amountPence: number; paidOn: string; kept: boolean };

/** What of a card payment the invoice cannot take, judged in the statement that records it (a single-table select of the invoice). */
const dueBack = (amount: number) =>
  sql<number>`CASE WHEN ${invoices.status} <> 'issued' THEN ${amount}
    ELSE ${amount} - MIN(${amount}, MAX(0, ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence})) END`;
const dueBackReason = (amount: number) =>
  sql<string | null>`CASE WHEN ${invoices.status} = 'void' THEN 'The invoice was void when this payment arrived'
    WHEN ${invoices.status} <> 'issued' THEN 'The invoice was not issued when this payment arrived'
    WHEN ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence} <= 0 THEN 'The invoice was already paid in full'
    WHEN ${amount} > ${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence} THEN 'More than was still owed'
    ELSE NULL END`;

/**
 * A paid session: one payment of its amount, recorded whatever the invoice's state (one per session,
 * by a unique index), with what it brought beyond what was owed (all of it on a void invoice) due
 * back, the invoice's sums and its history line in the same batch; then what is due back goes back
 * to the card. Null when it was recorded before (a repeated webhook); the receipt is the caller's.
 */
export async function receiveInvoicePayment(
  env: AppEnv,
  db: Db,
  session: CheckoutSession,
  event?: Stripe.Event,
): Promise<InvoiceCardPayment | null> {
  const id = paidInvoiceId(session);
  if (id === null) return null;
  const amount = session.amount_total ?? 0;
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
            refundDuePence: dueBack(amount).as("refund_due_pence"),
            refundReason: dueBackReason(amount).as("refund_reason"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(invoices)
          .where(eq(invoices.id, id)),
      )
      .onConflictDoNothing()
      .returning(),
    refreshSums(db, id, now),
    // The session is paid: no longer one to expire.
    db
      .update(invoices)
      .set({ checkoutSessionId: null })
      .where(and(eq(invoices.id, id), eq(invoices.checkoutSessionId, session.id))),
    invoiceEventWhen(
      db,
      id,
      "paid",
      now,
      `${formatPence(amount)} by card`,
      sql`EXISTS (SELECT 1 FROM ${invoicePayments} WHERE ${invoicePayments.stripeSessionId} = ${session.id} AND ${invoicePayments.createdAt} = ${now})`,
    ),
    ...(event ? [db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()] : []),
  ]);
  const payment = added[0];
  if (!payment) {
    console.warn(
      JSON.stringify({
        stripe: "invoice payment",
        invoiceId: id,
        session: session.id,
        note: "recorded before, or no such invoice",
      }),
    );
    return null;
  }
  // What went straight back to the card (refund_due_pence) never reaches Xero: only what was kept.
  if (payment.refundDuePence < amount) await syncToXero(env, db, [{ kind: "payment", documentId: payment.id }]);
  if (payment.refundDuePence > 0) await giveBackCardExcess(env, db, payment, paymentIntentOf(session));
  return { invoiceId: id, amountPence: amount, paidOn, kept: payment.refundDuePence < amount };
}

type Payment = typeof invoicePayments.$inferSelect;

/**
 * Gives back to the card what a payment brought beyond what was owed: through Stripe (the key names
 * the payment and what went back of it before, so a repeat is the same refund), recorded as the
 * payment's refund with the invoice's sums and history, and the customer and owner e-mailed. Never
 * more than the invoice holds beyond what it is owed (the office may have given some back already).
 * A failure is logged and left for the cron's next pass (settleCardExcess).
 */
async function giveBackCardExcess(env: AppEnv, db: Db, payment: Payment, intent?: string | null): Promise<boolean> {
  const { invoice, refunds, customer } = await loadInvoice(db, payment.invoiceId);
  const before = refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + r.amountPence, 0);
  const holds = invoice.status === "issued" ? Math.max(0, -balanceOf(invoice)) : invoice.paidPence;
  const amount = Math.min(payment.refundDuePence - before, holds);
  if (amount <= 0 || !payment.stripeSessionId) return false;
  let refundId: string;
  try {
    const stripe = requireStripe(env);
    const paymentIntent = intent ?? paymentIntentOf(await stripe.checkout.sessions.retrieve(payment.stripeSessionId));
    if (!paymentIntent) throw new Error(`the session ${payment.stripeSessionId} has no payment intent`);
    refundId = (
      await stripe.refunds.create(
        { payment_intent: paymentIntent, amount },
        { idempotencyKey: `invoice-excess:${payment.id}:${before}` },
      )
    ).id;
  } catch (error) {
    console.error(JSON.stringify({ stripe: "refunds.create", invoiceId: invoice.id, payment: payment.id, error: String(error) }));
    return false;
  }
  const now = new Date().toISOString();
  const reason = payment.refundReason ?? "More than was still owed";
  const [recorded] = await db.batch([
    db
      .insert(invoiceRefunds)
      .values({
        invoiceId: invoice.id,
        paymentId: payment.id,
        amountPence: amount,
        method: "card",
        refundedOn: londonDateOf(now),
        reference: reason.slice(0, 100),
        stripeRefundId: refundId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: invoiceRefunds.id }),
    refreshSums(db, invoice.id, now),
    invoiceEventWhen(
      db,
      invoice.id,
      "refunded",
      now,
      `${formatPence(amount)} to the card: ${reason}`,
      sql`EXISTS (SELECT 1 FROM ${invoiceRefunds} WHERE ${invoiceRefunds.stripeRefundId} = ${refundId} AND ${invoiceRefunds.createdAt} = ${now})`,
    ),
  ]);
  if (recorded.length === 0) return false;
  const number = invoice.number === null ? "your invoice" : `invoice ${numberText("invoice", invoice.number)}`;
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    moneyGivenBackEmails({
      customer: customer?.email ? { to: customer.email, name: customer.firstName } : null,
      owner: ownerEmail(env),
      customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "A customer",
      document: number,
      amountPence: amount,
      reason,
      method: "card",
      adminUrl: siteUrl(env, `/admin/invoices/${invoice.id}`),
    }),
  );
  return true;
}

/**
 * The cron's pass over card payments with money still due back (a refund Stripe could not make when
 * the payment arrived): a few at a time, each given back once whatever is repeated. Ten D1 queries
 * each, so 51 at most of the invocation's 1,000 (decision 014's budget).
 */
export async function settleCardExcess(env: AppEnv, db: Db, limit = 5): Promise<number> {
  if (!env.STRIPE_SECRET_KEY) return 0;
  const refunded = sql<number>`(SELECT COALESCE(SUM(${invoiceRefunds.amountPence}), 0) FROM ${invoiceRefunds} WHERE ${invoiceRefunds.paymentId} = ${sql.raw('"invoice_payments"."id"')})`;
  const waiting = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.method, "card"), sql`${invoicePayments.refundDuePence} > ${refunded}`))
    .orderBy(asc(invoicePayments.id))
    .limit(limit);
  let settled = 0;
  for (const payment of waiting) if (await giveBackCardExcess(env, db, payment)) settled += 1;
  return settled;
}
