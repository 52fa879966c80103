import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { coAlarmsFor, roomsWithAppliances } from "../../../schema/api/co-alarms";
import {
  type AdminGasSafetyRecord,
  COMPLIANCE_STATEMENT,
  type GasSafetyDraft,
  issueProblems,
  needsWarningNotice,
  nextDeadline,
} from "../../../schema/api/gas-safety";
import { annualServiceTypes } from "../../../schema/business";
import { gasSafetyRecords, type properties, visitEngineers, warningNotices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError } from "../../lib/errors";
import type { Letterhead } from "../../lib/pdf-layout";
import { cannotIssue, checkSignature, letterheadOf } from "../documents/drafts";
import { documentPdf } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { currentFacts } from "../settings/business-facts";
import { completeVisitWhen, insertVisitFrom } from "../visits/visit-statements";
import { gasSafetyRecordKind, warningNoticeKind } from "./document-kinds";
import { underIssuer } from "./issuer";
import { previousDeadlineQuery } from "./previous-deadline";
import { sendCopies } from "./record-copies";
import { type Context, draftOf, getGasSafetyRecord, type RecordRow, readContext } from "./records";
import type { CheckedAppliance, GasSafetySnapshot, WarningNoticeSnapshot } from "./render";

const r = gasSafetyRecords;

/** What the record and each warning notice it carries state alike, fixed at issue. */
type Fixed = {
  checked: CheckedAppliance[];
  letterhead: Letterhead;
  landlord: { name: string; address: string };
  engineer: { name: string; licence: string };
  placeOf: { address: string; postcode: string | null };
  signature: string;
};

/**
 * Issues the draft: checks every required item, fixes the snapshot, takes its number (and each
 * warning notice's) in one batch that also sets the visit's next due date, then renders the PDFs and
 * e-mails the copies. Twenty issues at once take twenty consecutive numbers; an issued record, or
 * one issued by a racing request, answers 409 and takes none.
 */
export async function issueGasSafetyRecord(env: AppEnv, db: Db, id: number, person?: AdminUser): Promise<AdminGasSafetyRecord> {
  const ctx = await readContext(db, id);
  const { record, property, customer } = ctx;
  if (record.status !== "draft") throw new ApiError("CONFLICT", "This record has already been issued.");
  if (!property || !customer) {
    throw new ApiError("VALIDATION_FAILED", "The property of this record no longer exists", {
      details: [{ path: "propertyId", message: "The property no longer exists" }],
    });
  }
  const draft = underIssuer(draftOf(record), person);
  const problems = issueProblems({ ...draft, checkDate: record.checkDate }, ctx.appliances, londonToday());
  if (problems.length) throw cannotIssue("record", problems);
  const signature = draft.signature!;
  await checkSignatures(draft);
  const { fromRecords, fromVisits } = previousDeadlineQuery(db, record);
  const [[[fromRecord], [fromVisit]], facts] = await Promise.all([db.batch([fromRecords, fromVisits]), currentFacts(db)]);
  const previousDeadline = fromRecord?.due ?? fromVisit?.due ?? null;
  const nextDueDate = nextDeadline(record.checkDate, previousDeadline);
  const issuedAt = new Date().toISOString();
  const fixed = fixedParts(ctx, property, draft, letterheadOf(facts), signature);
  const snapshot: GasSafetySnapshot = {
    checkDate: record.checkDate,
    previousDeadline,
    nextDueDate,
    issuedAt,
    company: fixed.letterhead,
    property: fixed.placeOf,
    landlord: fixed.landlord,
    tenantName: property.tenantName,
    replaces: ctx.replacesNumber === null ? null : numberText("gasSafetyRecord", ctx.replacesNumber),
    appliances: fixed.checked,
    tightnessTest: draft.tightnessTest!,
    emergencyControlAccessible: draft.emergencyControlAccessible!,
    notes: draft.notes,
    coAlarms: coAlarmsFor(roomsWithAppliances(draft.appliances, ctx.appliances), draft.coAlarms),
    complianceStatement: COMPLIANCE_STATEMENT,
    engineer: fixed.engineer,
    signature,
  };

  const stillDraft = sql`EXISTS (SELECT 1 FROM ${r} WHERE ${r.id} = ${id} AND ${r.status} = 'draft')`;
  const [first, ...rest] = [
    ...noticeStatements(db, record, fixed, issuedAt, stillDraft),
    takeNumber(db, "gasSafetyRecord", stillDraft),
    db
      .update(r)
      .set({
        status: "issued",
        number: numberTaken("gasSafetyRecord"),
        // The form as issued: under the issuing engineer's name and licence (issuer.ts).
        details: JSON.stringify(draft),
        snapshot: JSON.stringify(snapshot),
        previousDeadline,
        nextDueDate,
        issuedAt,
        updatedAt: issuedAt,
      })
      .where(and(eq(r.id, id), eq(r.status, "draft"))),
    ...visitStatements(db, record, fixed, nextDueDate, issuedAt, person?.id ?? 1),
  ];
  await db.batch([first!, ...rest] as Parameters<typeof db.batch>[0]);
  const after = await readContext(db, id);
  if (after.record.issuedAt !== issuedAt) throw new ApiError("CONFLICT", "This record has already been issued.");
  await renderFiles(env, db, after);
  await sendCopies(env, db, after);
  return getGasSafetyRecord(env, db, id);
}

/** The engineer's signature and each responsible person's on a notice: all drawable, before anything is numbered. */
async function checkSignatures(draft: GasSafetyDraft) {
  await checkSignature(draft.signature!);
  for (const [i, a] of draft.appliances.entries()) {
    const signed = needsWarningNotice(a.classification) ? a.warning?.responsibleSignature : null;
    if (signed) await checkSignature(signed, `appliances.${i}.warning.responsibleSignature`);
  }
}

/** Each appliance checked with what the property's list says of it, and who and where, as the draft has them. */
function fixedParts(
  ctx: Context,
  property: typeof properties.$inferSelect,
  draft: GasSafetyDraft,
  letterhead: Letterhead,
  signature: string,
): Fixed {
  const byId = new Map(ctx.appliances.map((a) => [a.id, a]));
  const checked: CheckedAppliance[] = draft.appliances.map((check) => {
    const a = byId.get(check.applianceId)!;
    return {
      ...check,
      // Only a notice's appliance keeps its notice's details (a name and a signature among them).
      warning: needsWarningNotice(check.classification) ? check.warning : null,
      location: a.location,
      type: a.type,
      make: a.make,
      model: a.model,
      serial: a.serial,
      flueType: a.flueType,
      landlordOwned: a.landlordOwned,
    };
  });
  const landlord = { name: draft.landlordName!, address: draft.landlordAddress! };
  const engineer = { name: draft.engineerName!, licence: draft.engineerLicence! };
  const placeOf = { address: property.address, postcode: property.postcode };
  return { checked, letterhead, landlord, engineer, placeOf, signature };
}

/** A warning notice, numbered in the same batch, for each appliance classified as needing one. */
function noticeStatements(db: Db, record: RecordRow, fixed: Fixed, issuedAt: string, stillDraft: SQL) {
  const { letterhead, placeOf, landlord, engineer, signature } = fixed;
  const notices = fixed.checked.flatMap((a, index) =>
    needsWarningNotice(a.classification) ? [{ a, index, classification: a.classification }] : [],
  );
  return notices.flatMap(({ a, index, classification }) => {
    const noticeSnapshot: WarningNoticeSnapshot = {
      issuedAt,
      checkDate: record.checkDate,
      company: letterhead,
      property: placeOf,
      landlord,
      appliance: a,
      engineer,
      signature,
    };
    return [
      takeNumber(db, "warningNotice", stillDraft),
      db.insert(warningNotices).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            recordId: sql<number>`${record.id}`.as("record_id"),
            propertyId: sql<number | null>`${record.propertyId}`.as("property_id"),
            customerId: sql<number | null>`${record.customerId}`.as("customer_id"),
            number: numberTaken("warningNotice").as("number"),
            classification: sql<string>`${classification}`.as("classification"),
            applianceIndex: sql<number>`${index}`.as("appliance_index"),
            pdfKey: sql<null>`NULL`.as("pdf_key"),
            pdfSha256: sql<null>`NULL`.as("pdf_sha256"),
            linkVersion: sql<number>`1`.as("link_version"),
            snapshot: sql<string>`${JSON.stringify(noticeSnapshot)}`.as("snapshot"),
            issuedAt: sql<string>`${issuedAt}`.as("issued_at"),
            createdAt: sql<string>`${issuedAt}`.as("created_at"),
          })
          .from(sql`(SELECT 1)`)
          .where(stillDraft),
      ),
    ];
  });
}

/**
 * The visit the check was made at takes the record's deadline as its next due date. With no visit
 * yet, the record is one (written by the visits' own code), so the landlord's reminders run from
 * its deadline, and the record names it.
 */
function visitStatements(db: Db, record: RecordRow, fixed: Fixed, nextDueDate: string, issuedAt: string, issuerId: number) {
  const id = record.id;
  if (record.serviceRecordId !== null) {
    const issuedNow = sql`(SELECT ${r.issuedAt} FROM ${r} WHERE ${r.id} = ${id}) = ${issuedAt}`;
    return [completeVisitWhen(db, record.serviceRecordId, nextDueDate, issuedNow)];
  }
  return [
    insertVisitFrom(
      db,
      {
        customerId: record.customerId,
        serviceType: annualServiceTypes[1]!,
        status: "completed",
        serviceDate: record.checkDate,
        technicianName: fixed.engineer.name,
        workCompleted: sql<string>`'Gas safety record ' || printf('GSR-%06d', ${r.number})`,
        nextServiceDue: nextDueDate,
        propertyId: record.propertyId,
        createdAt: issuedAt,
      },
      { from: r, where: and(eq(r.id, id), sql`${r.issuedAt} = ${issuedAt}`) },
    ),
    db
      .update(r)
      .set({ serviceRecordId: sql`last_insert_rowid()` })
      .where(and(eq(r.id, id), sql`${r.issuedAt} = ${issuedAt}`, sql`changes() = 1`)),
    // The visit the record made is the issuing engineer's (the owner's when issued from no session).
    db
      .insert(visitEngineers)
      .select(
        db
          .select({
            serviceRecordId: sql<number>`${r.serviceRecordId}`.as("service_record_id"),
            userId: sql<number>`${issuerId}`.as("user_id"),
            startsAt: sql<null>`NULL`.as("starts_at"),
            endsAt: sql<null>`NULL`.as("ends_at"),
          })
          .from(r)
          .where(and(eq(r.id, id), sql`${r.issuedAt} = ${issuedAt}`, isNotNull(r.serviceRecordId))),
      )
      .onConflictDoNothing(),
  ];
}

/**
 * The files now, so the e-mails and the first look find them stored; a failure here leaves them
 * to be rendered on first use (the snapshot is fixed).
 */
async function renderFiles(env: AppEnv, db: Db, after: Context) {
  const id = after.record.id;
  try {
    await documentPdf(env, db, gasSafetyRecordKind, id);
    for (const notice of after.notices) await documentPdf(env, db, warningNoticeKind, notice.id);
  } catch (error) {
    console.error(JSON.stringify({ document: "gas-safety-record", id, stage: "pdf", error: String(error) }));
  }
}
