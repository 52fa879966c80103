import { and, eq, sql } from "drizzle-orm";
import type { PaymentInput } from "../../../schema/api/invoices";
import type { AdminQuote } from "../../../schema/api/quotes";
import { quoteAcceptances, quotePayments, quotes, stripeEvents } from "../../../schema/db/index";
import { formatPence } from "../../../schema/format";
import { londonDateOf, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { type CheckoutSession, requireStripe, type Stripe } from "../../lib/stripe";
import { closeCheckoutSession, paymentIntentOf } from "../../lib/stripe-checkout";
import { refreshDepositOf } from "../invoices/sums";
import { syncDeposits } from "../xero/deposits";
import { byLink, type LinkTarget } from "./customer-link";
import { depositCapSql, refundReasonSql } from "./deposit-ledger";
import { giveBackDeposit } from "./deposit-refunds";
import { eventWhen, getQuote } from "./quotes";

/**
 * An accepted quote's deposit: paid by card through the customer's one open Stripe Checkout
 * Session, or recorded by the office (bank transfer, cash, cheque). Every payment that arrives is
 * recorded, whatever the quote's state then (deposit-ledger.ts judges it in the statement that
 * adds it); what the quote cannot take goes back (deposit-refunds.ts).
 */
const DEPOSIT_UNAVAILABLE =
  "Card payment is unavailable right now. Please try again in a few minutes, or call us to pay the deposit.";

export function acceptedThrough(target: LinkTarget) {
  const { acceptance, quote } = target;
  if (!acceptance || acceptance.version !== target.linkVersion)
    throw new ApiError("CONFLICT", "This quote has not been accepted.");
  if (quote.status === "cancelled") throw new ApiError("CONFLICT", "This quote was cancelled.");
  return acceptance;
}

/** Why nothing more can be paid towards the deposit, for a quote that can take nothing now. */
function nothingToPay(target: LinkTarget): string {
  const held = target.payments.reduce((sum, p) => sum + p.amountPence - p.refundDuePence, 0);
  return held >= (target.acceptance?.depositPence ?? 0)
    ? "The deposit is paid already. Thank you!"
    : "This job has been invoiced: please pay the invoice from its e-mail instead.";
}

/**
 * A Checkout Session for what is left of the deposit; the customer comes back to their quote's
 * page. The session opened before is expired first (one payable page a quote), and one paid
 * meanwhile is recorded, so two taps or two tabs never take the deposit twice.
 */
export async function startDeposit(env: AppEnv, db: Db, token: string, origin: string): Promise<{ checkoutUrl: string }> {
  let target = await byLink(env, db, token);
  const acceptance = acceptedThrough(target);
  if (acceptance.depositPence <= 0) throw new ApiError("CONFLICT", "This quote has no deposit to pay.");
  if (target.depositCap <= 0) throw new ApiError("CONFLICT", nothingToPay(target));
  const stripe = requireStripe(env);
  const id = target.quote.id;
  const previous = acceptance.depositSessionId;
  if (previous) {
    let paid: CheckoutSession | null;
    try {
      paid = await closeCheckoutSession(stripe, previous);
    } catch (error) {
      console.error(JSON.stringify({ stripe: "checkout.sessions.expire", quoteId: id, error: String(error) }));
      throw new ApiError("NOT_CONFIGURED", DEPOSIT_UNAVAILABLE);
    }
    if (paid) {
      await receiveDeposit(env, db, paid);
      target = await byLink(env, db, token);
      if (target.depositCap <= 0) throw new ApiError("CONFLICT", nothingToPay(target));
    }
  }
  const amount = target.depositCap;
  const number = numberText("estimate", target.quote.number!);
  const back = `${origin}/quote/${encodeURIComponent(token)}`;
  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "gbp",
        client_reference_id: `estimate-${id}`,
        metadata: { estimateId: String(id) }, // the name Stripe holds for sessions already made
        customer_email: target.customer.email ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: amount,
              product_data: { name: `Deposit for quote ${number}`, description: target.quote.title },
            },
          },
        ],
        success_url: `${back}?deposit=paid`,
        cancel_url: back,
      },
      // A fresh session each time the customer asks; the SDK's own retries reuse this key.
      { idempotencyKey: `estimate-deposit:${id}:${crypto.randomUUID()}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  } catch (error) {
    console.error(JSON.stringify({ stripe: "checkout.sessions.create", quoteId: id, error: String(error) }));
    throw new ApiError("NOT_CONFIGURED", DEPOSIT_UNAVAILABLE);
  }
  // Kept as the quote's one open checkout, unless another start got there first (two taps at once):
  // then this one is expired at once and the customer is asked to try again.
  const [kept] = await db
    .update(quoteAcceptances)
    .set({ depositSessionId: session.id })
    .where(and(eq(quoteAcceptances.quoteId, id), sql`${quoteAcceptances.depositSessionId} IS ${previous}`))
    .returning({ id: quoteAcceptances.id });
  if (!kept) {
    await stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw new ApiError("CONFLICT", "A card payment for this deposit was started a moment ago. Please try again.");
  }
  return { checkoutUrl: session.url };
}

/** The quote a Checkout Session paid a deposit for, if it is one of ours. */
export const depositQuoteId = (session: CheckoutSession): number | null => {
  const id = Number(session.metadata?.estimateId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * A deposit payment row for the quote, with what the quote cannot take due back and why, judged by
 * the statement that adds it; the office's own payments are only added when the quote can take them.
 */
function addPayment(
  db: Db,
  id: number,
  payment: {
    amount: number;
    method: PaymentInput["method"];
    paidOn: string;
    reference: string | null;
    sessionId: string | null;
    intent: string | null;
  },
  now: string,
  { onlyWhatItCanTake = false } = {},
) {
  const cap = depositCapSql(id);
  return db
    .insert(quotePayments)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          quoteId: quotes.id,
          amountPence: sql<number>`${payment.amount}`.as("amount_pence"),
          method: sql<string>`${payment.method}`.as("method"),
          paidOn: sql<string>`${payment.paidOn}`.as("paid_on"),
          reference: sql<string | null>`${payment.reference}`.as("reference"),
          stripeSessionId: sql<string | null>`${payment.sessionId}`.as("stripe_session_id"),
          stripePaymentIntent: sql<string | null>`${payment.intent}`.as("stripe_payment_intent"),
          refundDuePence: sql<number>`${payment.amount} - MIN(${payment.amount}, ${cap})`.as("refund_due_pence"),
          refundReason: sql<string | null>`CASE WHEN ${payment.amount} > ${cap} THEN ${refundReasonSql(id)} END`.as(
            "refund_reason",
          ),
          refundedPence: sql<number>`0`.as("refunded_pence"),
          refundedAt: sql<null>`NULL`.as("refunded_at"),
          refundMethod: sql<null>`NULL`.as("refund_method"),
          refundReference: sql<null>`NULL`.as("refund_reference"),
          createdAt: sql<string>`${now}`.as("created_at"),
        })
        .from(quotes)
        .where(and(eq(quotes.id, id), onlyWhatItCanTake ? sql`${payment.amount} <= ${cap}` : undefined)),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * A paid deposit session, from the webhook (or found paid when its page was closed): recorded once
 * (one row a session), whatever the quote's state, with the invoice's sums, its history line and the
 * webhook event in the same batch; then what the quote could not take goes back to the card.
 */
export async function receiveDeposit(env: AppEnv, db: Db, session: CheckoutSession, stripeEvent?: Stripe.Event): Promise<void> {
  const id = depositQuoteId(session);
  if (id === null) return;
  const amount = session.amount_total ?? 0;
  const now = new Date().toISOString();
  const [added] = await db.batch([
    addPayment(
      db,
      id,
      {
        amount,
        method: "card",
        paidOn: londonDateOf(now),
        reference: session.id,
        sessionId: session.id,
        intent: paymentIntentOf(session),
      },
      now,
    ),
    refreshDepositOf(db, id, now),
    eventWhen(
      db,
      id,
      "paid",
      now,
      `deposit ${formatPence(amount)} by card`,
      sql`EXISTS (SELECT 1 FROM ${quotePayments} WHERE ${quotePayments.stripeSessionId} = ${session.id} AND ${quotePayments.createdAt} = ${now})`,
    ),
    // Paid: no longer a page to expire.
    db
      .update(quoteAcceptances)
      .set({ depositSessionId: null })
      .where(and(eq(quoteAcceptances.quoteId, id), eq(quoteAcceptances.depositSessionId, session.id))),
    ...(stripeEvent
      ? [db.insert(stripeEvents).values({ id: stripeEvent.id, type: stripeEvent.type }).onConflictDoNothing()]
      : []),
  ]);
  const payment = added[0];
  // A deposit paid after the job's invoice was issued goes to Xero as a payment on it now.
  if (payment && payment.amountPence > payment.refundDuePence) await syncDeposits(env, db, id);
  if (!payment) {
    console.warn(
      JSON.stringify({ stripe: "deposit", quoteId: id, session: session.id, note: "recorded before, or no such quote" }),
    );
    return;
  }
  if (payment.refundDuePence > 0) await giveBackDeposit(env, db, payment);
}

/**
 * Closes the customer's open deposit checkout before the deposit is taken another way or the quote
 * is cancelled; one paid meanwhile is recorded first. Best effort: when Stripe cannot be reached the
 * change goes ahead, and a payment that still arrives is recorded and given back.
 */
export async function closeDepositCheckout(env: AppEnv, db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ session: quoteAcceptances.depositSessionId })
    .from(quoteAcceptances)
    .where(eq(quoteAcceptances.quoteId, id));
  if (!row?.session || !env.STRIPE_SECRET_KEY) return;
  try {
    const paid = await closeCheckoutSession(requireStripe(env), row.session);
    if (paid) await receiveDeposit(env, db, paid);
    await db
      .update(quoteAcceptances)
      .set({ depositSessionId: null })
      .where(and(eq(quoteAcceptances.quoteId, id), eq(quoteAcceptances.depositSessionId, row.session)));
  } catch (error) {
    console.error(JSON.stringify({ stripe: "checkout.sessions.expire", quoteId: id, error: String(error) }));
  }
}

/**
 * A deposit the office took (bank transfer, cash, cheque, a card by phone): only on an accepted
 * quote and never more than the quote can take, checked in the statement that adds it. The
 * customer's open card checkout is closed first.
 */
export async function recordDeposit(env: AppEnv, db: Db, id: number, input: PaymentInput): Promise<AdminQuote> {
  if (input.paidOn > londonToday()) {
    const message = "A payment cannot be dated in the future";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "paidOn", message }] });
  }
  const before = await getQuote(env, db, id);
  if (before.status !== "accepted" || !before.acceptance) {
    throw new ApiError(
      "CONFLICT",
      before.status === "cancelled" ? "This quote was cancelled." : "Only an accepted quote takes a deposit.",
    );
  }
  if (before.acceptance.depositPence <= 0) throw new ApiError("CONFLICT", "This quote has no deposit to pay.");
  await closeDepositCheckout(env, db, id);
  const now = new Date().toISOString();
  const payment = {
    amount: input.amountPence,
    method: input.method,
    paidOn: input.paidOn,
    reference: input.reference,
    sessionId: null,
    intent: null,
  };
  const [added] = await db.batch([
    // The office is told no rather than recording money to give back.
    addPayment(db, id, payment, now, { onlyWhatItCanTake: true }),
    refreshDepositOf(db, id, now),
    eventWhen(
      db,
      id,
      "paid",
      now,
      `deposit ${formatPence(payment.amount)} by ${payment.method}`,
      sql`EXISTS (SELECT 1 FROM ${quotePayments} WHERE ${quotePayments.quoteId} = ${id} AND ${quotePayments.createdAt} = ${now})`,
    ),
  ]);
  if (added.length > 0) await syncDeposits(env, db, id);
  if (added.length === 0) {
    const after = await getQuote(env, db, id);
    const left = after.acceptance?.depositToPayPence ?? 0;
    const message =
      after.status === "cancelled"
        ? "This quote was cancelled."
        : left <= 0
          ? (after.acceptance?.depositHeldPence ?? 0) >= (after.acceptance?.depositPence ?? 0)
            ? "The deposit is paid already."
            : "The job's invoice is paid: record the payment on the invoice instead."
          : `That is more than the ${formatPence(left)} of the deposit still to pay.`;
    throw new ApiError("CONFLICT", message, { details: [{ path: "amountPence", message }] });
  }
  return getQuote(env, db, id);
}
