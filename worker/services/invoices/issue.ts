import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice, InvoiceLine } from "../../../schema/api/invoices";
import { company } from "../../../schema/business";
import { invoices, properties, quotes } from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { customerAddress, letterheadOf } from "../documents/drafts";
import { documentPdf } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { queueEmails } from "../mail/deliveries";
import { readBilling } from "../settings/billing-settings";
import { currentFacts } from "../settings/business-facts";
import { syncDeposits } from "../xero/deposits";
import { syncToXero } from "../xero/enqueue";
import { invoiceKind } from "./document-kinds";
import { invoiceIssuedEmail } from "./emails";
import {
  balanceOf,
  getInvoice,
  invoiceEvent,
  invoiceEventWhen,
  invoiceLink,
  loadInvoice,
  nameOf,
  notAfterToday,
  totalsColumns,
} from "./invoices";
import type { InvoiceSnapshot } from "./render";

const i = invoices;

/**
 * Issues a draft: its number, dates, VAT registration, totals and the business's details fixed in
 * one batch that only a draft passes; then its PDF, and the e-mail with it and the link to pay.
 */
export async function issueInvoice(env: AppEnv, db: Db, id: number): Promise<AdminInvoice> {
  const { invoice, customer } = await loadInvoice(db, id);
  if (invoice.status !== "draft") throw new ApiError("CONFLICT", "This invoice is issued already.");
  if (!customer) throw new ApiError("CONFLICT", "This invoice's customer was deleted: make a new invoice.");
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const billing = await readBilling(db);
  const totals = totalsColumns(lines, billing.vatRegistered);
  if (totals.grossPence <= 0) {
    const message = "An invoice's total must be more than £0";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "lines", message }] });
  }
  if (invoice.depositPence > totals.grossPence) {
    throw new ApiError("VALIDATION_FAILED", "The deposit already paid is more than the invoice's total.");
  }
  const [facts, [property]] = await Promise.all([
    currentFacts(db),
    db
      .select({ address: properties.address, postcode: properties.postcode })
      .from(properties)
      .where(eq(properties.id, invoice.propertyId ?? 0)),
  ]);
  const [quote] = invoice.quoteId
    ? await db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, invoice.quoteId))
    : [];
  const snapshot: InvoiceSnapshot = {
    letterhead: letterheadOf(facts),
    sellerName: billing.ownerName
      ? `${billing.ownerName} trading as ${company.name}`
      : billing.legalName
        ? `${billing.legalName} (trading as ${company.name})`
        : company.name,
    vatNumber: billing.vatRegistered ? billing.vatNumber : null,
    customer: { name: nameOf(customer), address: customerAddress(customer) },
    property: property ? customerAddress(property) : null,
    bank:
      billing.bankAccountName && billing.bankSortCode && billing.bankAccountNumber
        ? { accountName: billing.bankAccountName, sortCode: billing.bankSortCode, accountNumber: billing.bankAccountNumber }
        : null,
    footer: billing.invoiceFooter,
    depositNote:
      invoice.depositPence > 0 && quote?.number
        ? `Less deposit paid on quote ${numberText("estimate", quote.number)}`
        : invoice.depositPence > 0
          ? "Less deposit paid"
          : null,
  };
  const today = londonToday();
  const now = new Date().toISOString();
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${i} WHERE ${i.id} = ${id} AND ${i.status} = 'draft')`;
  const [, issued] = await db.batch([
    takeNumber(db, "invoice", stillDraft),
    db
      .update(i)
      .set({
        number: numberTaken("invoice"),
        status: "issued",
        issueDate: today,
        dueDate: addDays(today, billing.paymentTermsDays),
        supplyDate: notAfterToday(invoice.supplyDate),
        vatRegistered: billing.vatRegistered,
        ...totals,
        snapshot: JSON.stringify(snapshot),
        issuedAt: now,
        updatedAt: now,
      })
      .where(and(eq(i.id, id), eq(i.status, "draft")))
      .returning({ number: i.number }),
    invoiceEventWhen(db, id, "issued", now, null, sql`changes() = 1`),
  ]);
  if (issued.length === 0) throw new ApiError("CONFLICT", "This invoice is issued already.");
  const number = numberText("invoice", issued[0]!.number!);
  await syncToXero(env, db, [{ kind: "invoice", documentId: id }]);
  // Its quote's deposit payments, as payments on it (nothing without Xero).
  if (invoice.quoteId) await syncDeposits(env, db, invoice.quoteId);
  // The PDF now, so the e-mail and the owner's link open at once (a failure here is rendered on first use).
  await documentPdf(env, db, invoiceKind, id).catch((error) =>
    console.error(JSON.stringify({ invoice: id, pdf: "render at issue", error: String(error) })),
  );
  if (customer.email) {
    const after = await loadInvoice(db, id);
    await queueEmails(db, env.MAIL_QUEUE, [
      invoiceIssuedEmail({
        to: customer.email,
        name: customer.firstName,
        invoiceId: id,
        number,
        balancePence: balanceOf(after.invoice),
        dueDate: after.invoice.dueDate!,
        url: siteUrl(env, await invoiceLink(env, id, after.invoice.linkVersion)),
      }),
    ]);
    await invoiceEvent(db, id, "sent", new Date().toISOString(), customer.email);
  }
  return getInvoice(env, db, id);
}
