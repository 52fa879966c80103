import { and, eq, isNull, sql } from "drizzle-orm";
import type { PublicEstimate } from "../../../schema/api/estimates";
import { estimateAcceptances, estimates, stripeEvents } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { type CheckoutSession, requireStripe, type Stripe } from "../../lib/stripe";
import { ownerEmail } from "../mail";
import { queueEmails } from "../mail/deliveries";
import { estimateCancelledEmails } from "./emails";
import { byLink, cancelUntil, eventWhen, type LinkTarget, toPublic } from "./estimates";

/**
 * The money side of an accepted quote: its deposit paid through a fresh Stripe Checkout Session
 * (recorded by the webhook, once, whatever the order of events), and the customer's cancellation
 * within the 14 days, which refunds a paid deposit through Stripe.
 */
const DEPOSIT_UNAVAILABLE =
  "Card payment is unavailable right now. Please try again in a few minutes, or call us to pay the deposit.";

function acceptedThrough(target: LinkTarget) {
  const { acceptance, estimate } = target;
  if (!acceptance || acceptance.version !== target.linkVersion)
    throw new ApiError("CONFLICT", "This quote has not been accepted.");
  if (estimate.status === "cancelled") throw new ApiError("CONFLICT", "This quote was cancelled.");
  return acceptance;
}

/** A Checkout Session for the deposit; the customer comes back to their quote's page. */
export async function startDeposit(env: AppEnv, db: Db, token: string, origin: string): Promise<{ checkoutUrl: string }> {
  const target = await byLink(env, db, token);
  const acceptance = acceptedThrough(target);
  if (acceptance.depositPence <= 0) throw new ApiError("CONFLICT", "This quote has no deposit to pay.");
  if (acceptance.depositPaidAt) throw new ApiError("CONFLICT", "The deposit is paid already. Thank you!");
  const stripe = requireStripe(env);
  const id = target.estimate.id;
  const number = numberText("estimate", target.estimate.number!);
  const back = `${origin}/quote/${encodeURIComponent(token)}`;
  let session: CheckoutSession;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "gbp",
        client_reference_id: `estimate-${id}`,
        metadata: { estimateId: String(id) },
        customer_email: target.customer.email ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: acceptance.depositPence,
              product_data: { name: `Deposit for quote ${number}`, description: target.estimate.title },
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
    console.error(JSON.stringify({ stripe: "checkout.sessions.create", estimateId: id, error: String(error) }));
    throw new ApiError("NOT_CONFIGURED", DEPOSIT_UNAVAILABLE);
  }
  await db
    .update(estimateAcceptances)
    .set({ depositSessionId: session.id })
    .where(and(eq(estimateAcceptances.estimateId, id), isNull(estimateAcceptances.depositPaidAt)));
  return { checkoutUrl: session.url };
}

/** The quote a Checkout Session paid a deposit for, if it is one of ours. */
export const depositEstimateId = (session: CheckoutSession): number | null => {
  const id = Number(session.metadata?.estimateId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * A paid deposit session: recorded once (only while the deposit is unpaid, and only for its
 * amount), with its history line and the webhook event in the same batch.
 */
export async function markDepositPaid(db: Db, session: CheckoutSession, event?: Stripe.Event): Promise<boolean> {
  const id = depositEstimateId(session);
  if (id === null) return false;
  const now = new Date().toISOString();
  const paymentIntent =
    typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const [paid] = await db.batch([
    db
      .update(estimateAcceptances)
      .set({ depositPaidAt: now, depositPaymentIntent: paymentIntent, depositSessionId: session.id })
      .where(
        and(
          eq(estimateAcceptances.estimateId, id),
          isNull(estimateAcceptances.depositPaidAt),
          eq(estimateAcceptances.depositPence, session.amount_total ?? -1),
        ),
      )
      .returning({ id: estimateAcceptances.id }),
    eventWhen(
      db,
      id,
      "paid",
      now,
      `deposit ${formatPence(session.amount_total ?? 0)}`,
      sql`EXISTS (SELECT 1 FROM ${estimateAcceptances} WHERE ${estimateAcceptances.estimateId} = ${id} AND ${estimateAcceptances.depositPaidAt} = ${now})`,
    ),
    ...(event ? [db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()] : []),
  ]);
  if (paid.length === 0) {
    console.warn(
      JSON.stringify({ stripe: "deposit", estimateId: id, session: session.id, note: "already paid or a different amount" }),
    );
  }
  return paid.length > 0;
}

/**
 * The customer cancels within the 14 days: the quote becomes cancelled, a paid deposit is refunded
 * through Stripe (one refund, whatever is repeated), and both sides are e-mailed. After the 14 days
 * the page says to call.
 */
export async function cancelAccepted(env: AppEnv, db: Db, token: string, reason: string | null): Promise<PublicEstimate> {
  const target = await byLink(env, db, token);
  const acceptance = acceptedThrough(target);
  const lastDay = cancelUntil(acceptance.acceptedAt);
  if (londonToday() > lastDay) {
    throw new ApiError("CONFLICT", "The 14 days to cancel online have passed. Please call us and we'll sort it out with you.");
  }
  const id = target.estimate.id;
  const now = new Date().toISOString();
  const [cancelled] = await db.batch([
    db
      .update(estimates)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(and(eq(estimates.id, id), eq(estimates.status, "accepted")))
      .returning({ id: estimates.id }),
    eventWhen(
      db,
      id,
      "cancelled",
      now,
      reason,
      sql`EXISTS (SELECT 1 FROM ${estimates} WHERE ${estimates.id} = ${id} AND ${estimates.cancelledAt} = ${now})`,
    ),
  ]);
  if (cancelled.length === 0) throw new ApiError("CONFLICT", "This quote was cancelled.");

  let refund: "none" | "done" | "failed" = "none";
  if (acceptance.depositPaidAt && acceptance.depositPaymentIntent && !acceptance.refundedAt) {
    try {
      const made = await requireStripe(env).refunds.create(
        { payment_intent: acceptance.depositPaymentIntent },
        { idempotencyKey: `estimate-refund:${id}` },
      );
      const at = new Date().toISOString();
      await db.batch([
        db
          .update(estimateAcceptances)
          .set({ refundId: made.id, refundedAt: at })
          .where(and(eq(estimateAcceptances.estimateId, id), isNull(estimateAcceptances.refundedAt))),
        eventWhen(db, id, "refunded", at, `deposit ${formatPence(made.amount)}`, sql`changes() = 1`),
      ]);
      refund = "done";
    } catch (error) {
      console.error(JSON.stringify({ stripe: "refunds.create", estimateId: id, error: String(error) }));
      refund = "failed";
    }
  }
  const number = numberText("estimate", target.estimate.number!);
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    estimateCancelledEmails({
      customer: target.customer.email ? { to: target.customer.email, name: target.customer.firstName } : null,
      owner: ownerEmail(env),
      customerName: `${target.customer.firstName} ${target.customer.lastName}`.trim(),
      number,
      reason,
      depositPence: acceptance.depositPaidAt ? acceptance.depositPence : 0,
      refund,
      startEarly: acceptance.startEarly,
      adminUrl: siteUrl(env, `/admin/estimates/${id}`),
    }),
  );
  return toPublic(db, await byLink(env, db, token));
}
