import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { InvoiceLine, NewInvoice } from "../../../schema/api/invoices";
import { chosenLines, type QuoteContent } from "../../../schema/api/quotes";
import type { SheetPart } from "../../../schema/api/visits";
import { invoices, products, quoteAcceptances, quotes, quoteVersions, serviceRecords, visitSheets } from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { partId, uniqueId } from "../../../schema/random";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { buildingRegsRead, jobBuildingRegs, requirePaperworkDone } from "../jobs/building-regs";
import { billingOf, billingRowQuery } from "../settings/billing-settings";
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
export async function notInvoicedYet(
  db: Db,
  column: typeof i.serviceRecordId | typeof i.quoteId | typeof i.jobId,
  id: number,
  what: string,
) {
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
  /** The job it bills (the visit's or the quote's), if any. */
  jobId: number | null;
  lines: InvoiceLine[];
  notes: string | null;
  supplyDate: string;
  depositPence: number;
};

/**
 * A completed visit's work as lines. The work at the visit's price; a visit with no price of its own
 * charges its job sheet's time at the owner's labour rate (billing settings), when one is set. The
 * parts the sheet used are lines of their own at their catalogue price (the store's prices include
 * VAT, so a VAT-registered business's line is the price less VAT); a part no longer in the catalogue
 * comes at £0 for the owner to price. A visit with no sheet keeps its typed parts in the notes. The
 * last of a job's visits completes its work: from then its invoice waits for the job's Building
 * Regulations notification, as the job's does.
 */
export async function draftFromVisit(db: Db, id: number): Promise<Draft> {
  const [[visit], [sheet], catalogue, [billingRow], [regsFacts]] = await db.batch([
    db.select().from(serviceRecords).where(eq(serviceRecords.id, id)),
    db
      .select({ labourMinutes: visitSheets.labourMinutes, parts: visitSheets.parts })
      .from(visitSheets)
      .where(eq(visitSheets.serviceRecordId, id)),
    usedPartPrices(db, sql`v.id = ${id}`),
    billingRowQuery(db),
    buildingRegsRead(db, sql`(SELECT v.job_id FROM service_records AS v WHERE v.id = ${id})`),
  ]);
  if (!visit) throw notFound("Visit");
  if (visit.status !== "completed")
    throw new ApiError("CONFLICT", "Only a completed visit can be invoiced: mark it completed first.");
  if (!visit.customerId) throw new ApiError("CONFLICT", "This visit has no customer to invoice.");
  requirePaperworkDone(jobBuildingRegs(regsFacts, londonToday()));
  await notInvoicedYet(db, i.serviceRecordId, id, "visit");
  const { lines, typedParts } = visitLines(visit, sheet, catalogue, billingOf(billingRow));
  return {
    customerId: visit.customerId,
    propertyId: visit.propertyId,
    serviceRecordId: visit.id,
    quoteId: null,
    jobId: visit.jobId,
    lines: withIds(lines),
    notes: typedParts ? `Parts used: ${typedParts}`.slice(0, 2000) : null,
    supplyDate: notAfterToday(visit.serviceDate),
    depositPence: 0,
  };
}

/** The catalogue prices of the parts used on the sheets of the visits `visits` names (SQL over the visit `v`). */
export const usedPartPrices = (db: Db, visits: SQL) =>
  db
    .select({ id: products.id, pricePence: products.pricePence })
    .from(products)
    .where(
      sql`${products.id} IN (SELECT json_extract(used.value, '$.productId') FROM visit_sheets AS s
        JOIN service_records AS v ON v.id = s.service_record_id, json_each(s.parts) AS used WHERE ${visits})`,
    );

/**
 * A visit's lines: its work, then the parts its job sheet used; and the parts typed on the visit when
 * its sheet lists none (a visit's invoice keeps those in its notes).
 */
export function visitLines(
  visit: { serviceType: string; workCompleted: string | null; costPence: number | null; partsUsed: string | null },
  sheet: { labourMinutes: number | null; parts: string } | undefined,
  catalogue: { id: number; pricePence: number }[],
  billing: { labourRatePence: number | null; vatRegistered: boolean },
) {
  const parts = sheet ? (JSON.parse(sheet.parts) as SheetPart[]) : [];
  return {
    lines: [
      workLine(visit, sheet?.labourMinutes ?? null, billing.labourRatePence),
      ...partLines(parts, catalogue, billing.vatRegistered),
    ],
    typedParts: parts.length === 0 ? visit.partsUsed?.trim() || null : null,
  };
}

/** The parts a sheet used, as lines at their catalogue price (less VAT when registered; £0 when gone from the catalogue). */
function partLines(parts: SheetPart[], catalogue: { id: number; pricePence: number }[], vatRegistered: boolean) {
  const priceOf = new Map(catalogue.map((p) => [p.id, p.pricePence]));
  return parts.map((p) => ({
    description: `Part: ${p.name}`.slice(0, 300),
    quantity: p.quantity,
    unitPence: netOfShopPrice(priceOf.get(p.productId) ?? 0, vatRegistered),
    vatRate: 20 as const,
    productId: priceOf.has(p.productId) ? p.productId : null,
  }));
}

/** The visit's work: at its own price, else its sheet's minutes at the hourly rate (else £0, for the owner to price). */
function workLine(
  visit: { serviceType: string; workCompleted: string | null; costPence: number | null },
  minutes: number | null,
  ratePence: number | null,
) {
  const work = visit.workCompleted?.trim();
  const what = work ? `${visit.serviceType}: ${work}` : visit.serviceType;
  const byTheHour = visit.costPence === null && ratePence !== null && minutes !== null && minutes > 0;
  return {
    description: (byTheHour ? `${what} (labour, ${hoursText(minutes)} at ${formatPence(ratePence)} an hour)` : what).slice(
      0,
      300,
    ),
    quantity: 1,
    unitPence: byTheHour ? Math.round((minutes * ratePence) / 60) : (visit.costPence ?? 0),
    vatRate: 20 as const,
    productId: null,
  };
}

/** "1 h 30 min", "45 min", "2 h". */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}

/** A store price (VAT included) as a line's unit price before VAT, for a VAT-registered business. */
export const netOfShopPrice = (pricePence: number, vatRegistered: boolean) =>
  vatRegistered ? Math.round((pricePence * 100) / 120) : pricePence;

/**
 * An accepted quote's chosen lines; the deposit it holds comes off the balance. Once its job's work
 * is complete it is the job invoiced as done, so it waits for the Building Regulations notification.
 */
export async function draftFromQuote(db: Db, id: number): Promise<Draft> {
  const [[quote], [acceptance]] = await db.batch([
    db.select().from(quotes).where(eq(quotes.id, id)),
    db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, id)),
  ]);
  if (!quote) throw notFound("Quote");
  if (quote.status !== "accepted" || !acceptance) throw new ApiError("CONFLICT", "Only an accepted quote can be invoiced.");
  await notInvoicedYet(db, i.quoteId, id, "quote");
  const [[version], [visit], [held], [regsFacts]] = await db.batch([
    db
      .select({ content: quoteVersions.content })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, acceptance.version))),
    db
      .select({ serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, quote.visitId ?? 0)),
    // The deposit the quote holds comes off the balance (and follows its ledger from now on).
    db.select({ pence: heldSql(id) }).from(sql`(SELECT 1)`),
    buildingRegsRead(db, quote.jobId ?? 0),
  ]);
  const today = londonToday();
  requirePaperworkDone(jobBuildingRegs(regsFacts, today));
  const content = JSON.parse(version!.content) as QuoteContent;
  const option = content.options.find((o) => o.id === acceptance.optionId)!;
  const optional = JSON.parse(acceptance.optionalLineIds) as string[];
  return {
    customerId: quote.customerId,
    propertyId: quote.propertyId,
    serviceRecordId: quote.visitId,
    quoteId: quote.id,
    jobId: quote.jobId,
    lines: chosenLines(option, optional).map(({ optional: _, installation: __, ...line }) => line),
    notes: `${content.title}: ${option.name}, as accepted on quote ${numberText("estimate", quote.number!)}.`,
    supplyDate: notAfterToday(visit?.serviceDate ?? today),
    depositPence: held?.pence ?? 0,
  };
}
