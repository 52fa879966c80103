import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice, PaymentInput } from "../../../schema/api/invoices";
import type { PaymentMethod } from "../../../schema/api/payment-methods";
import { invoicePayments, invoices } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { syncToXero } from "../xero/enqueue";
import { balanceOf, balanceSql, getInvoice, invoiceEventWhen, loadInvoice, type Row } from "./invoices";
import { sendPaymentReceipt } from "./receipts";
import { refreshSums } from "./sums";

/** Payments the owner records, each with its receipt e-mailed (card payments: card-payments.ts). */
const i = invoices;

function whyNotPayable(row: Row): string {
  if (row.status === "draft") return "Issue the invoice before recording a payment.";
  if (row.status === "void") return "This invoice is void: it takes no payments.";
  const balance = balanceOf(row);
  if (balance <= 0) return "This invoice is paid in full.";
  return `That is more than the ${formatPence(balance)} left to pay.`;
}

/**
 * A payment the owner records (bank transfer, cash, cheque, a card taken by phone): only on an
 * issued invoice and never more than the balance, checked in the statement that adds it.
 */
export async function recordPayment(env: AppEnv, db: Db, id: number, input: PaymentInput): Promise<AdminInvoice> {
  if (input.paidOn > londonToday()) {
    const message = "A payment cannot be dated in the future";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "paidOn", message }] });
  }
  const now = new Date().toISOString();
  const [added] = await db.batch([
    db
      .insert(invoicePayments)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: i.id,
            amountPence: sql<number>`${input.amountPence}`.as("amount_pence"),
            method: sql<PaymentMethod>`${input.method}`.as("method"),
            paidOn: sql<string>`${input.paidOn}`.as("paid_on"),
            reference: sql<string | null>`${input.reference}`.as("reference"),
            stripeSessionId: sql<null>`NULL`.as("stripe_session_id"),
            refundDuePence: sql<number>`0`.as("refund_due_pence"),
            refundReason: sql<null>`NULL`.as("refund_reason"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(i)
          .where(and(eq(i.id, id), eq(i.status, "issued"), sql`${input.amountPence} <= ${balanceSql}`)),
      )
      .returning({ id: invoicePayments.id }),
    refreshSums(db, id, now),
    invoiceEventWhen(
      db,
      id,
      "paid",
      now,
      `${formatPence(input.amountPence)} by ${input.method}`,
      sql`EXISTS (SELECT 1 FROM ${invoicePayments} WHERE ${invoicePayments.invoiceId} = ${id} AND ${invoicePayments.createdAt} = ${now})`,
    ),
  ]);
  if (added.length === 0) {
    const { invoice } = await loadInvoice(db, id);
    const message = whyNotPayable(invoice);
    throw new ApiError("CONFLICT", message, { details: [{ path: "amountPence", message }] });
  }
  await syncToXero(env, db, [{ kind: "payment", documentId: added[0]!.id }]);
  await sendPaymentReceipt(env, db, id, input);
  return getInvoice(env, db, id);
}
