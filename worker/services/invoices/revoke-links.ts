import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminInvoice } from "../../../schema/api/invoices";
import { creditNotes, invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { getInvoice } from "./invoices";

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
