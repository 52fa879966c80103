import type { PaymentMethod } from "../../../schema/api/payment-methods";
import { formatPence } from "../../../schema/format";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { documentUrl } from "../documents/files";
import { queueEmails } from "../mail/deliveries";
import { creditNoteKind } from "./document-kinds";
import { creditNoteEmail, invoiceRefundEmail, paymentReceiptEmail } from "./emails";
import { balanceOf, invoiceEvent, invoiceLink, loadInvoice } from "./invoices";

/**
 * What the customer is e-mailed when money or credit moves on an issued invoice: a receipt for each
 * payment (recorded by the office or taken by card: one each, never a second "paid in full" one), each
 * credit note with its PDF, each refund. Each is called once for the row it is about, by the verb that
 * added that row, so nothing guards against a repeat here; each leaves a line in the invoice's history.
 * A customer without an e-mail address gets nothing (the office hands them paper).
 */
type Payment = { amountPence: number; method: PaymentMethod; paidOn: string };

export async function sendPaymentReceipt(env: AppEnv, db: Db, id: number, payment: Payment): Promise<void> {
  const { invoice, customer } = await loadInvoice(db, id);
  if (invoice.status !== "issued" || invoice.number === null || !customer?.email) return;
  await queueEmails(db, env.MAIL_QUEUE, [
    paymentReceiptEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("invoice", invoice.number),
      amountPence: payment.amountPence,
      method: payment.method,
      paidOn: payment.paidOn,
      balancePence: balanceOf(invoice),
      url: siteUrl(env, await invoiceLink(env, id, invoice.linkVersion)),
    }),
  ]);
  await invoiceEvent(db, id, "sent", new Date().toISOString(), `receipt for ${formatPence(payment.amountPence)}`);
}

export async function sendCreditNote(env: AppEnv, db: Db, id: number, creditNoteId: number): Promise<void> {
  const { invoice, customer, notes } = await loadInvoice(db, id);
  const note = notes.find((n) => n.id === creditNoteId);
  if (!note || invoice.number === null || !customer?.email) return;
  const number = numberText("creditNote", note.number);
  await queueEmails(db, env.MAIL_QUEUE, [
    creditNoteEmail({
      to: customer.email,
      name: customer.firstName,
      creditNoteId,
      number,
      invoiceNumber: numberText("invoice", invoice.number),
      grossPence: note.grossPence,
      reason: note.reason,
      balancePence: balanceOf(invoice),
      pdfUrl: siteUrl(env, await documentUrl(env, creditNoteKind, note.id, note.linkVersion)),
      invoiceUrl: siteUrl(env, await invoiceLink(env, id, invoice.linkVersion)),
    }),
  ]);
  await invoiceEvent(db, id, "sent", new Date().toISOString(), `credit note ${number}`);
}

export async function sendRefundNotice(
  env: AppEnv,
  db: Db,
  id: number,
  refund: { amountPence: number; method: PaymentMethod; refundedOn: string },
): Promise<void> {
  const { invoice, customer } = await loadInvoice(db, id);
  if (invoice.number === null || !customer?.email) return;
  await queueEmails(db, env.MAIL_QUEUE, [
    invoiceRefundEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("invoice", invoice.number),
      amountPence: refund.amountPence,
      method: refund.method,
      refundedOn: refund.refundedOn,
      url: siteUrl(env, await invoiceLink(env, id, invoice.linkVersion)),
    }),
  ]);
  await invoiceEvent(db, id, "sent", new Date().toISOString(), `refund of ${formatPence(refund.amountPence)}`);
}
