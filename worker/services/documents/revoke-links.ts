import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminEstimate } from "../../../schema/api/estimates";
import type { AdminInvoice } from "../../../schema/api/invoices";
import { bookings, creditNotes, estimates, invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { manageUrl } from "../bookings/book";
import { getEstimate } from "../estimates/estimates";
import { getInvoice } from "../invoices/invoices";

/**
 * The owner's "Revoke links": the document's link version goes up by one, so every link given
 * before (e-mails, the customer's bookmarks, a forwarded message) answers as a link that is not
 * valid, and the answer carries the new link for the owner to send. Gas safety records and service
 * sheets revoke theirs beside their other actions (gas-safety/records.ts, service-sheets.ts).
 */

/** A quote's links (every version's, and its accepted PDF's); "Send again" e-mails the new one. */
export async function revokeEstimateLinks(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  const [row] = await db
    .update(estimates)
    .set({ linkVersion: sql`${estimates.linkVersion} + 1` })
    .where(and(eq(estimates.id, id), isNotNull(estimates.sentVersion)))
    .returning({ id: estimates.id });
  if (!row) {
    await getEstimate(env, db, id);
    throw new ApiError("CONFLICT", "This quote has not been sent: it has no links to revoke.");
  }
  return getEstimate(env, db, id);
}

/**
 * An invoice's links (its page, which pays it, and its PDF) and its credit notes' PDFs with them:
 * they go to the same customer in the same e-mails, so what leaked one leaked the others.
 */
export async function revokeInvoiceLinks(env: AppEnv, db: Db, id: number): Promise<AdminInvoice> {
  const [[row]] = await db.batch([
    db
      .update(invoices)
      .set({ linkVersion: sql`${invoices.linkVersion} + 1` })
      .where(and(eq(invoices.id, id), isNotNull(invoices.number)))
      .returning({ id: invoices.id }),
    db
      .update(creditNotes)
      .set({ linkVersion: sql`${creditNotes.linkVersion} + 1` })
      .where(eq(creditNotes.invoiceId, id)),
  ]);
  if (!row) {
    await getInvoice(env, db, id);
    throw new ApiError("CONFLICT", "A draft invoice has no links to revoke.");
  }
  return getInvoice(env, db, id);
}

/** A booking's link to see, move or cancel the visit; the answer is the new one. */
export async function revokeBookingLink(env: AppEnv, db: Db, reference: string): Promise<{ manageUrl: string }> {
  const [row] = await db
    .update(bookings)
    .set({ linkVersion: sql`${bookings.linkVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(bookings.reference, reference))
    .returning({ reference: bookings.reference, linkVersion: bookings.linkVersion });
  if (!row) throw notFound("Booking");
  return { manageUrl: await manageUrl(env, row.reference, row.linkVersion) };
}
