import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { chosenLines, type EstimateContent, effectiveRate } from "../../../schema/api/estimates";
import {
  type AdminInvoice,
  type CreditNoteInput,
  type InvoiceChanges,
  type InvoiceLine,
  type InvoiceListItem,
  type InvoiceState,
  type InvoiceTab,
  invoiceTotals,
  type NewInvoice,
  type PaymentInput,
  type PaymentMethod,
  type PublicInvoice,
} from "../../../schema/api/invoices";
import { company } from "../../../schema/business";
import {
  creditNotes,
  customers,
  estimateAcceptances,
  estimates,
  estimateVersions,
  invoiceEvents,
  invoicePayments,
  invoiceRefunds,
  invoices,
  properties,
  serviceRecords,
} from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { addDays, londonToday } from "../../../schema/london-time";
import type { VatRate } from "../../../schema/money";
import { numberText } from "../../../schema/numbers";
import { partId, uniqueId } from "../../../schema/random";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink, readDocumentLink } from "../../lib/document-link";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { readBilling } from "../billing-settings";
import { currentFacts } from "../business-facts";
import { customerAddress, letterheadOf } from "../documents/drafts";
import { documentPdf, documentUrl } from "../documents/files";
import { invoiceLastDay, linkOpen, madeToday } from "../documents/link-rules";
import { depositSum, heldSql } from "../estimates/deposit-ledger";
import { queueEmails } from "../mail/deliveries";
import { numberTaken, takeNumber } from "../number-series";
import { invoiceIssuedEmail, invoiceReceiptEmail } from "./emails";
import type { InvoiceSnapshot } from "./render";

/**
 * Invoices: a draft is edited freely and has no number; issuing numbers it (INV-0001, in the batch
 * that fixes it), fixes its lines, dates and the business's details, renders its PDF once and
 * e-mails the customer a link to pay. Payments and credit notes are added in batches that also
 * write the invoice's sums from their rows, guarded so nothing is paid or credited beyond what is
 * owed; the balance is always computed from those sums.
 */
const i = invoices;
const LINK_PURPOSE = "invoice";
const NOT_A_LINK = "This link is not valid. Please use the link in our latest e-mail, or call us.";
const FIXED = "This invoice is issued and fixed: correct it with a credit note.";

type Row = typeof invoices.$inferSelect;
type EventKind = (typeof invoiceEvents.$inferInsert)["kind"];

export const invoiceEvent = (db: Db, invoiceId: number, kind: EventKind, at: string, detail: string | null = null) =>
  db.insert(invoiceEvents).values({ invoiceId, kind, at, detail });

/** An event written only when `when` holds (the change it records happened in this batch). */
export const invoiceEventWhen = (db: Db, invoiceId: number, kind: EventKind, at: string, detail: string | null, when: SQL) =>
  db.insert(invoiceEvents).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        invoiceId: sql<number>`${invoiceId}`.as("invoice_id"),
        kind: sql<EventKind>`${kind}`.as("kind"),
        detail: sql<string | null>`${detail}`.as("detail"),
        at: sql<string>`${at}`.as("at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );

export const balanceOf = (row: Pick<Row, "grossPence" | "depositPence" | "creditedPence" | "paidPence">) =>
  row.grossPence - row.depositPence - row.creditedPence - row.paidPence;

/** The balance in SQL, for guards and lists. */
export const balanceSql = sql<number>`(${i.grossPence} - ${i.depositPence} - ${i.creditedPence} - ${i.paidPence})`;

export function stateOf(row: Pick<Row, "status" | "grossPence" | "depositPence" | "creditedPence" | "paidPence">): InvoiceState {
  if (row.status !== "issued") return row.status;
  if (balanceOf(row) <= 0) return "paid";
  return row.paidPence > 0 || row.depositPence > 0 || row.creditedPence > 0 ? "part-paid" : "issued";
}

/** ISO dates sort as text: the date, or today when it is later (work is not supplied in the future). */
const notAfterToday = (date: string) => [date, londonToday()].sort()[0]!;

export const isOverdue = (row: Row, today = londonToday()) =>
  row.status === "issued" && balanceOf(row) > 0 && row.dueDate !== null && row.dueDate < today;

/** Lines with ids (unique within the invoice). */
function withIds(lines: NonNullable<NewInvoice["lines"]>): InvoiceLine[] {
  const used = new Set<string>();
  return lines.map((l) => ({ ...l, id: uniqueId(used, l.id, partId("l")) }));
}

const totalsColumns = (lines: InvoiceLine[], vatRegistered: boolean) => {
  const t = invoiceTotals(lines, vatRegistered);
  return { netPence: t.netPence, vatPence: t.vatPence, grossPence: t.grossPence };
};

type Loaded = {
  invoice: Row;
  customer: typeof customers.$inferSelect | null;
  payments: (typeof invoicePayments.$inferSelect)[];
  refunds: (typeof invoiceRefunds.$inferSelect)[];
  notes: (typeof creditNotes.$inferSelect)[];
  events: (typeof invoiceEvents.$inferSelect)[];
};

/** The invoice with its customer, payments, credit notes and history: one batch, one table a statement. */
export async function loadInvoice(db: Db, id: number): Promise<Loaded> {
  const [[invoice], [customer], payments, refunds, notes, events] = await db.batch([
    db.select().from(i).where(eq(i.id, id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, sql`(SELECT ${i.customerId} FROM ${i} WHERE ${i.id} = ${id})`)),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.id)),
    db.select().from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, id)).orderBy(asc(invoiceRefunds.id)),
    db.select().from(creditNotes).where(eq(creditNotes.invoiceId, id)).orderBy(asc(creditNotes.id)),
    db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id)).orderBy(asc(invoiceEvents.id)),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { invoice, customer: customer ?? null, payments, refunds, notes, events };
}

const nameOf = (c: { firstName: string; lastName: string } | null) =>
  c ? `${c.firstName} ${c.lastName}`.trim() : "Unknown customer";

/** The path of the customer's page for an issued invoice (e-mails put the site's address before it). */
export const invoiceLink = async (env: AppEnv, id: number, linkVersion: number) =>
  `/invoice/${await createDocumentLink(env, LINK_PURPOSE, { id, version: linkVersion, ...madeToday() })}`;

async function toAdmin(env: AppEnv, { invoice, customer, payments, refunds, notes, events }: Loaded): Promise<AdminInvoice> {
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const issued = invoice.number !== null;
  return {
    id: invoice.id,
    number: issued ? numberText("invoice", invoice.number!) : null,
    state: stateOf(invoice),
    overdue: isOverdue(invoice),
    customerId: invoice.customerId,
    customerName: nameOf(customer),
    customerEmail: customer?.email ?? null,
    propertyId: invoice.propertyId,
    serviceRecordId: invoice.serviceRecordId,
    estimateId: invoice.estimateId,
    lines,
    notes: invoice.notes,
    supplyDate: invoice.supplyDate,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    vatRegistered: invoice.vatRegistered,
    totals: invoiceTotals(lines, invoice.vatRegistered),
    depositPence: invoice.depositPence,
    paidPence: invoice.paidPence,
    creditedPence: invoice.creditedPence,
    balancePence: balanceOf(invoice),
    chase: invoice.chase,
    voidReason: invoice.voidReason,
    payments: payments.map((p) => ({
      id: p.id,
      amountPence: p.amountPence,
      method: p.method,
      paidOn: p.paidOn,
      reference: p.reference,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountPence: r.amountPence,
      method: r.method,
      refundedOn: r.refundedOn,
      reference: r.reference,
    })),
    creditNotes: await Promise.all(
      notes.map(async (n) => ({
        id: n.id,
        number: numberText("creditNote", n.number),
        reason: n.reason,
        issueDate: n.issueDate,
        grossPence: n.grossPence,
        pdfUrl: await documentUrl(env, "credit-note", n.id, n.linkVersion),
      })),
    ),
    events: events.map((ev) => ({ kind: ev.kind, at: ev.at, detail: ev.detail })),
    pdfUrl: issued ? await documentUrl(env, "invoice", invoice.id, invoice.linkVersion) : null,
    payLink: issued ? await invoiceLink(env, invoice.id, invoice.linkVersion) : null,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

export async function getInvoice(env: AppEnv, db: Db, id: number): Promise<AdminInvoice> {
  return toAdmin(env, await loadInvoice(db, id));
}

/** 409 naming the invoice a visit or quote already has (a draft, or one issued and not void). */
async function notInvoicedYet(db: Db, column: typeof i.serviceRecordId | typeof i.estimateId, id: number, what: string) {
  const [existing] = await db
    .select({ id: i.id, number: i.number })
    .from(i)
    .where(and(eq(column, id), ne(i.status, "void")))
    .limit(1);
  if (existing) {
    const which = existing.number === null ? "a draft invoice" : `invoice ${numberText("invoice", existing.number)}`;
    throw new ApiError("CONFLICT", `This ${what} already has ${which}.`, {
      details: [{ path: "invoiceId", message: String(existing.id) }],
    });
  }
}

type Draft = {
  customerId: number;
  propertyId: number | null;
  serviceRecordId: number | null;
  estimateId: number | null;
  lines: InvoiceLine[];
  notes: string | null;
  supplyDate: string;
  depositPence: number;
};

/** A completed visit's work as lines: the work at its recorded price, the parts used in the notes. */
async function draftFromVisit(db: Db, id: number): Promise<Draft> {
  const [visit] = await db.select().from(serviceRecords).where(eq(serviceRecords.id, id));
  if (!visit) throw notFound("Visit");
  if (visit.status !== "completed")
    throw new ApiError("CONFLICT", "Only a completed visit can be invoiced: mark it completed first.");
  if (!visit.customerId) throw new ApiError("CONFLICT", "This visit has no customer to invoice.");
  await notInvoicedYet(db, i.serviceRecordId, id, "visit");
  const work = visit.workCompleted?.trim();
  return {
    customerId: visit.customerId,
    propertyId: visit.propertyId,
    serviceRecordId: visit.id,
    estimateId: null,
    lines: withIds([
      {
        description: work ? `${visit.serviceType}: ${work}`.slice(0, 300) : visit.serviceType,
        quantity: 1,
        unitPence: visit.costPence ?? 0,
        vatRate: 20,
        productId: null,
      },
    ]),
    notes: visit.partsUsed?.trim() ? `Parts used: ${visit.partsUsed.trim()}`.slice(0, 2000) : null,
    supplyDate: notAfterToday(visit.serviceDate),
    depositPence: 0,
  };
}

/** An accepted quote's chosen lines; the deposit it holds comes off the balance. */
async function draftFromEstimate(db: Db, id: number): Promise<Draft> {
  const [[estimate], [acceptance]] = await db.batch([
    db.select().from(estimates).where(eq(estimates.id, id)),
    db.select().from(estimateAcceptances).where(eq(estimateAcceptances.estimateId, id)),
  ]);
  if (!estimate) throw notFound("Quote");
  if (estimate.status !== "accepted" || !acceptance) throw new ApiError("CONFLICT", "Only an accepted quote can be invoiced.");
  await notInvoicedYet(db, i.estimateId, id, "quote");
  const [[version], [job], [held]] = await db.batch([
    db
      .select({ content: estimateVersions.content })
      .from(estimateVersions)
      .where(and(eq(estimateVersions.estimateId, id), eq(estimateVersions.version, acceptance.version))),
    db
      .select({ serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, estimate.jobId ?? 0)),
    // The deposit the quote holds comes off the balance (and follows its ledger from now on).
    db.select({ pence: heldSql(id) }).from(sql`(SELECT 1)`),
  ]);
  const content = JSON.parse(version!.content) as EstimateContent;
  const option = content.options.find((o) => o.id === acceptance.optionId)!;
  const optional = JSON.parse(acceptance.optionalLineIds) as string[];
  const today = londonToday();
  return {
    customerId: estimate.customerId,
    propertyId: estimate.propertyId,
    serviceRecordId: estimate.jobId,
    estimateId: estimate.id,
    lines: chosenLines(option, optional).map(({ optional: _, ...line }) => line),
    notes: `${content.title}: ${option.name}, as accepted on quote ${numberText("estimate", estimate.number!)}.`,
    supplyDate: notAfterToday(job?.serviceDate ?? today),
    depositPence: held?.pence ?? 0,
  };
}

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
  if (input.fromServiceRecordId) draft = await draftFromVisit(db, input.fromServiceRecordId);
  else if (input.fromEstimateId) draft = await draftFromEstimate(db, input.fromEstimateId);
  else {
    await checkPlace(db, input.customerId!, input.propertyId);
    const today = londonToday();
    draft = {
      customerId: input.customerId!,
      propertyId: input.propertyId,
      serviceRecordId: null,
      estimateId: null,
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
          >`${input.fromServiceRecordId ? "from a visit" : input.fromEstimateId ? "from a quote" : null}`.as("detail"),
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
  const [estimate] = invoice.estimateId
    ? await db.select({ number: estimates.number }).from(estimates).where(eq(estimates.id, invoice.estimateId))
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
      invoice.depositPence > 0 && estimate?.number
        ? `Less deposit paid on quote ${numberText("estimate", estimate.number)}`
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
  // The PDF now, so the e-mail and the owner's link open at once (a failure here is rendered on first use).
  await documentPdf(env, db, "invoice", id).catch((error) =>
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

/**
 * The sums an invoice keeps, written from their rows in the batch that adds one. The outer invoice
 * is named in full: inside an UPDATE, Drizzle writes a bare "id", which the subquery would read as
 * its own table's.
 */
const outerId = sql.raw(`"invoices"."id"`);
/** What the customer has paid on the invoice being updated, less what was given back. */
const paidSum = sql`((SELECT COALESCE(SUM(${invoicePayments.amountPence}), 0) FROM ${invoicePayments} WHERE ${invoicePayments.invoiceId} = ${outerId})
  - (SELECT COALESCE(SUM(${invoiceRefunds.amountPence}), 0) FROM ${invoiceRefunds} WHERE ${invoiceRefunds.invoiceId} = ${outerId}))`;
const creditedSum = sql`(SELECT COALESCE(SUM(${creditNotes.grossPence}), 0) FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${outerId})`;

/**
 * The sums of the invoices `where` names again (the deposit its quote holds, what was credited and
 * paid) and, once nothing is left to pay, when each was paid.
 */
const refreshSumsWhere = (db: Db, where: SQL, now: string) =>
  db
    .update(i)
    .set({
      depositPence: depositSum,
      paidPence: paidSum,
      creditedPence: creditedSum,
      paidAt: sql`CASE WHEN ${i.grossPence} - ${depositSum} - ${creditedSum} - ${paidSum} <= 0 THEN COALESCE(${i.paidAt}, ${now}) ELSE NULL END`,
      updatedAt: now,
    })
    .where(where);

/** One invoice's sums again. */
export const refreshSums = (db: Db, id: number, now: string) => refreshSumsWhere(db, eq(i.id, id), now);

/** The sums of a quote's live invoices (a draft or the issued one), after its deposit changed. */
export const refreshDepositOf = (db: Db, estimateId: number, now: string) =>
  refreshSumsWhere(db, and(eq(i.estimateId, estimateId), ne(i.status, "void"))!, now);

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
  await sendReceiptIfPaid(env, db, id, input.amountPence, input.paidOn);
  return getInvoice(env, db, id);
}

/** The receipt, once, when the invoice has just been paid in full (its "receipt" event guards it). */
export async function sendReceiptIfPaid(env: AppEnv, db: Db, id: number, amountPence: number, paidOn: string) {
  const { invoice, customer } = await loadInvoice(db, id);
  if (stateOf(invoice) !== "paid" || !customer?.email) return;
  const now = new Date().toISOString();
  const [[marked]] = await db.batch([
    db
      .insert(invoiceEvents)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: sql<number>`${id}`.as("invoice_id"),
            kind: sql<EventKind>`'sent'`.as("kind"),
            detail: sql<string>`'receipt'`.as("detail"),
            at: sql<string>`${now}`.as("at"),
          })
          .from(sql`(SELECT 1)`)
          .where(
            sql`NOT EXISTS (SELECT 1 FROM ${invoiceEvents} WHERE ${invoiceEvents.invoiceId} = ${id} AND ${invoiceEvents.kind} = 'sent' AND ${invoiceEvents.detail} = 'receipt')`,
          ),
      )
      .returning({ id: invoiceEvents.id }),
  ]);
  if (!marked) return;
  await queueEmails(db, env.MAIL_QUEUE, [
    invoiceReceiptEmail({
      to: customer.email,
      name: customer.firstName,
      number: numberText("invoice", invoice.number!),
      amountPence,
      paidOn,
      url: siteUrl(env, await invoiceLink(env, id, invoice.linkVersion)),
    }),
  ]);
}

/**
 * A credit note against an issued invoice: the chosen lines (or all), with the quantities credited,
 * numbered CN-0001 in a batch that only passes while the invoice is issued and the credit is no
 * more than what is not credited yet.
 */
export async function addCreditNote(env: AppEnv, db: Db, id: number, input: CreditNoteInput): Promise<AdminInvoice> {
  const { invoice } = await loadInvoice(db, id);
  if (invoice.status !== "issued") {
    throw new ApiError("CONFLICT", invoice.status === "draft" ? "A draft is changed, not credited." : "This invoice is void.");
  }
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const credited: InvoiceLine[] = [];
  for (const chosen of input.lines ?? lines.map((l) => ({ lineId: l.id, quantity: undefined }))) {
    const line = lines.find((l) => l.id === chosen.lineId);
    if (!line) {
      const message = "That line is not on this invoice";
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "lines", message }] });
    }
    const quantity = chosen.quantity ?? line.quantity;
    if (quantity > line.quantity || Math.abs(quantity * 100 - Math.round(quantity * 100)) > 1e-9) {
      const message = `Credit at most ${line.quantity} of "${line.description}", in hundredths`;
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "lines", message }] });
    }
    credited.push({ ...line, quantity });
  }
  const totals = invoiceTotals(credited, invoice.vatRegistered);
  const left = invoice.grossPence - invoice.creditedPence;
  if (totals.grossPence > left) {
    const message = `That credits ${formatPence(totals.grossPence)}, more than the ${formatPence(left)} not credited yet.`;
    throw new ApiError("CONFLICT", message, { details: [{ path: "lines", message }] });
  }
  const now = new Date().toISOString();
  const today = londonToday();
  const fits = sql`EXISTS (SELECT 1 FROM ${i} WHERE ${i.id} = ${id} AND ${i.status} = 'issued'
    AND ${i.grossPence} - ${creditedSum} >= ${totals.grossPence})`;
  const [, added] = await db.batch([
    takeNumber(db, "creditNote", fits),
    db
      .insert(creditNotes)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            invoiceId: sql<number>`${id}`.as("invoice_id"),
            number: numberTaken("creditNote").as("number"),
            lines: sql<string>`${JSON.stringify(credited)}`.as("lines"),
            reason: sql<string>`${input.reason}`.as("reason"),
            issueDate: sql<string>`${today}`.as("issue_date"),
            netPence: sql<number>`${totals.netPence}`.as("net_pence"),
            vatPence: sql<number>`${totals.vatPence}`.as("vat_pence"),
            grossPence: sql<number>`${totals.grossPence}`.as("gross_pence"),
            pdfKey: sql<null>`NULL`.as("pdf_key"),
            pdfSha256: sql<null>`NULL`.as("pdf_sha256"),
            linkVersion: sql<number>`1`.as("link_version"),
            snapshot: i.snapshot,
            issuedAt: sql<string>`${now}`.as("issued_at"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(i)
          .where(and(eq(i.id, id), fits)),
      )
      .returning({ id: creditNotes.id, number: creditNotes.number }),
    refreshSums(db, id, now),
    invoiceEventWhen(
      db,
      id,
      "credited",
      now,
      `${formatPence(totals.grossPence)}: ${input.reason}`,
      sql`EXISTS (SELECT 1 FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${id} AND ${creditNotes.createdAt} = ${now})`,
    ),
  ]);
  if (added.length === 0) throw new ApiError("CONFLICT", "The invoice changed meanwhile: open it again and retry.");
  await documentPdf(env, db, "credit-note", added[0]!.id).catch((error) =>
    console.error(JSON.stringify({ creditNote: added[0]!.id, pdf: "render at issue", error: String(error) })),
  );
  return getInvoice(env, db, id);
}

/**
 * Credits everything on an issued invoice that is not credited yet (a cancelled contract): each
 * line's quantity less what earlier credit notes took of it. Null when nothing is left to credit.
 */
export async function creditWhatIsLeft(env: AppEnv, db: Db, id: number, reason: string): Promise<string | null> {
  const { invoice, notes } = await loadInvoice(db, id);
  if (invoice.status !== "issued" || invoice.grossPence - invoice.creditedPence <= 0) return null;
  const taken = new Map<string, number>();
  for (const note of notes)
    for (const line of JSON.parse(note.lines) as InvoiceLine[]) taken.set(line.id, (taken.get(line.id) ?? 0) + line.quantity);
  const left = (JSON.parse(invoice.lines) as InvoiceLine[])
    // Quantities are in hundredths: rounded so 0.1 + 0.2 credited leaves exactly 0.7 of 1.
    .map((l) => ({ lineId: l.id, quantity: Math.round((l.quantity - (taken.get(l.id) ?? 0)) * 100) / 100 }))
    .filter((l) => l.quantity > 0);
  if (left.length === 0) return null;
  const after = await addCreditNote(env, db, id, { lines: left, reason });
  return after.creditNotes.at(-1)?.number ?? null;
}

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
  return getInvoice(env, db, id);
}

export async function setChasing(env: AppEnv, db: Db, id: number, chase: boolean): Promise<AdminInvoice> {
  const now = new Date().toISOString();
  await db.batch([
    db.update(i).set({ chase, updatedAt: now }).where(eq(i.id, id)),
    invoiceEventWhen(db, id, "chasing", now, chase ? "on" : "paused", sql`changes() = 1`),
  ]);
  return getInvoice(env, db, id);
}

/** The list's tabs, in SQL. */
function tabWhere(tab: InvoiceTab | undefined, today: string): SQL | undefined {
  switch (tab) {
    case "draft":
      return eq(i.status, "draft");
    case "void":
      return eq(i.status, "void");
    case "paid":
      return and(eq(i.status, "issued"), sql`${balanceSql} <= 0`);
    case "unpaid":
      return and(eq(i.status, "issued"), sql`${balanceSql} > 0`);
    case "overdue":
      return and(eq(i.status, "issued"), sql`${balanceSql} > 0`, sql`${i.dueDate} < ${today}`);
    default:
      return undefined;
  }
}

/** The owner's list: newest change first, searched by number or customer, by tab. */
export async function listInvoices(
  db: Db,
  query: { q?: string; status?: InvoiceTab; limit: number; offset: number },
): Promise<{ items: InvoiceListItem[]; total: number }> {
  const today = londonToday();
  const needle = query.q?.toLowerCase();
  const number = needle?.match(/^(?:inv-?)?0*(\d+)$/)?.[1];
  const where = and(
    tabWhere(query.status, today),
    needle
      ? or(
          sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${needle}) > 0`,
          sql`instr(lower(COALESCE(${customers.email}, '')), ${needle}) > 0`,
          number ? eq(i.number, Number(number)) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select({
        invoice: i,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(i)
      .leftJoin(customers, eq(customers.id, i.customerId))
      .where(where)
      .orderBy(desc(i.updatedAt), desc(i.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(i).leftJoin(customers, eq(customers.id, i.customerId)).where(where),
  ]);
  return {
    items: rows.map(({ invoice, firstName, lastName }) => ({
      id: invoice.id,
      number: invoice.number === null ? null : numberText("invoice", invoice.number),
      state: stateOf(invoice),
      overdue: isOverdue(invoice, today),
      customerName: firstName === null ? "Unknown customer" : nameOf({ firstName, lastName: lastName ?? "" }),
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      grossPence: invoice.grossPence,
      balancePence: balanceOf(invoice),
      updatedAt: invoice.updatedAt,
    })),
    total: total?.n ?? 0,
  };
}

/** Overdue invoices and everything owed, for the home screen (one statement, for its batch). */
export const moneyOwedQuery = (db: Db, today = londonToday()) =>
  db
    .select({
      overdueCount: sql<number>`COALESCE(SUM(CASE WHEN ${i.dueDate} < ${today} THEN 1 ELSE 0 END), 0)`,
      overduePence: sql<number>`COALESCE(SUM(CASE WHEN ${i.dueDate} < ${today} THEN ${balanceSql} ELSE 0 END), 0)`,
      owedPence: sql<number>`COALESCE(SUM(${balanceSql}), 0)`,
    })
    .from(i)
    .where(and(eq(i.status, "issued"), sql`${balanceSql} > 0`));

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
    pdfUrl: await documentUrl(env, "invoice", invoice.id, invoice.linkVersion),
  };
}
