import { and, eq, sql } from "drizzle-orm";
import { benchmarkProblems, outOfRange } from "../../../schema/api/benchmark-problems";
import type { AdminBenchmarkRecord } from "../../../schema/api/benchmark-records";
import { benchmarkRecords } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { cannotIssue, checkSignature, letterheadOf } from "../documents/drafts";
import { documentPdf, documentUrl } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { underIssuer } from "../gas-safety/issuer";
import { queueEmails } from "../mail/deliveries";
import { currentFacts } from "../settings/business-facts";
import { benchmarkKind } from "./document-kind";
import { benchmarkEmail } from "./email";
import { type BenchmarkContext, benchmarkDraftOf, getBenchmarkRecord, readBenchmarkContext } from "./records";
import type { BenchmarkSnapshot } from "./render";

const b = benchmarkRecords;
const ALREADY_ISSUED = "This Benchmark checklist has already been issued.";

/**
 * Issues the checklist as a gas safety record is issued (gas-safety/issuer.ts): under the Gas Safe
 * licence on the issuing person's profile, or, for the owner of a business of one without one, the
 * name and licence entered; an engineer without a licence is refused with a clear message. Every
 * item filled, readings outside the manufacturer's limits only with the reason, both signatures
 * drawable; numbered BM-… in the batch that fixes it, then rendered and e-mailed to the customer.
 */
export async function issueBenchmarkRecord(
  env: AppEnv,
  db: Db,
  id: number,
  by: AdminUser | undefined,
): Promise<AdminBenchmarkRecord> {
  const ctx = await readBenchmarkContext(db, id);
  const { record, property, customer } = ctx;
  if (record.status !== "draft") throw new ApiError("CONFLICT", ALREADY_ISSUED);
  if (!property || !customer) throw notFound("Property");
  const draft = underIssuer(benchmarkDraftOf(record), by);
  const problems = benchmarkProblems(
    { ...draft, commissionedOn: record.commissionedOn, applianceId: record.applianceId },
    londonToday(),
  );
  if (problems.length) throw cannotIssue("Benchmark checklist", problems);
  await checkSignature(draft.signature!);
  await checkSignature(draft.customerSignature!, "customerSignature");
  const issuedAt = new Date().toISOString();
  const { engineerName, engineerLicence, ...form } = draft;
  const outside = outOfRange(draft);
  const snapshot: BenchmarkSnapshot = {
    ...form,
    outOfRangeReason: outside.length > 0 ? draft.outOfRangeReason : null,
    commissionedOn: record.commissionedOn,
    issuedAt,
    company: letterheadOf(await currentFacts(db)),
    property: { address: property.address, postcode: property.postcode },
    boilerLocation: ctx.appliances.find((a) => a.id === record.applianceId)?.location ?? "-",
    engineer: { name: engineerName!, licence: engineerLicence! },
    buildingRegs: {
      number: draft.buildingRegsNumber ?? ctx.buildingRegs?.reference ?? null,
      certificateNumber: ctx.buildingRegs?.certificateNumber ?? null,
    },
    outOfRange: outside,
    signature: draft.signature!,
    customerName: draft.customerName!,
    customerSignature: draft.customerSignature!,
  };
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${b} WHERE ${b.id} = ${id} AND ${b.status} = 'draft')`;
  // Whether this request fixed it is what its own UPDATE changed: two issues in the same instant share an issuedAt.
  const [, fixed] = await db.batch([
    takeNumber(db, "benchmark", stillDraft),
    db
      .update(b)
      .set({
        status: "issued",
        number: numberTaken("benchmark"),
        // The form as issued: under the issuing engineer's name and licence (gas-safety/issuer.ts).
        details: JSON.stringify(draft),
        snapshot: JSON.stringify(snapshot),
        issuedAt,
        updatedAt: issuedAt,
      })
      .where(and(eq(b.id, id), eq(b.status, "draft")))
      .returning({ id: b.id }),
  ]);
  if (fixed.length === 0) throw new ApiError("CONFLICT", ALREADY_ISSUED);
  const after = await readBenchmarkContext(db, id);
  try {
    await documentPdf(env, db, benchmarkKind, id);
  } catch (error) {
    console.error(JSON.stringify({ document: "benchmark", id, stage: "pdf", error: String(error) }));
  }
  if (customer.email) await emailCustomer(env, db, after, customer.email, customer.firstName);
  return getBenchmarkRecord(env, db, id);
}

/** The customer's copy; a failure to queue it is logged, the checklist stays issued. */
async function emailCustomer(env: AppEnv, db: Db, ctx: BenchmarkContext, to: string, name: string): Promise<void> {
  const { record, property } = ctx;
  try {
    const [emailId] = await queueEmails(db, env.MAIL_QUEUE, [
      benchmarkEmail({
        to,
        name,
        number: numberText("benchmark", record.number!),
        recordId: record.id,
        commissionedOn: record.commissionedOn,
        place: property!.address,
        pdfUrl: siteUrl(env, await documentUrl(env, benchmarkKind, record.id, record.linkVersion)),
      }),
    ]);
    await db.update(b).set({ customerEmailId: emailId }).where(eq(b.id, record.id));
  } catch (error) {
    console.error(JSON.stringify({ document: "benchmark", id: record.id, stage: "mail", error: String(error) }));
  }
}
