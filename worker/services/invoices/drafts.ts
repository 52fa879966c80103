import { and, eq, sql } from "drizzle-orm";
import type { AdminInvoice, InvoiceChanges, InvoiceLine, NewInvoice } from "../../../schema/api/invoices";
import { customers, invoiceEvents, invoices, properties } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { readBilling } from "../settings/billing-settings";
import { type Draft, draftFromQuote, draftFromVisit, withIds } from "./draft-sources";
import { type EventKind, getInvoice, loadInvoice, notAfterToday, totalsColumns } from "./invoices";
import { draftFromJob } from "./job-draft";

/** Drafts: made from a visit, a quote or the owner's lines, changed freely, deleted while they have no number. */
const i = invoices;
const FIXED = "This invoice is issued and fixed: correct it with a credit note.";

async function checkPlace(db: Db, customerId: number, propertyId: number | null) {
  const [[customer], [property]] = await db.batch([
    db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)),
    db
      .select({ customerId: properties.customerId })
      .from(properties)
      .where(eq(properties.id, propertyId ?? 0)),
  ]);
  if (!customer) throw notFound("Customer");
  if (propertyId && property?.customerId !== customerId) {
    const message = "Choose one of this customer's properties";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "propertyId", message }] });
  }
}

export async function createInvoice(env: AppEnv, db: Db, input: NewInvoice): Promise<AdminInvoice> {
  let draft: Draft;
  if (input.fromJobId) draft = await draftFromJob(db, input.fromJobId);
  else if (input.fromServiceRecordId) draft = await draftFromVisit(db, input.fromServiceRecordId);
  else if (input.fromQuoteId) draft = await draftFromQuote(db, input.fromQuoteId);
  else {
    await checkPlace(db, input.customerId!, input.propertyId);
    const today = londonToday();
    draft = {
      customerId: input.customerId!,
      propertyId: input.propertyId,
      serviceRecordId: null,
      quoteId: null,
      jobId: null,
      lines: withIds(input.lines!),
      notes: input.notes,
      supplyDate: notAfterToday(input.supplyDate ?? today),
      depositPence: 0,
    };
  }
  const { vatRegistered } = await readBilling(db);
  const now = new Date().toISOString();
  const [[created]] = await db.batch([
    db
      .insert(i)
      .values({
        ...draft,
        lines: JSON.stringify(draft.lines),
        vatRegistered,
        ...totalsColumns(draft.lines, vatRegistered),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: i.id }),
    db.insert(invoiceEvents).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          invoiceId: sql<number>`last_insert_rowid()`.as("invoice_id"),
          kind: sql<EventKind>`'created'`.as("kind"),
          detail: sql<
            string | null
          >`${input.fromJobId ? "from a job" : input.fromServiceRecordId ? "from a visit" : input.fromQuoteId ? "from a quote" : null}`.as(
            "detail",
          ),
          at: sql<string>`${now}`.as("at"),
        })
        .from(sql`(SELECT 1)`),
    ),
  ]);
  return getInvoice(env, db, created!.id);
}

export async function updateInvoice(env: AppEnv, db: Db, id: number, changes: InvoiceChanges): Promise<AdminInvoice> {
  const { invoice } = await loadInvoice(db, id);
  if (invoice.status !== "draft") throw new ApiError("CONFLICT", FIXED);
  if (changes.propertyId && invoice.customerId) await checkPlace(db, invoice.customerId, changes.propertyId);
  const { vatRegistered } = await readBilling(db);
  const lines = changes.lines ? withIds(changes.lines) : (JSON.parse(invoice.lines) as InvoiceLine[]);
  const [updated] = await db
    .update(i)
    .set({
      ...(changes.lines ? { lines: JSON.stringify(lines) } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      ...(changes.propertyId !== undefined ? { propertyId: changes.propertyId } : {}),
      ...(changes.supplyDate ? { supplyDate: notAfterToday(changes.supplyDate) } : {}),
      vatRegistered,
      ...totalsColumns(lines, vatRegistered),
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(i.id, id), eq(i.status, "draft")))
    .returning({ id: i.id });
  if (!updated) throw new ApiError("CONFLICT", FIXED);
  return getInvoice(env, db, id);
}

/** A draft may be deleted (it has no number, so no gap is left); an issued invoice is voided instead. */
export async function deleteDraft(db: Db, id: number): Promise<void> {
  const [deleted] = await db
    .delete(i)
    .where(and(eq(i.id, id), eq(i.status, "draft")))
    .returning({ id: i.id });
  if (deleted) return;
  await loadInvoice(db, id);
  throw new ApiError("CONFLICT", "An issued invoice keeps its number: void it instead.");
}
