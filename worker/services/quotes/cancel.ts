import { and, eq, sql } from "drizzle-orm";
import type { PublicQuote } from "../../../schema/api/quotes";
import { cancelUntil } from "../../../schema/consumer-contracts";
import { invoices, quotePayments, quotes } from "../../../schema/db/index";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { closeOpenCheckout } from "../invoices/card-payments";
import { creditWhatIsLeft } from "../invoices/credit-notes";
import { refreshDepositOf } from "../invoices/sums";
import { queueEmails } from "../mail/deliveries";
import { ownerEmail } from "../mail/index";
import { byLink } from "./customer-link";
import { depositPaymentsQuery } from "./deposit-ledger";
import { giveBackDeposit } from "./deposit-refunds";
import { acceptedThrough, closeDepositCheckout } from "./deposits";
import { quoteCancelledEmails } from "./emails";
import { toPublic } from "./public-view";
import { eventWhen } from "./quotes";

/**
 * The customer cancels an accepted quote within the 14 days. In one batch the quote is cancelled and
 * every deposit payment becomes due back (so its job's invoice no longer takes it off); then the
 * open deposit page is closed, the job's issued invoice is credited in full (a credit note, so nothing
 * is billed for a cancelled contract, and the books show why), the deposit goes back to the card (one
 * refund, whatever is repeated; another way is the office's to give back) and both sides are e-mailed.
 * After the 14 days the page says to call.
 */
const p = quotePayments;

export async function cancelAccepted(env: AppEnv, db: Db, token: string, reason: string | null): Promise<PublicQuote> {
  const target = await byLink(env, db, token);
  const acceptance = acceptedThrough(target);
  if (londonToday() > cancelUntil(acceptance.acceptedAt)) {
    throw new ApiError("CONFLICT", "The 14 days to cancel online have passed. Please call us and we'll sort it out with you.");
  }
  const id = target.quote.id;
  const number = numberText("estimate", target.quote.number!);
  const now = new Date().toISOString();
  const cancelledNow = sql`EXISTS (SELECT 1 FROM ${quotes} WHERE ${quotes.id} = ${id} AND ${quotes.cancelledAt} = ${now})`;
  const [cancelled] = await db.batch([
    db
      .update(quotes)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(and(eq(quotes.id, id), eq(quotes.status, "accepted")))
      .returning({ id: quotes.id }),
    eventWhen(db, id, "cancelled", now, reason, cancelledNow),
    db
      .update(p)
      .set({
        refundDuePence: sql`${p.amountPence}`,
        refundReason: sql`CASE WHEN ${p.refundDuePence} < ${p.amountPence} THEN 'The quote was cancelled' ELSE ${p.refundReason} END`,
      })
      .where(and(eq(p.quoteId, id), cancelledNow)),
    refreshDepositOf(db, id, now),
  ]);
  if (cancelled.length === 0) throw new ApiError("CONFLICT", "This quote was cancelled.");

  // A page still open could take the deposit again: closed (one paid meanwhile is recorded, and is due back).
  await closeDepositCheckout(env, db, id);
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.quoteId, id), eq(invoices.status, "issued")));
  // The invoice's own open card page is closed first, as any office change to what is owed closes it.
  if (invoice) await closeOpenCheckout(env, db, invoice.id);
  const creditNote = invoice ? await creditWhatIsLeft(env, db, invoice.id, `Quote ${number} cancelled by the customer`) : null;
  // What the customer paid on the invoice itself is for the owner to give back (or keep for work done early).
  const [paidOnInvoice] = invoice
    ? await db.select({ pence: invoices.paidPence }).from(invoices).where(eq(invoices.id, invoice.id))
    : [];

  let refund: "none" | "done" | "failed" | "by-us" = "none";
  let depositPence = 0;
  for (const payment of await depositPaymentsQuery(db, id)) {
    const owed = payment.refundDuePence - payment.refundedPence;
    if (owed <= 0) continue;
    depositPence += owed;
    if (payment.method !== "card") refund = refund === "failed" ? refund : "by-us";
    else if (await giveBackDeposit(env, db, payment, { notify: false })) refund = refund === "none" ? "done" : refund;
    else refund = "failed";
  }
  await queueEmails(
    db,
    env.MAIL_QUEUE,
    quoteCancelledEmails({
      customer: target.customer.email ? { to: target.customer.email, name: target.customer.firstName } : null,
      owner: ownerEmail(env),
      customerName: `${target.customer.firstName} ${target.customer.lastName}`.trim(),
      number,
      reason,
      depositPence,
      refund,
      creditNote,
      invoicePaidPence: paidOnInvoice?.pence ?? 0,
      startEarly: acceptance.startEarly,
      adminUrl: siteUrl(env, `/admin/estimates/${id}`),
    }),
  );
  return toPublic(db, await byLink(env, db, token));
}
