import { and, asc, eq, sql } from "drizzle-orm";
import {
  type AdminBenchmarkRecord,
  type BenchmarkChanges,
  type BenchmarkDraft,
  emptyBenchmark,
  type NewBenchmarkRecord,
} from "../../../schema/api/benchmark-records";
import {
  appliances,
  benchmarkRecords,
  buildingRegsNotifications,
  customers,
  outgoingEmails,
  properties,
  serviceRecords,
} from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { definedOnly, letterheadOf, pastDay } from "../documents/drafts";
import { documentUrl } from "../documents/files";
import { draftEngineer } from "../gas-safety/issuer";
import { currentFacts } from "../settings/business-facts";
import { benchmarkKind } from "./document-kind";
import { serviceRecordRead, toServiceEntry } from "./service-record";

/**
 * Benchmark checklists: drafted at a property, usually on the fitting visit, its boiler chosen among
 * the property's appliances (make, model and serial taken from it while the form has none), saved as
 * the engineer goes, and read back with the installer's company, the job's Building Regulations
 * notification and, once issued, its service record. Issuing is issue.ts.
 */
const b = benchmarkRecords;
type Appliance = typeof appliances.$inferSelect;

export const ISSUED_IS_FIXED = "This Benchmark checklist has been issued and cannot be changed.";

export async function readBenchmarkContext(db: Db, id: number) {
  const ofRecord = (column: typeof b.propertyId | typeof b.customerId | typeof b.serviceRecordId) =>
    sql`(SELECT ${column} FROM ${b} WHERE ${b.id} = ${id})`;
  const [[row], [property], [customer], applianceRows, [regs], entries] = await db.batch([
    db
      .select({
        record: b,
        // A select from benchmark_records alone (columns unqualified): the record is named in full (decision 013).
        customerSentAt: sql<
          string | null
        >`(SELECT e.sent_at FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"benchmark_records"."customer_email_id"')})`,
      })
      .from(b)
      .where(eq(b.id, id)),
    db
      .select()
      .from(properties)
      .where(eq(properties.id, ofRecord(b.propertyId))),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, ofRecord(b.customerId))),
    db
      .select()
      .from(appliances)
      .where(eq(appliances.propertyId, ofRecord(b.propertyId)))
      .orderBy(asc(appliances.id)),
    // The notification of the job its visit belongs to, once the owner has recorded it.
    db
      .select({
        notifiedOn: buildingRegsNotifications.notifiedOn,
        reference: buildingRegsNotifications.reference,
        certificateNumber: buildingRegsNotifications.certificateNumber,
      })
      .from(serviceRecords)
      .innerJoin(buildingRegsNotifications, eq(buildingRegsNotifications.jobId, serviceRecords.jobId))
      .where(eq(serviceRecords.id, ofRecord(b.serviceRecordId))),
    serviceRecordRead(db, eq(b.id, id)),
  ]);
  if (!row) throw notFound("Benchmark checklist");
  return {
    ...row,
    property: property ?? null,
    customer: customer ?? null,
    appliances: applianceRows,
    buildingRegs: regs ?? null,
    serviceRecord: entries.map(toServiceEntry),
  };
}
export type BenchmarkContext = Awaited<ReturnType<typeof readBenchmarkContext>>;

export const benchmarkDraftOf = (record: typeof benchmarkRecords.$inferSelect): BenchmarkDraft => ({
  ...emptyBenchmark(),
  ...(JSON.parse(record.details) as Partial<BenchmarkDraft>),
});

async function toAdminRecord(env: AppEnv, db: Db, ctx: BenchmarkContext): Promise<AdminBenchmarkRecord> {
  const { record, property } = ctx;
  const letterhead = letterheadOf(await currentFacts(db));
  return {
    ...benchmarkDraftOf(record),
    id: record.id,
    status: record.status,
    number: record.number === null ? null : numberText("benchmark", record.number),
    propertyId: record.propertyId,
    customerId: record.customerId,
    serviceRecordId: record.serviceRecordId,
    applianceId: record.applianceId,
    commissionedOn: record.commissionedOn,
    issuedAt: record.issuedAt,
    pdfUrl: record.status === "issued" ? await documentUrl(env, benchmarkKind, record.id, record.linkVersion) : null,
    pdfSha256: record.pdfSha256,
    customerEmailed: record.customerEmailId !== null,
    customerSentAt: ctx.customerSentAt,
    property: property && {
      address: property.address,
      postcode: property.postcode,
      appliances: ctx.appliances.map((a) => ({
        id: a.id,
        type: a.type,
        make: a.make,
        model: a.model,
        serial: a.serial,
        location: a.location,
      })),
    },
    installer: { company: letterhead.name, gasSafeNumber: letterhead.gasSafeNumber },
    buildingRegs: ctx.buildingRegs,
    serviceRecord: ctx.serviceRecord,
    updatedAt: record.updatedAt,
  };
}

export async function getBenchmarkRecord(env: AppEnv, db: Db, id: number): Promise<AdminBenchmarkRecord> {
  return toAdminRecord(env, db, await readBenchmarkContext(db, id));
}

/** 400 beside the field when the boiler chosen is not one of the property's appliances. */
function requireAppliance(applianceId: number | null | undefined, here: Appliance[]): Appliance | undefined {
  if (!applianceId) return undefined;
  const found = here.find((a) => a.id === applianceId);
  if (found) return found;
  const message = "This appliance is not at this property";
  throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "applianceId", message }] });
}

/** The boiler's make, model and serial from its appliance, where the form has none yet. */
const fromAppliance = (draft: BenchmarkDraft, a: Appliance | undefined): BenchmarkDraft =>
  a
    ? {
        ...draft,
        boilerMake: draft.boilerMake ?? a.make,
        boilerModel: draft.boilerModel ?? a.model,
        boilerSerial: draft.boilerSerial ?? a.serial,
      }
    : draft;

/** A new draft at a property: dated by its visit, its boiler chosen when it has one, the customer's and engineer's names filled in. */
export async function createBenchmarkRecord(
  env: AppEnv,
  db: Db,
  input: NewBenchmarkRecord,
  person?: AdminUser,
): Promise<AdminBenchmarkRecord> {
  const [[owner], here, [visit]] = await db.batch([
    db
      .select({ customerId: properties.customerId, firstName: customers.firstName, lastName: customers.lastName })
      .from(properties)
      .leftJoin(customers, eq(customers.id, properties.customerId))
      .where(eq(properties.id, input.propertyId)),
    db.select().from(appliances).where(eq(appliances.propertyId, input.propertyId)).orderBy(asc(appliances.id)),
    db
      .select({ customerId: serviceRecords.customerId, serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, input.serviceRecordId ?? 0)),
  ]);
  if (!owner) throw notFound("Property");
  if (input.serviceRecordId !== null && (!visit || visit.customerId !== owner.customerId)) throw notFound("Visit");
  const { propertyId, serviceRecordId, commissionedOn, applianceId, ...fields } = input;
  const boiler = requireAppliance(applianceId, here) ?? here.find((a) => a.type === "boiler");
  const day = commissionedOn ?? pastDay(visit?.serviceDate, londonToday()) ?? londonToday();
  const customerName = owner.firstName === null ? null : `${owner.firstName} ${owner.lastName ?? ""}`.trim() || null;
  const details = fromAppliance(
    {
      ...emptyBenchmark(),
      customerName,
      ...draftEngineer(person, {}),
      cleanedStandard: "BS 7593:2019",
      ...definedOnly(fields),
    },
    boiler,
  );
  const [row] = await db
    .insert(b)
    .values({
      propertyId,
      customerId: owner.customerId,
      serviceRecordId,
      applianceId: boiler?.id ?? null,
      commissionedOn: day,
      details: JSON.stringify(details),
    })
    .returning({ id: b.id });
  return getBenchmarkRecord(env, db, row!.id);
}

export async function updateBenchmarkRecord(
  env: AppEnv,
  db: Db,
  id: number,
  changes: BenchmarkChanges,
): Promise<AdminBenchmarkRecord> {
  const ctx = await readBenchmarkContext(db, id);
  if (ctx.record.status !== "draft") throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  const { commissionedOn, applianceId, ...fields } = changes;
  const boiler = requireAppliance(applianceId, ctx.appliances);
  const details = fromAppliance({ ...benchmarkDraftOf(ctx.record), ...definedOnly(fields) }, boiler);
  const [updated] = await db
    .update(b)
    .set({
      details: JSON.stringify(details),
      commissionedOn: commissionedOn ?? ctx.record.commissionedOn,
      applianceId: applianceId === undefined ? ctx.record.applianceId : applianceId,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(b.id, id), eq(b.status, "draft")))
    .returning({ id: b.id });
  if (!updated) throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  return getBenchmarkRecord(env, db, id);
}

/** Every link given so far stops working; the answer carries the new one (as a service sheet's). */
export async function revokeBenchmarkLinks(env: AppEnv, db: Db, id: number): Promise<AdminBenchmarkRecord> {
  const [row] = await db
    .update(b)
    .set({ linkVersion: sql`${b.linkVersion} + 1` })
    .where(and(eq(b.id, id), eq(b.status, "issued")))
    .returning({ id: b.id });
  if (!row) {
    await readBenchmarkContext(db, id);
    throw new ApiError("CONFLICT", "A draft has no links to revoke.");
  }
  return getBenchmarkRecord(env, db, id);
}
