import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { invoices, jobs, quotes, serviceRecords, visitSheets } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { buildingRegsRead, jobBuildingRegs, requirePaperworkDone } from "../jobs/building-regs";
import { billingOf, billingRowQuery } from "../settings/billing-settings";
import { type Draft, draftFromQuote, notInvoicedYet, usedPartPrices, visitLines, withIds } from "./draft-sources";
import { notAfterToday } from "./invoices";

/**
 * "Invoice the job": one draft from everything the job has (docs/decisions/023-the-job.md). The
 * accepted quote's chosen lines, less the deposit paid, are the price of the visit it booked; every
 * other visit of the job adds its work (at its price, or its sheet's time at the labour rate) and the
 * parts its sheet used at their catalogue price. The quote's own visit adds nothing: what it used is
 * in the price the customer accepted. A job that fitted a boiler, a cylinder or a gas fire is invoiced
 * as done only once its Building Regulations notification is recorded (issue 47).
 */
export async function draftFromJob(db: Db, jobId: number): Promise<Draft> {
  const visitIds = db.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.jobId, jobId));
  const [[job], visits, sheets, catalogue, [billingRow], [quote], [regsFacts]] = await db.batch([
    db.select({ id: jobs.id, customerId: jobs.customerId, propertyId: jobs.propertyId }).from(jobs).where(eq(jobs.id, jobId)),
    db
      .select()
      .from(serviceRecords)
      .where(eq(serviceRecords.jobId, jobId))
      .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.id)),
    db
      .select({
        serviceRecordId: visitSheets.serviceRecordId,
        labourMinutes: visitSheets.labourMinutes,
        parts: visitSheets.parts,
      })
      .from(visitSheets)
      .where(inArray(visitSheets.serviceRecordId, visitIds)),
    usedPartPrices(db, sql`v.job_id = ${jobId}`),
    billingRowQuery(db),
    db
      .select({ id: quotes.id, visitId: quotes.visitId })
      .from(quotes)
      .where(and(eq(quotes.jobId, jobId), eq(quotes.status, "accepted"))),
    buildingRegsRead(db, jobId),
  ]);
  if (!job) throw notFound("Job");
  if (!job.customerId) throw new ApiError("CONFLICT", "This job has no customer to invoice.");
  if (visits.length === 0 || visits.some((v) => v.status !== "completed"))
    throw new ApiError("CONFLICT", "Only a job whose visits are all completed can be invoiced: finish them first.");
  requirePaperworkDone(jobBuildingRegs(regsFacts, londonToday()));
  await notInvoicedYet(db, invoices.jobId, jobId, "job");
  const billing = billingOf(billingRow);
  const fromQuote = quote ? await draftFromQuote(db, quote.id) : null;
  const extraVisits = visits.filter((v) => v.id !== quote?.visitId);
  const each = extraVisits.map((visit) =>
    visitLines(
      visit,
      sheets.find((s) => s.serviceRecordId === visit.id),
      catalogue,
      billing,
    ),
  );
  const lines = each.flatMap((v) => v.lines);
  // Parts typed on a visit whose sheet lists none stay in the notes, as a visit's own invoice keeps them.
  const typedParts = each.flatMap((v) => (v.typedParts ? [v.typedParts] : []));
  const notes = [fromQuote?.notes, typedParts.length ? `Parts used: ${typedParts.join("; ")}` : null].filter(Boolean).join("\n");
  const lastDay = visits
    .map((v) => v.serviceDate)
    .sort()
    .at(-1)!;
  return {
    customerId: job.customerId,
    propertyId: job.propertyId,
    serviceRecordId: visits.length === 1 ? visits[0]!.id : null,
    quoteId: quote?.id ?? null,
    jobId,
    lines: withIds([...(fromQuote?.lines ?? []), ...lines]),
    notes: notes ? notes.slice(0, 2000) : null,
    supplyDate: notAfterToday(lastDay),
    depositPence: fromQuote?.depositPence ?? 0,
  };
}
