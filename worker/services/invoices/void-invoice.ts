import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice } from "../../../schema/api/invoices";
import { invoices } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { syncToXero } from "../xero/enqueue";
import { getInvoice, invoiceEventWhen, loadInvoice } from "./invoices";

const i = invoices;

/** Void: an issued invoice nothing was paid on keeps its number and is owed no more. */
export async function voidInvoice(env: AppEnv, db: Db, id: number, reason: string): Promise<AdminInvoice> {
  const now = new Date().toISOString();
  const [voided] = await db.batch([
    db
      .update(i)
      .set({ status: "void", voidedAt: now, voidReason: reason, updatedAt: now })
      .where(and(eq(i.id, id), eq(i.status, "issued"), eq(i.paidPence, 0)))
      .returning({ id: i.id }),
    invoiceEventWhen(db, id, "voided", now, reason, sql`changes() = 1`),
  ]);
  if (voided.length === 0) {
    const { invoice } = await loadInvoice(db, id);
    throw new ApiError(
      "CONFLICT",
      invoice.status === "draft"
        ? "A draft has no number: delete it instead."
        : invoice.status === "void"
          ? "This invoice is void already."
          : "Payments were recorded on this invoice: credit it instead, and refund what is owed.",
    );
  }
  await syncToXero(env, db, [{ kind: "void", documentId: id }]);
  return getInvoice(env, db, id);
}
