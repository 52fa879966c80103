import { and, eq, sql } from "drizzle-orm";
import { invoicePayments, invoices, stripeEvents } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { type CheckoutSession, requireStripe, type Stripe } from "../../lib/stripe";
import { balanceOf, invoiceByLink, invoiceEventWhen } from "./invoices";

/**
 * Paying an invoice by card from the customer's link: a fresh Stripe Checkout Session for the
 * balance each time (sessions expire), and the payment recorded once by the webhook, whatever it
 * repeats (one payment per session, by a unique index).
 */
const CARD_UNAVAILABLE =
  "Card payment is unavailable right now. Please try again in a few minutes, pay by bank transfer, or call us.";

export async function startInvoicePayment(env: AppEnv, db: Db, token: string, origin: string): Promise<{ checkoutUrl: string }> {
  const { invoice, customer } = await invoiceByLink(env, db, token);
  if (invoice.status === "void") throw new ApiError("CONFLICT", "This invoice is void: there is nothing to pay.");
  const balance = balanceOf(invoice);
  if (balance <= 0) throw new ApiError("CONFLICT", "This invoice is paid in full. Thank you!");
  const stripe = requireStripe(env);
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
  return { checkoutUrl: session.url };
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
  const now = new Date().toISOString();
  const paidOn = londonDateOf(now);
  const outerId = sql.raw(`"invoices"."id"`);
  const paidSum = sql`(SELECT COALESCE(SUM(${invoicePayments.amountPence}), 0) FROM ${invoicePayments} WHERE ${invoicePayments.invoiceId} = ${outerId})`;
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
        updatedAt: now,
      })
      .where(eq(invoices.id, id)),
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
