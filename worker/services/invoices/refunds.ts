import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice, RefundInput } from "../../../schema/api/invoices";
import type { PaymentMethod } from "../../../schema/api/payment-methods";
import { invoiceRefunds, invoices } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { requireStripe } from "../../lib/stripe";
import { syncToXero } from "../xero/enqueue";
import { balanceOf, balanceSql, getInvoice, invoiceEventWhen, loadInvoice } from "./invoices";
import { sendRefundNotice } from "./receipts";
import { refreshSums } from "./sums";

/**
 * Refunds: money given back on an issued invoice, never more than was paid beyond what is owed
 * (what a credit note left paid over, or a card payment that crossed one taken in the office). To
 * give back money for work that is owed, the owner credits it first; the refund then settles what
 * the credit left paid over, and the books show both.
 *
 * By card, the money goes back through Stripe to one card payment with that much left on it; the
 * refund's idempotency key is made of the invoice, its paid sum and the amount, so a repeated tap
 * (or a retry after a lost answer) is the same refund at Stripe and one row here (unique Stripe id).
 * Any other way (a bank transfer back, cash) is recorded as the owner says. Either way the customer
 * is e-mailed what went back.
 */
const overpaidBy = (row: Parameters<typeof balanceOf>[0]) => Math.max(0, -balanceOf(row));

function refusal(status: string, overpaid: number, amount: number): string | null {
  if (status !== "issued") return "Only an issued invoice's payments can be refunded.";
  if (overpaid <= 0)
    return "Nothing was paid beyond what is owed. To give money back for work, add a credit note first, then refund what it leaves paid over.";
  if (amount > overpaid)
    return `At most ${formatPence(overpaid)} was paid beyond what is owed. To give back more, add a credit note first.`;
  return null;
}

export async function refundInvoice(env: AppEnv, db: Db, id: number, input: RefundInput): Promise<AdminInvoice> {
  if (input.refundedOn > londonToday()) {
    const message = "A refund cannot be dated in the future";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "refundedOn", message }] });
  }
  const { invoice, payments, refunds } = await loadInvoice(db, id);
  const refused = refusal(invoice.status, overpaidBy(invoice), input.amountPence);
  if (refused) throw new ApiError("CONFLICT", refused, { details: [{ path: "amountPence", message: refused }] });

  let paymentId: number | null = null;
  let stripeRefundId: string | null = null;
  if (input.method === "card") {
    // The latest card payment with enough left on it that was not refunded already.
    const left = (paymentId: number, amount: number) =>
      amount - refunds.filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + r.amountPence, 0);
    const payment = payments
      .filter((p) => p.method === "card" && p.stripeSessionId && left(p.id, p.amountPence) >= input.amountPence)
      .at(-1);
    if (!payment) {
      const message = `No card payment on this invoice has ${formatPence(input.amountPence)} left to refund: refund by bank transfer instead.`;
      throw new ApiError("CONFLICT", message, { details: [{ path: "method", message }] });
    }
    const stripe = requireStripe(env);
    try {
      const session = await stripe.checkout.sessions.retrieve(payment.stripeSessionId!);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`the session ${session.id} has no payment intent`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amountPence },
        { idempotencyKey: `invoice-refund:${id}:${invoice.paidPence}:${input.amountPence}` },
      );
      stripeRefundId = refund.id;
      paymentId = payment.id;
    } catch (error) {
      console.error(JSON.stringify({ stripe: "refunds.create", invoiceId: id, error: String(error) }));
      throw new ApiError(
        "NOT_CONFIGURED",
        "Stripe could not make the refund just now, so nothing was refunded. Please try again in a few minutes, or refund by bank transfer.",
      );
    }
  }

  const now = new Date().toISOString();
  const [added] = await db.batch([
    db
      .insert(invoiceRefunds)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: invoices.id,
            paymentId: sql<number | null>`${paymentId}`.as("payment_id"),
            amountPence: sql<number>`${input.amountPence}`.as("amount_pence"),
            method: sql<PaymentMethod>`${input.method}`.as("method"),
            refundedOn: sql<string>`${input.refundedOn}`.as("refunded_on"),
            reference: sql<string | null>`${input.reference ?? stripeRefundId}`.as("reference"),
            stripeRefundId: sql<string | null>`${stripeRefundId}`.as("stripe_refund_id"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(invoices)
          // Checked again in the statement that adds it: two refunds racing cannot give back more.
          .where(and(eq(invoices.id, id), eq(invoices.status, "issued"), sql`${input.amountPence} <= -${balanceSql}`)),
      )
      .onConflictDoNothing()
      .returning({ id: invoiceRefunds.id }),
    refreshSums(db, id, now),
    invoiceEventWhen(
      db,
      id,
      "refunded",
      now,
      `${formatPence(input.amountPence)} by ${input.method}`,
      sql`EXISTS (SELECT 1 FROM ${invoiceRefunds} WHERE ${invoiceRefunds.invoiceId} = ${id} AND ${invoiceRefunds.createdAt} = ${now})`,
    ),
  ]);
  if (added.length === 0) {
    const after = await loadInvoice(db, id);
    // The same card refund twice at once (a double tap): Stripe gave both the one refund, recorded once.
    if (stripeRefundId && after.refunds.some((r) => r.stripeRefundId === stripeRefundId)) return getInvoice(env, db, id);
    const message =
      refusal(after.invoice.status, overpaidBy(after.invoice), input.amountPence) ??
      "The refund was not recorded. Please try again.";
    if (stripeRefundId)
      console.error(JSON.stringify({ stripe: "invoice refund not recorded", invoiceId: id, refund: stripeRefundId, message }));
    throw new ApiError("CONFLICT", message, { details: [{ path: "amountPence", message }] });
  }
  await syncToXero(env, db, [{ kind: "refund", documentId: added[0]!.id }]);
  await sendRefundNotice(env, db, id, input);
  return getInvoice(env, db, id);
}
