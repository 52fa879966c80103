import { eq } from "drizzle-orm";
import { cancelUntil } from "../../../schema/consumer-contracts";
import { estimates } from "../../../schema/db";
import { addDays, londonDateOf, londonToday } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import type { DocumentLink } from "../../lib/document-link";

/**
 * When a public link to a document stops opening it (the numbers are in schema/settings.ts,
 * `documentLinks`). The end is worked out when the link is opened, from where the document stands
 * then, not written into the link: a link e-mailed with an unpaid invoice cannot know when the
 * invoice will be paid. Each rule answers the last London day the link opens the document, or null
 * for no end. A link made at most `newLinkDays` days ago opens it whatever the end, so the link a
 * screen makes afresh (the owner's, the account page's, the one sent after revoking) always works.
 */
const rules = settings.documentLinks;

const later = (a: string, b: string) => (a > b ? a : b);

/** Whether a link, not revoked, still opens its document. */
export function linkOpen(lastDay: string | null, link: Pick<DocumentLink, "madeOn">, now = Date.now()): boolean {
  const today = londonToday(now);
  if (lastDay === null || today <= lastDay) return true;
  return link.madeOn !== undefined && today <= addDays(link.madeOn, rules.newLinkDays);
}

/** What a link to a document that ends carries: the day it is made. */
export const madeToday = (now = Date.now()) => ({ madeOn: londonToday(now) });

/**
 * A quote's: valid-until plus 30 days (the quote's own date, or the linked version's where that is
 * later). Accepted (or cancelled since), the later of that and the end of the 14-day cancellation
 * period plus 30 days, so the customer can cancel, pay the deposit and see the refund from the same
 * link however short the quote's validity was; a deposit still unpaid after that is paid from the
 * account page's link, or from a new one the owner sends.
 */
export function quoteLastDay(
  estimate: { validUntil: string },
  acceptance: { acceptedAt: string } | null,
  versionValidUntil?: string,
): string {
  const validUntil = versionValidUntil ? later(estimate.validUntil, versionValidUntil) : estimate.validUntil;
  const offered = addDays(validUntil, rules.quoteDaysAfterValid);
  if (!acceptance) return offered;
  return later(offered, addDays(cancelUntil(acceptance.acceptedAt), rules.acceptedQuoteDaysAfterCancellation));
}

type InvoiceState = {
  status: string;
  issueDate: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  grossPence: number;
  depositPence: number;
  creditedPence: number;
  paidPence: number;
};

/**
 * An invoice's: a year after it was paid (or voided); while anything is owed, no end. Paid is the
 * balance at nothing or less, as the invoice's own state says; one settled at issue (a deposit that
 * covered it all) has no payment date and counts from its issue.
 */
export function invoiceLastDay(invoice: InvoiceState): string | null {
  if (invoice.status === "void")
    return invoice.voidedAt ? addDays(londonDateOf(invoice.voidedAt), rules.invoiceDaysAfterPaid) : null;
  const balance = invoice.grossPence - invoice.depositPence - invoice.creditedPence - invoice.paidPence;
  if (invoice.status !== "issued" || balance > 0) return null;
  const settled = invoice.paidAt ? londonDateOf(invoice.paidAt) : invoice.issueDate;
  return settled ? addDays(settled, rules.invoiceDaysAfterPaid) : null;
}

/** A credit note's: a year after its issue, and never before its invoice's (none while the invoice is owed). */
export function creditNoteLastDay(note: { issueDate: string }, invoice: InvoiceState): string | null {
  const invoiceLast = invoiceLastDay(invoice);
  return invoiceLast === null ? null : later(invoiceLast, addDays(note.issueDate, rules.creditNoteDays));
}

/** A service sheet's: `serviceSheetDays` after its issue. */
export function serviceSheetLastDay(sheet: { issuedAt: string | null }): string | null {
  return sheet.issuedAt ? addDays(londonDateOf(sheet.issuedAt), rules.serviceSheetDays) : null;
}

/** The quote's link version, which a link to it made now carries (1 for a quote not found: its link opens nothing). */
export async function quoteLinkVersion(env: AppEnv, id: number): Promise<number> {
  const [row] = await getDb(env).select({ linkVersion: estimates.linkVersion }).from(estimates).where(eq(estimates.id, id));
  return row?.linkVersion ?? 1;
}
