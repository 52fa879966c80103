import { and, asc, desc, eq, isNotNull, lte, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  type AdminGasSafetyRecord,
  type ApplianceCheck,
  type DocumentSummary,
  emptyDraft,
  type GasSafetyChanges,
  type GasSafetyDraft,
  issueProblems,
  type NewGasSafetyRecord,
  needsWarningNotice,
  nextDeadline,
  TENANT_COPY_DAYS,
} from "../../../schema/api/gas-safety";
import type { AdminAppliance } from "../../../schema/api/properties";
import { annualServiceTypes, reminderVisitPatterns } from "../../../schema/business";
import {
  appliances,
  customers,
  gasSafetyRecords,
  outgoingEmails,
  properties,
  serviceRecords,
  serviceSheets,
  warningNotices,
} from "../../../schema/db";
import { addDays, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { currentFacts } from "../business-facts";
import { cannotIssue, checkSignature, customerAddress, definedOnly, letterheadOf, pastDay } from "../documents/drafts";
import { documentPdf, documentUrl } from "../documents/files";
import { queueEmails } from "../mail/deliveries";
import { numberTaken, takeNumber } from "../number-series";
import { gasSafetyRecordEmails } from "./emails";
import type { CheckedAppliance, GasSafetySnapshot, WarningNoticeSnapshot } from "./render";

/**
 * Landlord gas safety records: drafts the engineer fills (PATCH as they go), issued once with every
 * reg. 36(3) item (schema/api/gas-safety.ts issueProblems), numbered GSR-000001… in the batch that
 * fixes them with the warning notices they carry, then rendered to PDF and e-mailed to the landlord
 * (and the tenant where the property says so). The reg. 36A deadline it sets becomes the visit's next
 * due date, which the landlord reminders already run from.
 */
const r = gasSafetyRecords;

export const ISSUED_IS_FIXED =
  "This record has been issued and cannot be changed. To correct it, start a new record that replaces it.";

type RecordRow = typeof gasSafetyRecords.$inferSelect;
type Context = {
  record: RecordRow;
  property: typeof properties.$inferSelect | null;
  customer: typeof customers.$inferSelect | null;
  appliances: AdminAppliance[];
  notices: (typeof warningNotices.$inferSelect)[];
  replacesNumber: number | null;
  landlordSentAt: string | null;
  tenantSentAt: string | null;
  tenantEmailFailed: number;
};

/**
 * The record with its property, customer, appliances and notices: one batch. (Whole rows of joined
 * tables are read one table a statement: D1 names a joined row's columns by name, and tables that
 * share names like `id` would overwrite each other's.)
 */
async function readContext(db: Db, id: number): Promise<Context> {
  const ofRecord = (column: typeof r.propertyId | typeof r.customerId) => sql`(SELECT ${column} FROM ${r} WHERE ${r.id} = ${id})`;
  const [[row], [property], [customer], applianceRows, notices] = await db.batch([
    db
      .select({
        record: r,
        replacesNumber: sql<
          number | null
        >`(SELECT number FROM gas_safety_records AS replaced WHERE replaced.id = "gas_safety_records"."replaces_id")`,
        // A select from gas_safety_records alone, whose columns Drizzle writes unqualified: the
        // subqueries name the record in full and their own table by its alias (decision 013).
        landlordSentAt: sql<
          string | null
        >`(SELECT e.sent_at FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"gas_safety_records"."landlord_email_id"')})`,
        tenantSentAt: sql<
          string | null
        >`(SELECT e.sent_at FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"gas_safety_records"."tenant_email_id"')})`,
        tenantEmailFailed: sql<number>`COALESCE((SELECT e.status = 'failed' FROM ${outgoingEmails} AS e
          WHERE e.id = ${sql.raw('"gas_safety_records"."tenant_email_id"')}), 1)`,
      })
      .from(r)
      .where(eq(r.id, id)),
    db
      .select()
      .from(properties)
      .where(eq(properties.id, ofRecord(r.propertyId))),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, ofRecord(r.customerId))),
    db
      .select()
      .from(appliances)
      .where(eq(appliances.propertyId, ofRecord(r.propertyId)))
      .orderBy(asc(appliances.id)),
    db.select().from(warningNotices).where(eq(warningNotices.recordId, id)).orderBy(asc(warningNotices.applianceIndex)),
  ]);
  if (!row) throw notFound("Gas safety record");
  return {
    ...row,
    property: property ?? null,
    customer: customer ?? null,
    appliances: applianceRows.map(({ createdAt: _, ...a }) => a),
    notices,
  };
}

const draftOf = (record: RecordRow): GasSafetyDraft => ({
  ...emptyDraft(),
  ...(JSON.parse(record.details) as Partial<GasSafetyDraft>),
});

/** The tenant's copy is due until it went (by e-mail or, as the owner says, by hand). */
function tenantCopyDueBy(ctx: Context): string | null {
  const { record, property } = ctx;
  if (record.status !== "issued" || !property || (!property.tenantName && !property.tenantEmail)) return null;
  // An e-mail on its way (or sent) counts; one that failed leaves the copy due.
  if (!ctx.tenantEmailFailed || record.tenantCopyGivenAt) return null;
  return addDays(record.checkDate, TENANT_COPY_DAYS);
}

async function toAdminRecord(env: AppEnv, ctx: Context): Promise<AdminGasSafetyRecord> {
  const { record, property } = ctx;
  const issued = record.status === "issued";
  return {
    ...draftOf(record),
    id: record.id,
    status: record.status,
    number: record.number === null ? null : numberText("gasSafetyRecord", record.number),
    propertyId: record.propertyId,
    customerId: record.customerId,
    serviceRecordId: record.serviceRecordId,
    checkDate: record.checkDate,
    previousDeadline: record.previousDeadline,
    nextDueDate: record.nextDueDate,
    replacesId: record.replacesId,
    replacesNumber: ctx.replacesNumber === null ? null : numberText("gasSafetyRecord", ctx.replacesNumber),
    issuedAt: record.issuedAt,
    pdfUrl: issued ? await documentUrl(env, "gas-safety-record", record.id, record.linkVersion) : null,
    pdfSha256: record.pdfSha256,
    warningNotices: await Promise.all(
      ctx.notices.map(async (n) => ({
        kind: "warning-notice" as const,
        id: n.id,
        status: "issued" as const,
        number: numberText("warningNotice", n.number),
        propertyId: n.propertyId,
        date: record.checkDate,
        nextDueDate: null,
        classification: n.classification,
        pdfUrl: await documentUrl(env, "warning-notice", n.id, n.linkVersion),
        tenantCopyDueBy: null,
      })),
    ),
    property: property && {
      address: property.address,
      postcode: property.postcode,
      tenantName: property.tenantName,
      tenantEmail: property.tenantEmail,
      tenantGetsCopies: property.tenantGetsCopies,
      appliances: ctx.appliances,
    },
    copies: {
      landlordEmailed: record.landlordEmailId !== null,
      landlordSentAt: ctx.landlordSentAt,
      tenantEmailed: record.tenantEmailId !== null,
      tenantSentAt: ctx.tenantSentAt,
      tenantCopyGivenAt: record.tenantCopyGivenAt,
      tenantCopyDueBy: tenantCopyDueBy(ctx),
    },
    updatedAt: record.updatedAt,
  };
}

export async function getGasSafetyRecord(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  return toAdminRecord(env, await readContext(db, id));
}

function badAppliances(checks: ApplianceCheck[] | undefined, propertyAppliances: { id: number }[]) {
  const known = new Set(propertyAppliances.map((a) => a.id));
  const details = (checks ?? []).flatMap((c, i) =>
    known.has(c.applianceId) ? [] : [{ path: `appliances.${i}.applianceId`, message: "This appliance is not at this property" }],
  );
  const seen = new Set<number>();
  (checks ?? []).forEach((c, i) => {
    if (seen.has(c.applianceId))
      details.push({ path: `appliances.${i}.applianceId`, message: "This appliance is on the record twice" });
    seen.add(c.applianceId);
  });
  if (details.length) throw new ApiError("VALIDATION_FAILED", details[0]!.message, { details });
}

/**
 * A new draft at a property: the landlord's name and address from the customer, every appliance of
 * the property listed (a tenant's own for a visual check), the engineer from their last record. A
 * correction starts from what the record it replaces said.
 */
export async function createGasSafetyRecord(env: AppEnv, db: Db, input: NewGasSafetyRecord): Promise<AdminGasSafetyRecord> {
  const [[owner], propertyAppliances, [lastEngineer], [visit], [replacing]] = await db.batch([
    db
      .select({
        customerId: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        address: customers.address,
        postcode: customers.postcode,
      })
      .from(properties)
      .innerJoin(customers, eq(customers.id, properties.customerId))
      .where(eq(properties.id, input.propertyId)),
    db.select().from(appliances).where(eq(appliances.propertyId, input.propertyId)).orderBy(asc(appliances.id)),
    db.select({ details: r.details }).from(r).where(eq(r.status, "issued")).orderBy(desc(r.issuedAt)).limit(1),
    db
      .select({ id: serviceRecords.id, customerId: serviceRecords.customerId, serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, input.serviceRecordId ?? 0)),
    db
      .select()
      .from(r)
      .where(eq(r.id, input.replacesId ?? 0)),
  ]);
  if (!owner) throw notFound("Property");
  if (input.serviceRecordId !== null && (!visit || visit.customerId !== owner.customerId)) throw notFound("Visit");
  if (input.replacesId !== null) {
    if (replacing?.status !== "issued" || replacing.propertyId !== input.propertyId) {
      throw new ApiError("VALIDATION_FAILED", "Only an issued record of this property can be replaced", {
        details: [{ path: "replacesId", message: "Only an issued record of this property can be replaced" }],
      });
    }
  }
  badAppliances(input.appliances, propertyAppliances);
  const engineer = lastEngineer ? (JSON.parse(lastEngineer.details) as Partial<GasSafetyDraft>) : {};
  const base: GasSafetyDraft = replacing
    ? { ...draftOf(replacing), signature: null }
    : {
        ...emptyDraft(),
        landlordName: `${owner.firstName} ${owner.lastName}`.trim(),
        landlordAddress: customerAddress(owner),
        appliances: propertyAppliances.map((a) => blankCheck(a.id, !a.landlordOwned)),
        engineerName: engineer.engineerName ?? null,
        engineerLicence: engineer.engineerLicence ?? null,
      };
  const { propertyId, serviceRecordId, replacesId, checkDate, ...fields } = input;
  const details: GasSafetyDraft = { ...base, ...definedOnly(fields) };
  const [row] = await db
    .insert(r)
    .values({
      propertyId,
      customerId: owner.customerId,
      serviceRecordId: serviceRecordId ?? replacing?.serviceRecordId ?? null,
      replacesId,
      checkDate: checkDate ?? pastDay(visit?.serviceDate, londonToday()) ?? londonToday(),
      details: JSON.stringify(details),
    })
    .returning({ id: r.id });
  return getGasSafetyRecord(env, db, row!.id);
}

export const blankCheck = (applianceId: number, visualOnly: boolean): ApplianceCheck => ({
  applianceId,
  visualOnly,
  operatingPressureMbar: null,
  heatInputKw: null,
  safetyDevices: null,
  ventilation: null,
  flueVisual: null,
  flueFlow: null,
  spillage: null,
  coPpm: null,
  co2Percent: null,
  coCo2Ratio: null,
  safeToUse: null,
  classification: null,
  defect: null,
  remedialAction: null,
  warning: null,
});

/** A draft's changes, saved as the engineer goes; an issued record answers 409. */
export async function updateGasSafetyRecord(
  env: AppEnv,
  db: Db,
  id: number,
  changes: GasSafetyChanges,
): Promise<AdminGasSafetyRecord> {
  const ctx = await readContext(db, id);
  if (ctx.record.status !== "draft") throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  badAppliances(changes.appliances, ctx.appliances);
  const { checkDate, ...fields } = changes;
  const details = { ...draftOf(ctx.record), ...definedOnly(fields) };
  const [updated] = await db
    .update(r)
    .set({ details: JSON.stringify(details), checkDate: checkDate ?? ctx.record.checkDate, updatedAt: new Date().toISOString() })
    .where(and(eq(r.id, id), eq(r.status, "draft")))
    .returning({ id: r.id });
  if (!updated) throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  return getGasSafetyRecord(env, db, id);
}

/**
 * The deadline this check is measured against: the property's latest issued record's (one it does
 * not replace), or else the latest gas safety visit's next due date there.
 */
function previousDeadlineQuery(db: Db, record: RecordRow) {
  const patterns = JSON.stringify(reminderVisitPatterns.gasSafety);
  const propertyId = record.propertyId ?? 0;
  const fromRecords = db
    .select({ due: r.nextDueDate })
    .from(r)
    .where(
      and(
        eq(r.propertyId, propertyId),
        eq(r.status, "issued"),
        ne(r.id, record.id),
        lte(r.checkDate, record.checkDate),
        record.replacesId === null ? undefined : ne(r.id, record.replacesId),
      ),
    )
    .orderBy(desc(r.checkDate), desc(r.id))
    .limit(1);
  const fromVisits = db
    .select({ due: serviceRecords.nextServiceDue })
    .from(serviceRecords)
    .where(
      and(
        eq(serviceRecords.propertyId, propertyId),
        isNotNull(serviceRecords.nextServiceDue),
        lte(serviceRecords.serviceDate, record.checkDate),
        record.serviceRecordId === null ? undefined : ne(serviceRecords.id, record.serviceRecordId),
        sql`EXISTS (SELECT 1 FROM json_each(${patterns}) WHERE lower(${serviceRecords.serviceType}) LIKE value)`,
      ),
    )
    .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id))
    .limit(1);
  return { fromRecords, fromVisits };
}

/**
 * Issues the draft: checks every required item, fixes the snapshot, takes its number (and each
 * warning notice's) in one batch that also sets the visit's next due date, then renders the PDFs and
 * e-mails the copies. Twenty issues at once take twenty consecutive numbers; an issued record, or
 * one issued by a racing request, answers 409 and takes none.
 */
export async function issueGasSafetyRecord(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  const ctx = await readContext(db, id);
  const { record, property, customer } = ctx;
  if (record.status !== "draft") throw new ApiError("CONFLICT", "This record has already been issued.");
  if (!property || !customer) {
    throw new ApiError("VALIDATION_FAILED", "The property of this record no longer exists", {
      details: [{ path: "propertyId", message: "The property no longer exists" }],
    });
  }
  const draft = draftOf(record);
  const problems = issueProblems({ ...draft, checkDate: record.checkDate }, ctx.appliances, londonToday());
  if (problems.length) throw cannotIssue("record", problems);
  const signature = draft.signature!;
  await checkSignature(signature);
  const { fromRecords, fromVisits } = previousDeadlineQuery(db, record);
  const [[[fromRecord], [fromVisit]], facts] = await Promise.all([db.batch([fromRecords, fromVisits]), currentFacts(db)]);
  const previousDeadline = fromRecord?.due ?? fromVisit?.due ?? null;
  const nextDueDate = nextDeadline(record.checkDate, previousDeadline);
  const issuedAt = new Date().toISOString();
  const byId = new Map(ctx.appliances.map((a) => [a.id, a]));
  const checked: CheckedAppliance[] = draft.appliances.map((check) => {
    const a = byId.get(check.applianceId)!;
    return {
      ...check,
      location: a.location,
      type: a.type,
      make: a.make,
      model: a.model,
      serial: a.serial,
      flueType: a.flueType,
      landlordOwned: a.landlordOwned,
    };
  });
  const letterhead = letterheadOf(facts);
  const landlord = { name: draft.landlordName!, address: draft.landlordAddress! };
  const engineer = { name: draft.engineerName!, licence: draft.engineerLicence! };
  const placeOf = { address: property.address, postcode: property.postcode };
  const snapshot: GasSafetySnapshot = {
    checkDate: record.checkDate,
    previousDeadline,
    nextDueDate,
    issuedAt,
    company: letterhead,
    property: placeOf,
    landlord,
    tenantName: property.tenantName,
    replaces: ctx.replacesNumber === null ? null : numberText("gasSafetyRecord", ctx.replacesNumber),
    appliances: checked,
    tightnessTest: draft.tightnessTest!,
    emergencyControlAccessible: draft.emergencyControlAccessible!,
    notes: draft.notes,
    engineer,
    signature,
  };

  const stillDraft = sql`EXISTS (SELECT 1 FROM ${r} WHERE ${r.id} = ${id} AND ${r.status} = 'draft')`;
  const notices = checked.flatMap((a, index) =>
    needsWarningNotice(a.classification) ? [{ a, index, classification: a.classification }] : [],
  );
  const noticeStatements = notices.flatMap(({ a, index, classification }) => {
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
            recordId: sql<number>`${id}`.as("record_id"),
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
  const issuedNow = sql`(SELECT ${r.issuedAt} FROM ${r} WHERE ${r.id} = ${id}) = ${issuedAt}`;
  const visitUpdate =
    record.serviceRecordId !== null
      ? [
          db
            .update(serviceRecords)
            .set({ nextServiceDue: nextDueDate, status: "completed" })
            .where(and(eq(serviceRecords.id, record.serviceRecordId), issuedNow)),
        ]
      : [
          // No visit yet: the record is one, so the landlord's reminders run from its deadline.
          db.insert(serviceRecords).select(
            db
              .select({
                id: sql<number>`NULL`.as("id"),
                customerId: sql<number | null>`${record.customerId}`.as("customer_id"),
                serviceType: sql<string>`${annualServiceTypes[1]}`.as("service_type"),
                equipmentType: sql<null>`NULL`.as("equipment_type"),
                equipmentModel: sql<null>`NULL`.as("equipment_model"),
                status: sql<string>`'completed'`.as("status"),
                serviceDate: sql<string>`${record.checkDate}`.as("service_date"),
                technicianName: sql<string>`${engineer.name}`.as("technician_name"),
                costPence: sql<null>`NULL`.as("cost_pence"),
                workCompleted: sql<string>`'Gas safety record ' || printf('GSR-%06d', ${r.number})`.as("work_completed"),
                partsUsed: sql<null>`NULL`.as("parts_used"),
                nextServiceDue: sql<string>`${nextDueDate}`.as("next_service_due"),
                description: sql<null>`NULL`.as("description"),
                notes: sql<null>`NULL`.as("notes"),
                visitStart: sql<null>`NULL`.as("visit_start"),
                visitEnd: sql<null>`NULL`.as("visit_end"),
                propertyId: sql<number | null>`${record.propertyId}`.as("property_id"),
                quoteId: sql<null>`NULL`.as("quote_id"),
                createdAt: sql<string>`${issuedAt}`.as("created_at"),
                version: sql<number>`1`.as("version"),
              })
              .from(r)
              .where(and(eq(r.id, id), sql`${r.issuedAt} = ${issuedAt}`)),
          ),
          db
            .update(r)
            .set({ serviceRecordId: sql`last_insert_rowid()` })
            .where(and(eq(r.id, id), sql`${r.issuedAt} = ${issuedAt}`, sql`changes() = 1`)),
        ];
  const [first, ...rest] = [
    ...noticeStatements,
    takeNumber(db, "gasSafetyRecord", stillDraft),
    db
      .update(r)
      .set({
        status: "issued",
        number: numberTaken("gasSafetyRecord"),
        snapshot: JSON.stringify(snapshot),
        previousDeadline,
        nextDueDate,
        issuedAt,
        updatedAt: issuedAt,
      })
      .where(and(eq(r.id, id), eq(r.status, "draft"))),
    ...visitUpdate,
  ];
  await db.batch([first!, ...rest] as Parameters<typeof db.batch>[0]);
  const after = await readContext(db, id);
  if (after.record.issuedAt !== issuedAt) throw new ApiError("CONFLICT", "This record has already been issued.");

  // The files now, so the e-mails and the first look find them stored; a failure here leaves them
  // to be rendered on first use (the snapshot is fixed).
  try {
    await documentPdf(env, db, "gas-safety-record", id);
    for (const notice of after.notices) await documentPdf(env, db, "warning-notice", notice.id);
  } catch (error) {
    console.error(JSON.stringify({ document: "gas-safety-record", id, stage: "pdf", error: String(error) }));
  }
  await sendCopies(env, db, after);
  return getGasSafetyRecord(env, db, id);
}

/** E-mails the landlord their copy and the tenant theirs where the property says so; the record keeps which. */
async function sendCopies(env: AppEnv, db: Db, ctx: Context) {
  const { record, property, customer } = ctx;
  const number = numberText("gasSafetyRecord", record.number!);
  const messages = gasSafetyRecordEmails({
    number,
    recordId: record.id,
    noticeIds: ctx.notices.map((n) => ({ id: n.id, number: numberText("warningNotice", n.number) })),
    checkDate: record.checkDate,
    nextDueDate: record.nextDueDate!,
    place: property!.address,
    landlord: customer?.email ? { name: customer.firstName, email: customer.email } : null,
    tenant:
      property?.tenantGetsCopies && property.tenantEmail ? { name: property.tenantName, email: property.tenantEmail } : null,
    pdfUrl: siteUrl(env, await documentUrl(env, "gas-safety-record", record.id, record.linkVersion)),
  });
  const list = [messages.landlord, messages.tenant].filter((m) => m !== null);
  if (list.length === 0) return;
  try {
    const ids = await queueEmails(db, env.MAIL_QUEUE, list);
    let next = 0;
    await db
      .update(r)
      .set({
        landlordEmailId: messages.landlord ? ids[next++] : null,
        tenantEmailId: messages.tenant ? ids[next++] : null,
      })
      .where(eq(r.id, record.id));
  } catch (error) {
    console.error(JSON.stringify({ document: "gas-safety-record", id: record.id, stage: "mail", error: String(error) }));
  }
}

/** The owner gave the tenant their copy another way. */
export async function markTenantCopyGiven(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  const [row] = await db
    .update(r)
    .set({ tenantCopyGivenAt: new Date().toISOString() })
    .where(and(eq(r.id, id), eq(r.status, "issued")))
    .returning({ id: r.id });
  if (!row) {
    await readContext(db, id);
    throw new ApiError("CONFLICT", "Only an issued record has a tenant's copy.");
  }
  return getGasSafetyRecord(env, db, id);
}

/** Every link given so far stops working; the answer carries the new one. */
export async function revokeGasSafetyLinks(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  const [row] = await db
    .update(r)
    .set({ linkVersion: sql`${r.linkVersion} + 1` })
    .where(and(eq(r.id, id), eq(r.status, "issued")))
    .returning({ id: r.id });
  if (!row) {
    await readContext(db, id);
    throw new ApiError("CONFLICT", "A draft has no links to revoke.");
  }
  await db
    .update(warningNotices)
    .set({ linkVersion: sql`${warningNotices.linkVersion} + 1` })
    .where(eq(warningNotices.recordId, id));
  return getGasSafetyRecord(env, db, id);
}

/** The records and notices at these properties or of this customer, newest first, for their pages. */
export async function listDocuments(
  env: AppEnv,
  db: Db,
  where: { customerId: number } | { propertyIds: number[] } | { customerIds: SQLWrapper },
): Promise<DocumentSummary[]> {
  /** Whose documents: one customer, some properties, or the customers a subquery names (an account's). */
  const scope = (customerId: SQLiteColumn, propertyId: SQLiteColumn): SQL | undefined =>
    "customerId" in where
      ? eq(customerId, where.customerId)
      : "customerIds" in where
        ? sql`${customerId} IN (${where.customerIds})`
        : inJsonList(propertyId, where.propertyIds);
  const recordWhere = scope(r.customerId, r.propertyId);
  const noticeWhere = scope(warningNotices.customerId, warningNotices.propertyId);
  const sheetWhere = scope(serviceSheets.customerId, serviceSheets.propertyId);
  const [records, notices, sheets] = await db.batch([
    db
      .select({
        id: r.id,
        status: r.status,
        number: r.number,
        propertyId: r.propertyId,
        checkDate: r.checkDate,
        nextDueDate: r.nextDueDate,
        linkVersion: r.linkVersion,
        // Unqualified in this single-table select: the subqueries name the record in full (decision 013).
        tenantCopyPending: sql<number>`${r.status} = 'issued' AND ${r.tenantCopyGivenAt} IS NULL
          AND COALESCE((SELECT e.status FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"gas_safety_records"."tenant_email_id"')}), 'failed') = 'failed'
          AND EXISTS (SELECT 1 FROM ${properties} AS p WHERE p.id = ${sql.raw('"gas_safety_records"."property_id"')}
            AND (p.tenant_name IS NOT NULL OR p.tenant_email IS NOT NULL))`,
      })
      .from(r)
      .where(recordWhere)
      .orderBy(desc(r.checkDate), desc(r.id))
      .limit(200),
    db
      .select({
        id: warningNotices.id,
        number: warningNotices.number,
        propertyId: warningNotices.propertyId,
        classification: warningNotices.classification,
        checkDate: r.checkDate,
        linkVersion: warningNotices.linkVersion,
      })
      .from(warningNotices)
      .leftJoin(r, eq(r.id, warningNotices.recordId))
      .where(noticeWhere)
      .orderBy(desc(warningNotices.id))
      .limit(200),
    db
      .select({
        id: serviceSheets.id,
        status: serviceSheets.status,
        number: serviceSheets.number,
        propertyId: serviceSheets.propertyId,
        serviceDate: serviceSheets.serviceDate,
        nextServiceDate: serviceSheets.nextServiceDate,
        linkVersion: serviceSheets.linkVersion,
      })
      .from(serviceSheets)
      .where(sheetWhere)
      .orderBy(desc(serviceSheets.serviceDate), desc(serviceSheets.id))
      .limit(200),
  ]);
  // Only the latest issued record at each property still owes the tenant a copy.
  const latest = new Map<number | null, number>();
  for (const d of records) if (d.status === "issued" && !latest.has(d.propertyId)) latest.set(d.propertyId, d.id);
  const summaries: DocumentSummary[] = await Promise.all([
    ...records.map(async (d) => ({
      kind: "gas-safety-record" as const,
      id: d.id,
      status: d.status,
      number: d.number === null ? null : numberText("gasSafetyRecord", d.number),
      propertyId: d.propertyId,
      date: d.checkDate,
      nextDueDate: d.nextDueDate,
      classification: null,
      pdfUrl: d.status === "issued" ? await documentUrl(env, "gas-safety-record", d.id, d.linkVersion) : null,
      tenantCopyDueBy: latest.get(d.propertyId) === d.id && d.tenantCopyPending ? addDays(d.checkDate, TENANT_COPY_DAYS) : null,
    })),
    ...notices.map(async (n) => ({
      kind: "warning-notice" as const,
      id: n.id,
      status: "issued" as const,
      number: numberText("warningNotice", n.number),
      propertyId: n.propertyId,
      date: n.checkDate ?? "",
      nextDueDate: null,
      classification: n.classification,
      pdfUrl: await documentUrl(env, "warning-notice", n.id, n.linkVersion),
      tenantCopyDueBy: null,
    })),
    ...sheets.map(async (d) => ({
      kind: "service-sheet" as const,
      id: d.id,
      status: d.status,
      number: d.number === null ? null : numberText("serviceSheet", d.number),
      propertyId: d.propertyId,
      date: d.serviceDate,
      nextDueDate: d.nextServiceDate,
      classification: null,
      pdfUrl: d.status === "issued" ? await documentUrl(env, "service-sheet", d.id, d.linkVersion) : null,
      tenantCopyDueBy: null,
    })),
  ]);
  return summaries.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
