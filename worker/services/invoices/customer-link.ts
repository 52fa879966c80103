import { sql } from "drizzle-orm";
import { type InvoiceLine, invoiceTotals, type PublicInvoice } from "../../../schema/api/invoices";
import { effectiveRate } from "../../../schema/api/quotes";
import { invoiceEvents } from "../../../schema/db";
import type { VatRate } from "../../../schema/money";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { readDocumentLink } from "../../lib/document-link";
import { ApiError } from "../../lib/errors";
import { documentUrl } from "../documents/files";
import { linkOpen } from "../documents/link-rules";
import { invoiceKind, invoiceLastDay } from "./document-kinds";
import { balanceOf, invoiceEventWhen, isOverdue, LINK_PURPOSE, type Loaded, loadInvoice, nameOf, stateOf } from "./invoices";
import type { InvoiceSnapshot } from "./render";

const NOT_A_LINK = "This link is not valid. Please use the link in our latest e-mail, or call us.";

/** The invoice a customer's link names, when it is genuine, not revoked and not past its end (documents/link-rules.ts). */
export async function invoiceByLink(env: AppEnv, db: Db, token: string): Promise<Loaded> {
  const link = await readDocumentLink(env, LINK_PURPOSE, token);
  if (!link) throw new ApiError("NOT_FOUND", NOT_A_LINK);
  const loaded = await loadInvoice(db, link.id).catch(() => null);
  if (
    !loaded ||
    loaded.invoice.number === null ||
    loaded.invoice.linkVersion !== link.version ||
    !linkOpen(invoiceLastDay(loaded.invoice), link)
  ) {
    throw new ApiError("NOT_FOUND", NOT_A_LINK);
  }
  return loaded;
}

/** The customer's page; the first opening is recorded as "viewed". */
export async function publicInvoice(env: AppEnv, db: Db, token: string): Promise<PublicInvoice> {
  const { invoice, customer } = await invoiceByLink(env, db, token);
  const now = new Date().toISOString();
  await invoiceEventWhen(
    db,
    invoice.id,
    "viewed",
    now,
    null,
    sql`NOT EXISTS (SELECT 1 FROM ${invoiceEvents} WHERE ${invoiceEvents.invoiceId} = ${invoice.id} AND ${invoiceEvents.kind} = 'viewed')`,
  );
  const snapshot = JSON.parse(invoice.snapshot!) as InvoiceSnapshot;
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  return {
    number: numberText("invoice", invoice.number!),
    state: stateOf(invoice),
    overdue: isOverdue(invoice),
    customerName: nameOf(customer),
    issueDate: invoice.issueDate!,
    dueDate: invoice.dueDate!,
    supplyDate: invoice.supplyDate,
    lines: lines.map((l) => ({ ...l, vatRate: effectiveRate(l.vatRate as VatRate, invoice.vatRegistered) })),
    vatRegistered: invoice.vatRegistered,
    vatNumber: snapshot.vatNumber,
    totals: invoiceTotals(lines, invoice.vatRegistered),
    depositPence: invoice.depositPence,
    creditedPence: invoice.creditedPence,
    paidPence: invoice.paidPence,
    balancePence: balanceOf(invoice),
    bank: snapshot.bank,
    pdfUrl: await documentUrl(env, invoiceKind, invoice.id, invoice.linkVersion),
  };
}
