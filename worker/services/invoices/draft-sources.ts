import { and, eq, ne, sql } from "drizzle-orm";
import type { InvoiceLine, NewInvoice } from "../../../schema/api/invoices";
import { chosenLines, type QuoteContent } from "../../../schema/api/quotes";
import { invoices, quoteAcceptances, quotes, quoteVersions, serviceRecords } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { partId, uniqueId } from "../../../schema/random";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { notAfterToday } from "./invoices";
import { heldSql } from "./quote-deposit";

/** Where a new draft's lines come from: a completed visit, an accepted quote, or the owner's own lines. */
const i = invoices;

/** Lines with ids (unique within the invoice). */
export function withIds(lines: NonNullable<NewInvoice["lines"]>): InvoiceLine[] {
  const used = new Set<string>();
  return lines.map((l) => ({ ...l, id: uniqueId(used, l.id, partId("l")) }));
}

/** 409 naming the invoice a visit or quote already has (a draft, or one issued and not void). */
async function notInvoicedYet(db: Db, column: typeof i.serviceRecordId | typeof i.quoteId, id: number, what: string) {
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

export type Draft = {
  customerId: number;
  propertyId: number | null;
  serviceRecordId: number | null;
  quoteId: number | null;
  lines: InvoiceLine[];
  notes: string | null;
  supplyDate: string;
  depositPence: number;
};

/** A completed visit's work as lines: the work at its recorded price, the parts used in the notes. */
export async function draftFromVisit(db: Db, id: number): Promise<Draft> {
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
    quoteId: null,
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
export async function draftFromQuote(db: Db, id: number): Promise<Draft> {
  const [[quote], [acceptance]] = await db.batch([
    db.select().from(quotes).where(eq(quotes.id, id)),
    db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, id)),
  ]);
  if (!quote) throw notFound("Quote");
  if (quote.status !== "accepted" || !acceptance) throw new ApiError("CONFLICT", "Only an accepted quote can be invoiced.");
  await notInvoicedYet(db, i.quoteId, id, "quote");
  const [[version], [job], [held]] = await db.batch([
    db
      .select({ content: quoteVersions.content })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, acceptance.version))),
    db
      .select({ serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, quote.jobId ?? 0)),
    // The deposit the quote holds comes off the balance (and follows its ledger from now on).
    db.select({ pence: heldSql(id) }).from(sql`(SELECT 1)`),
  ]);
  const content = JSON.parse(version!.content) as QuoteContent;
  const option = content.options.find((o) => o.id === acceptance.optionId)!;
  const optional = JSON.parse(acceptance.optionalLineIds) as string[];
  const today = londonToday();
  return {
    customerId: quote.customerId,
    propertyId: quote.propertyId,
    serviceRecordId: quote.jobId,
    quoteId: quote.id,
    lines: chosenLines(option, optional).map(({ optional: _, ...line }) => line),
    notes: `${content.title}: ${option.name}, as accepted on quote ${numberText("estimate", quote.number!)}.`,
    supplyDate: notAfterToday(job?.serviceDate ?? today),
    depositPence: held?.pence ?? 0,
  };
}
