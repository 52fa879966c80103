import { and, asc, eq, sql } from "drizzle-orm";
import type { DepositRefundInput } from "../../../schema/api/invoices";
import type { AdminQuote } from "../../../schema/api/quotes";
import { customers, quotePayments, quotes } from "../../../schema/db/index";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { requireStripe } from "../../lib/stripe";
import { queueEmails } from "../mail/deliveries";
import { ownerEmail } from "../mail/index";
import { moneyGivenBackEmails } from "../mail/refund-emails";
import { eventWhen, getQuote } from "./quotes";

/**
 * Deposit money a quote cannot keep goes back: a card payment through Stripe to that payment (the
 * idempotency key names the payment and what is due, so a repeat is the same refund), anything else
 * by the office, who records it here. Each is written once, with the quote's history line, and the
 * customer and owner are told. A card refund Stripe could not make is tried again by the cron.
 */
const p = quotePayments;
type Payment = typeof quotePayments.$inferSelect;

const owedBack = (payment: Payment) => payment.refundDuePence - payment.refundedPence;

/** Writes what went back, once: only while the payment still shows what was given back before. */
function markGivenBack(db: Db, payment: Payment, given: { method: Payment["method"]; reference: string | null; at: string }) {
  const amount = owedBack(payment);
  return db.batch([
    db
      .update(p)
      .set({
        refundedPence: payment.refundDuePence,
        refundedAt: given.at,
        refundMethod: given.method,
        refundReference: given.reference,
      })
      .where(and(eq(p.id, payment.id), eq(p.refundedPence, payment.refundedPence), eq(p.refundDuePence, payment.refundDuePence)))
      .returning({ id: p.id }),
    eventWhen(
      db,
      payment.quoteId,
      "refunded",
      given.at,
      `deposit ${formatPence(amount)} ${given.method === "card" ? "to the card" : `by ${given.method}`}: ${payment.refundReason ?? "given back"}`,
      sql`EXISTS (SELECT 1 FROM ${p} WHERE ${p.id} = ${payment.id} AND ${p.refundedAt} = ${given.at})`,
    ),
  ]);
}

async function tell(env: AppEnv, db: Db, payment: Payment, amount: number, method: "card" | "office") {
  const [row] = await db
    .select({ number: quotes.number, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .where(eq(quotes.id, payment.quoteId));
  if (!row) return;
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    moneyGivenBackEmails({
      customer: row.email ? { to: row.email, name: row.firstName } : null,
      owner: ownerEmail(env),
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      document: row.number === null ? "your quote" : `quote ${numberText("estimate", row.number)}`,
      amountPence: amount,
      reason: payment.refundReason ?? "Given back",
      method,
      adminUrl: siteUrl(env, `/admin/estimates/${payment.quoteId}`),
    }),
  );
}

/**
 * Gives back what is due on one deposit payment. A card payment goes back through Stripe; another
 * is the office's to give back, so only the e-mails go (`notify`), telling the customer it is owed.
 * False when nothing went back now (nothing due, not a card, or Stripe could not be reached).
 */
export async function giveBackDeposit(env: AppEnv, db: Db, payment: Payment, { notify = true } = {}): Promise<boolean> {
  const amount = owedBack(payment);
  if (amount <= 0) return false;
  if (payment.method !== "card" || !payment.stripePaymentIntent) {
    if (notify) await tell(env, db, payment, amount, "office");
    return false;
  }
  let refundId: string;
  try {
    refundId = (
      await requireStripe(env).refunds.create(
        { payment_intent: payment.stripePaymentIntent, amount },
        { idempotencyKey: `deposit-refund:${payment.id}:${payment.refundDuePence}` },
      )
    ).id;
  } catch (error) {
    console.error(
      JSON.stringify({ stripe: "refunds.create", quoteId: payment.quoteId, payment: payment.id, error: String(error) }),
    );
    return false;
  }
  const [marked] = await markGivenBack(db, payment, { method: "card", reference: refundId, at: new Date().toISOString() });
  if (marked.length === 0) return false;
  if (notify) await tell(env, db, payment, amount, "card");
  return true;
}

/**
 * The office gives back a deposit payment the quote cannot keep: by card it goes through Stripe to
 * that payment; another way is recorded as the owner says.
 */
export async function refundDepositPayment(
  env: AppEnv,
  db: Db,
  id: number,
  paymentId: number,
  input: DepositRefundInput,
): Promise<AdminQuote> {
  if (input.refundedOn > londonToday()) {
    const message = "A refund cannot be dated in the future";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "refundedOn", message }] });
  }
  const [payment] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, paymentId), eq(p.quoteId, id)));
  if (!payment) throw notFound("Deposit payment");
  if (owedBack(payment) <= 0) throw new ApiError("CONFLICT", "Nothing of this payment is due back.");
  if (input.method === "card") {
    if (payment.method !== "card") {
      const message = "Only a card payment can be refunded to the card: choose how you gave it back.";
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "method", message }] });
    }
    if (!(await giveBackDeposit(env, db, payment, { notify: false })))
      throw new ApiError(
        "NOT_CONFIGURED",
        "Stripe could not make the refund just now, so nothing was refunded. Please try again in a few minutes, or refund by bank transfer.",
      );
  } else {
    const at = new Date().toISOString();
    const [marked] = await markGivenBack(db, payment, {
      method: input.method,
      reference: input.reference ?? input.refundedOn,
      at,
    });
    if (marked.length === 0) throw new ApiError("CONFLICT", "This payment changed meanwhile: open the quote again.");
  }
  return getQuote(env, db, id);
}

/**
 * The cron's pass over card deposits still due back (Stripe could not be reached before): a few a
 * run, four D1 queries each, so 21 at most of the invocation's 1,000 (decision 014's budget).
 */
export async function settleDepositRefunds(env: AppEnv, db: Db, limit = 5): Promise<number> {
  if (!env.STRIPE_SECRET_KEY) return 0;
  const waiting = await db
    .select()
    .from(p)
    .where(and(eq(p.method, "card"), sql`${p.refundDuePence} > ${p.refundedPence}`))
    .orderBy(asc(p.id))
    .limit(limit);
  let settled = 0;
  for (const payment of waiting) if (await giveBackDeposit(env, db, payment)) settled += 1;
  return settled;
}
