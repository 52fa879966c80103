import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { InvoiceLine } from "../../../schema/api/invoices";
import {
  creditNotes,
  customers,
  invoicePayments,
  invoiceRefunds,
  invoices,
  quotePayments,
  quotes,
  xeroContactChanges,
} from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { invoiceLink, nameOf } from "../invoices/invoices";
import {
  type AccountingApi,
  allocateCreditNote,
  createContact,
  createCreditNote,
  createInvoice,
  createPayment,
  findContacts,
  findInvoicesByNumber,
  getCreditNote,
  getInvoice,
  updateContact,
  voidInvoice,
  type XeroLineItem,
} from "./accounting";
import { XeroError } from "./http";
import { taxTypeFor, type XeroMapping } from "./mapping";
import { claimRow, keepXeroId, markDone, markFailed, release, type SyncItem, type SyncRow } from "./sync-rows";

/**
 * Sends one document to the organisation, what it needs first (its customer's contact, the invoice
 * a payment is on) sent before it, each through its own xero_sync row, so whichever message comes
 * first does the work once and every other finds it done. Amounts go as Xero's pounds with 2
 * decimals, each line with its own tax type, as "Exclusive" lines (tax per line, as ours is).
 */
export type SyncContext = { env: AppEnv; db: Db; api: AccountingApi; mapping: XeroMapping };

/** Another consumer holds a row this needs right now: try again shortly. */
export class SyncBusy extends Error {}
/** Cannot be sent as the books stand (our words, shown like Xero's). */
export class SyncRefused extends Error {}

const pounds = (pence: number) => Math.round(pence) / 100;
const label = (item: SyncItem) => `${item.kind.replace("_", " ")} ${item.documentId}`;

/** The document in Xero, sent now if it was not; its Xero id. */
export async function ensureSynced(ctx: SyncContext, item: SyncItem): Promise<string> {
  const claim = await claimRow(ctx.db, ctx.api.tenantId, item);
  if (!claim.claimed) {
    if (claim.row.state === "done") return claim.row.xeroId!;
    if (claim.row.state === "failed") throw new SyncRefused(`The ${label(item)} it needs was not sent: ${claim.row.lastError}`);
    throw new SyncBusy(`${label(item)} is being sent by another worker`);
  }
  try {
    const xeroId = await write(ctx, claim.row);
    await markDone(ctx.db, claim.row.id, xeroId);
    return xeroId;
  } catch (error) {
    // A 401 or 403 is the link's, not the document's: the session refreshes or asks to reconnect.
    const refused =
      error instanceof SyncRefused ||
      (error instanceof XeroError && !error.transient && error.status !== 401 && error.status !== 403);
    if (refused) await markFailed(ctx.db, claim.row.id, (error as Error).message);
    else await release(ctx.db, claim.row.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

function write(ctx: SyncContext, row: SyncRow): Promise<string> {
  switch (row.kind) {
    case "contact":
      return writeContact(ctx, row);
    case "invoice":
      return writeInvoice(ctx, row);
    case "credit_note":
      return writeCreditNote(ctx, row);
    case "payment":
      return writePayment(ctx, row);
    case "refund":
      return writeRefund(ctx, row);
    case "void":
      return writeVoid(ctx, row);
    case "contact_update":
      return writeContactUpdate(ctx, row);
    case "deposit":
      return writeDeposit(ctx, row);
  }
}

/**
 * Matched by e-mail, then by name, the first time; made only when Xero has neither. A contact of
 * the same name with another e-mail is someone else: Xero's names are unique, so this one is made
 * as "Name (e-mail)".
 */
async function writeContact({ db, api }: SyncContext, row: SyncRow): Promise<string> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, row.documentId));
  if (!customer) throw new SyncRefused("The customer was deleted before being sent to Xero.");
  let name = nameOf(customer);
  const email = customer.email?.trim();
  const byEmail = email ? (await findContacts(api, "EmailAddress", email))[0] : undefined;
  if (byEmail) return byEmail.ContactID;
  const byName = (await findContacts(api, "Name", name))[0];
  const someoneElse = byName?.EmailAddress && email && byName.EmailAddress.toLowerCase() !== email.toLowerCase();
  if (byName && !someoneElse) return byName.ContactID;
  if (someoneElse) name = `${name} (${email})`;
  return (await createContact(api, { Name: name, ...(email ? { EmailAddress: email } : {}) }, row.idempotencyKey)).ContactID;
}

/**
 * A change of the customer's name or e-mail, sent to their contact as the customer is now (so
 * changes sent out of order leave the latest). Made first if it was still waiting. A name another
 * contact holds is sent as "Name (e-mail)", as when made. A customer deleted or merged away since:
 * nothing to send (their contact stays as Xero has it, on the invoices already sent).
 */
async function writeContactUpdate(ctx: SyncContext, row: SyncRow): Promise<string> {
  const { db, api } = ctx;
  const [change] = await db.select().from(xeroContactChanges).where(eq(xeroContactChanges.id, row.documentId));
  const [customer] = change ? await db.select().from(customers).where(eq(customers.id, change.customerId)) : [];
  if (!change || !customer) return "none";
  const contactId = await ensureSynced(ctx, { kind: "contact", documentId: customer.id });
  const email = customer.email?.trim() ?? "";
  let name = nameOf(customer);
  const holders = await findContacts(api, "Name", name);
  if (email && holders.some((c) => c.ContactID !== contactId)) name = `${name} (${email})`;
  await updateContact(api, contactId, { Name: name, EmailAddress: email }, row.idempotencyKey);
  return contactId;
}

async function requireInvoice(db: Db, id: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice?.number) throw new SyncRefused("Only an issued invoice is sent to Xero.");
  if (!invoice.customerId) throw new SyncRefused("The invoice's customer was deleted: Xero needs a contact.");
  return invoice;
}

function lineItems(mapping: XeroMapping, lines: InvoiceLine[], vatRegistered: boolean): XeroLineItem[] {
  return lines.map((line) => ({
    Description: line.description,
    Quantity: line.quantity,
    UnitAmount: pounds(line.unitPence),
    AccountCode: mapping.salesAccount,
    TaxType: taxTypeFor(mapping, line.vatRate, vatRegistered),
  }));
}

async function writeInvoice(ctx: SyncContext, row: SyncRow): Promise<string> {
  const { env, db, api, mapping } = ctx;
  const invoice = await requireInvoice(db, row.documentId);
  const number = numberText("invoice", invoice.number!);
  let xeroId = row.xeroId;
  // A write that may have reached Xero longer ago than Xero remembers its key: look before writing.
  if (!xeroId && row.attempts > 1) xeroId = (await findInvoicesByNumber(api, number))[0]?.InvoiceID ?? null;
  if (!xeroId) {
    const contactId = await ensureSynced(ctx, { kind: "contact", documentId: invoice.customerId! });
    const made = await createInvoice(
      api,
      {
        Type: "ACCREC",
        Contact: { ContactID: contactId },
        InvoiceNumber: number,
        Date: invoice.issueDate!,
        DueDate: invoice.dueDate ?? invoice.issueDate!,
        LineAmountTypes: "Exclusive",
        LineItems: lineItems(mapping, JSON.parse(invoice.lines) as InvoiceLine[], invoice.vatRegistered),
        Status: "AUTHORISED",
        Url: siteUrl(env, await invoiceLink(env, invoice.id, invoice.linkVersion)),
      },
      row.idempotencyKey,
    );
    xeroId = made.InvoiceID;
    await keepXeroId(db, row.id, xeroId);
  }
  // A quote's deposit is sent as its own payments on it (writeDeposit), each when both exist.
  return xeroId;
}

/**
 * A deposit payment (worker/services/xero/deposits.ts): a payment on the quote's issued invoice, on
 * the day it was paid, into the bank account of its method, for what the quote kept of it.
 */
async function writeDeposit(ctx: SyncContext, row: SyncRow): Promise<string> {
  const { db, api, mapping } = ctx;
  const [payment] = await db.select().from(quotePayments).where(eq(quotePayments.id, row.documentId));
  if (!payment) throw new SyncRefused("The deposit payment is no longer here.");
  const [[invoice], [quote]] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.quoteId, payment.quoteId), eq(invoices.status, "issued"), isNotNull(invoices.number)))
      .orderBy(desc(invoices.id))
      .limit(1),
    db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, payment.quoteId)),
  ]);
  if (!invoice) throw new SyncRefused("The job's invoice was voided: press Retry once its new invoice is issued.");
  const invoiceXeroId = await ensureSynced(ctx, { kind: "invoice", documentId: invoice.id });
  const on = quote?.number ? ` on quote ${numberText("estimate", quote.number)}` : "";
  const made = await createPayment(
    api,
    {
      Invoice: { InvoiceID: invoiceXeroId },
      Account: { Code: mapping.bankAccounts[payment.method] },
      Date: payment.paidOn,
      Amount: pounds(payment.amountPence - payment.refundDuePence),
      Reference: `Deposit${on}${payment.method === "card" ? "" : payment.reference ? `: ${payment.reference}` : ""}`.slice(
        0,
        255,
      ),
    },
    row.idempotencyKey,
  );
  return made.PaymentID;
}

async function writeCreditNote(ctx: SyncContext, row: SyncRow): Promise<string> {
  const { db, api, mapping } = ctx;
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, row.documentId));
  if (!note) throw new SyncRefused("The credit note is no longer here.");
  const invoice = await requireInvoice(db, note.invoiceId);
  const invoiceXeroId = await ensureSynced(ctx, { kind: "invoice", documentId: invoice.id });
  let xeroId = row.xeroId;
  if (!xeroId) {
    const contactId = await ensureSynced(ctx, { kind: "contact", documentId: invoice.customerId! });
    const made = await createCreditNote(
      api,
      {
        Type: "ACCRECCREDIT",
        Contact: { ContactID: contactId },
        CreditNoteNumber: numberText("creditNote", note.number),
        Reference: `${numberText("invoice", invoice.number!)}: ${note.reason}`.slice(0, 255),
        Date: note.issueDate,
        LineAmountTypes: "Exclusive",
        LineItems: lineItems(mapping, JSON.parse(note.lines) as InvoiceLine[], invoice.vatRegistered),
        Status: "AUTHORISED",
      },
      row.idempotencyKey,
    );
    xeroId = made.CreditNoteID;
    await keepXeroId(db, row.id, xeroId);
  }
  // Allocated to its invoice as far as the invoice still owes; what is left is credit to refund.
  const held = await getCreditNote(api, xeroId);
  if ((held.Allocations ?? []).length === 0) {
    const owed = (await getInvoice(api, invoiceXeroId)).AmountDue;
    const amount = Math.min(held.RemainingCredit, owed);
    if (amount > 0)
      await allocateCreditNote(
        api,
        xeroId,
        { invoiceId: invoiceXeroId, amount, date: note.issueDate },
        `${row.idempotencyKey}:allocation`,
      );
  }
  return xeroId;
}

async function writePayment(ctx: SyncContext, row: SyncRow): Promise<string> {
  const [payment] = await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.id, row.documentId));
  if (!payment) throw new SyncRefused("The payment is no longer here.");
  const invoiceXeroId = await ensureSynced(ctx, { kind: "invoice", documentId: payment.invoiceId });
  const made = await createPayment(
    ctx.api,
    {
      Invoice: { InvoiceID: invoiceXeroId },
      Account: { Code: ctx.mapping.bankAccounts[payment.method] },
      Date: payment.paidOn,
      // What a card payment brought beyond what was owed went straight back to the card.
      Amount: pounds(payment.amountPence - payment.refundDuePence),
      ...(payment.reference ? { Reference: payment.reference.slice(0, 255) } : {}),
    },
    row.idempotencyKey,
  );
  return made.PaymentID;
}

/** Money given back is paid out of a credit note's remaining credit (what made the invoice paid over). */
async function writeRefund(ctx: SyncContext, row: SyncRow): Promise<string> {
  const { db, api } = ctx;
  const [refund] = await db.select().from(invoiceRefunds).where(eq(invoiceRefunds.id, row.documentId));
  if (!refund) throw new SyncRefused("The refund is no longer here.");
  await ensureSynced(ctx, { kind: "invoice", documentId: refund.invoiceId });
  const notes = await db.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.invoiceId, refund.invoiceId));
  const amount = pounds(refund.amountPence);
  for (const note of notes.reverse()) {
    const held = await getCreditNote(api, await ensureSynced(ctx, { kind: "credit_note", documentId: note.id }));
    if (held.RemainingCredit + 0.001 < amount) continue;
    const made = await createPayment(
      api,
      {
        CreditNote: { CreditNoteID: held.CreditNoteID },
        Account: { Code: ctx.mapping.bankAccounts[refund.method] },
        Date: refund.refundedOn,
        Amount: amount,
        ...(refund.reference ? { Reference: refund.reference.slice(0, 255) } : {}),
      },
      row.idempotencyKey,
    );
    return made.PaymentID;
  }
  throw new SyncRefused(
    `No credit note of this invoice has £${amount.toFixed(2)} of credit left in Xero to refund: record the refund in Xero by hand.`,
  );
}

async function writeVoid(ctx: SyncContext, row: SyncRow): Promise<string> {
  const invoiceXeroId = await ensureSynced(ctx, { kind: "invoice", documentId: row.documentId });
  await voidInvoice(ctx.api, invoiceXeroId, row.idempotencyKey);
  return invoiceXeroId;
}
