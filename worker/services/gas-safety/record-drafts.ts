import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  type AdminGasSafetyRecord,
  type ApplianceCheck,
  emptyDraft,
  type GasSafetyChanges,
  type GasSafetyDraft,
  type NewGasSafetyRecord,
} from "../../../schema/api/gas-safety";
import { appliances, customers, gasSafetyRecords, properties, serviceRecords } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { customerAddress, definedOnly, pastDay } from "../documents/drafts";
import { draftEngineer } from "./issuer";
import { draftOf, getGasSafetyRecord, ISSUED_IS_FIXED, readContext } from "./records";

/** A record's draft: started at a property (or as a correction of an issued one), filled in as the engineer goes. */
const r = gasSafetyRecords;

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
export async function createGasSafetyRecord(
  env: AppEnv,
  db: Db,
  input: NewGasSafetyRecord,
  person?: AdminUser,
): Promise<AdminGasSafetyRecord> {
  const checkDay = input.checkDate ?? londonToday();
  const [[owner], propertyAppliances, [lastEngineer], [visit], [replacing], [sameDayVisit]] = await db.batch([
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
    sameDayVisitAt(db, input.propertyId, checkDay),
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
  const engineer = draftEngineer(person, lastEngineer ? (JSON.parse(lastEngineer.details) as Partial<GasSafetyDraft>) : {});
  // A correction is confirmed and signed afresh by whoever issues it.
  const base: GasSafetyDraft = replacing
    ? { ...draftOf(replacing), signature: null, complianceConfirmed: null }
    : {
        ...emptyDraft(),
        landlordName: `${owner.firstName} ${owner.lastName}`.trim(),
        landlordAddress: customerAddress(owner),
        appliances: propertyAppliances.map((a) => blankCheck(a.id, !a.landlordOwned)),
        ...engineer,
      };
  const { propertyId, serviceRecordId, replacesId, checkDate, ...fields } = input;
  const details: GasSafetyDraft = { ...base, ...definedOnly(fields) };
  const [row] = await db
    .insert(r)
    .values({
      propertyId,
      customerId: owner.customerId,
      serviceRecordId: serviceRecordId ?? (replacing ? replacing.serviceRecordId : (sameDayVisit?.id ?? null)),
      replacesId,
      checkDate: checkDate ?? pastDay(visit?.serviceDate, londonToday()) ?? londonToday(),
      details: JSON.stringify(details),
    })
    .returning({ id: r.id });
  return getGasSafetyRecord(env, db, row!.id);
}

/**
 * The property's visit on the check's day that has no record yet: a record started from the property
 * (not from the visit) belongs to that visit, so the day keeps one visit with the job sheet, the
 * price and the record's next due date, rather than a second visit made when the record is issued.
 */
const sameDayVisitAt = (db: Db, propertyId: number, day: string) =>
  db
    .select({ id: serviceRecords.id })
    .from(serviceRecords)
    .where(
      and(
        eq(serviceRecords.propertyId, propertyId),
        eq(serviceRecords.serviceDate, day),
        // Qualified by hand: inside a one-table select Drizzle would write the outer id unqualified.
        sql`NOT EXISTS (SELECT 1 FROM ${r} AS held WHERE held.service_record_id = "service_records"."id")`,
      ),
    )
    .orderBy(asc(serviceRecords.id))
    .limit(1);

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
