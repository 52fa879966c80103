import { and, asc, eq, sql } from "drizzle-orm";
import {
  type AdminUnventedRecord,
  emptyUnventedRecord,
  type NewUnventedRecord,
  type UnventedChanges,
  type UnventedDraft,
} from "../../../schema/api/unvented-records";
import type { UnventedService, UnventedServiceDetails } from "../../../schema/api/unvented-services";
import { customers, outgoingEmails, properties, serviceRecords, unventedRecords, unventedServices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { definedOnly, pastDay } from "../documents/drafts";
import { documentUrl } from "../documents/files";
import { unventedRecordKind } from "./document-kind";

/**
 * Unvented cylinder records (G3): drafted at a property, usually on a visit, saved as the engineer
 * goes, and read back with the property and the customer's copy. Issuing is issue.ts.
 */
const u = unventedRecords;

export const ISSUED_IS_FIXED = "This unvented cylinder record has been issued and cannot be changed.";

export type UnventedContext = {
  record: typeof unventedRecords.$inferSelect;
  property: typeof properties.$inferSelect | null;
  customer: typeof customers.$inferSelect | null;
  customerSentAt: string | null;
  services: UnventedService[];
};

/** A record's annual services (services.ts appends them), oldest first. */
const servicesOf = (db: Db, recordId: number) =>
  db
    .select({
      id: unventedServices.id,
      servicedOn: unventedServices.servicedOn,
      nextDue: unventedServices.nextDue,
      details: unventedServices.details,
    })
    .from(unventedServices)
    .where(eq(unventedServices.unventedRecordId, recordId))
    .orderBy(asc(unventedServices.servicedOn), asc(unventedServices.id));

const toService = (row: { id: number; servicedOn: string; nextDue: string; details: string }): UnventedService => ({
  ...(JSON.parse(row.details) as UnventedServiceDetails),
  id: row.id,
  servicedOn: row.servicedOn,
  nextDue: row.nextDue,
});

export async function readUnventedContext(db: Db, id: number): Promise<UnventedContext> {
  const ofRecord = (column: typeof u.propertyId | typeof u.customerId) => sql`(SELECT ${column} FROM ${u} WHERE ${u.id} = ${id})`;
  const [[row], [property], [customer], services] = await db.batch([
    db
      .select({
        record: u,
        // A select from unvented_records alone (columns unqualified): the record is named in full (decision 013).
        customerSentAt: sql<
          string | null
        >`(SELECT e.sent_at FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"unvented_records"."customer_email_id"')})`,
      })
      .from(u)
      .where(eq(u.id, id)),
    db
      .select()
      .from(properties)
      .where(eq(properties.id, ofRecord(u.propertyId))),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, ofRecord(u.customerId))),
    servicesOf(db, id),
  ]);
  if (!row) throw notFound("Unvented cylinder record");
  return { ...row, property: property ?? null, customer: customer ?? null, services: services.map(toService) };
}

export const unventedDraftOf = (record: typeof unventedRecords.$inferSelect): UnventedDraft => ({
  ...emptyUnventedRecord(),
  ...(JSON.parse(record.details) as Partial<UnventedDraft>),
});

async function toAdminRecord(env: AppEnv, ctx: UnventedContext): Promise<AdminUnventedRecord> {
  const { record, property } = ctx;
  return {
    ...unventedDraftOf(record),
    id: record.id,
    status: record.status,
    number: record.number === null ? null : numberText("unventedRecord", record.number),
    propertyId: record.propertyId,
    customerId: record.customerId,
    serviceRecordId: record.serviceRecordId,
    commissionedOn: record.commissionedOn,
    issuedAt: record.issuedAt,
    pdfUrl: record.status === "issued" ? await documentUrl(env, unventedRecordKind, record.id, record.linkVersion) : null,
    pdfSha256: record.pdfSha256,
    customerEmailed: record.customerEmailId !== null,
    customerSentAt: ctx.customerSentAt,
    property: property && { address: property.address, postcode: property.postcode },
    services: ctx.services,
    updatedAt: record.updatedAt,
  };
}

export async function getUnventedRecord(env: AppEnv, db: Db, id: number): Promise<AdminUnventedRecord> {
  return toAdminRecord(env, await readUnventedContext(db, id));
}

/** A new draft at a property: dated by its visit (unless that is ahead), the customer's name and the engineer's filled in. */
export async function createUnventedRecord(
  env: AppEnv,
  db: Db,
  input: NewUnventedRecord,
  person?: AdminUser,
): Promise<AdminUnventedRecord> {
  const [[owner], [visit]] = await db.batch([
    db
      .select({ customerId: properties.customerId, firstName: customers.firstName, lastName: customers.lastName })
      .from(properties)
      .leftJoin(customers, eq(customers.id, properties.customerId))
      .where(eq(properties.id, input.propertyId)),
    db
      .select({ customerId: serviceRecords.customerId, serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, input.serviceRecordId ?? 0)),
  ]);
  if (!owner) throw notFound("Property");
  if (input.serviceRecordId !== null && (!visit || visit.customerId !== owner.customerId)) throw notFound("Visit");
  const { propertyId, serviceRecordId, commissionedOn, ...fields } = input;
  const day = commissionedOn ?? pastDay(visit?.serviceDate, londonToday()) ?? londonToday();
  const customerName = owner.firstName === null ? null : `${owner.firstName} ${owner.lastName ?? ""}`.trim() || null;
  const details: UnventedDraft = {
    ...emptyUnventedRecord(),
    customerName,
    engineerName: person?.name ?? null,
    engineerLicence: person?.gasSafeLicence ?? null,
    ...definedOnly(fields),
  };
  const [row] = await db
    .insert(u)
    .values({ propertyId, customerId: owner.customerId, serviceRecordId, commissionedOn: day, details: JSON.stringify(details) })
    .returning({ id: u.id });
  return getUnventedRecord(env, db, row!.id);
}

export async function updateUnventedRecord(
  env: AppEnv,
  db: Db,
  id: number,
  changes: UnventedChanges,
): Promise<AdminUnventedRecord> {
  const ctx = await readUnventedContext(db, id);
  if (ctx.record.status !== "draft") throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  const { commissionedOn, ...fields } = changes;
  const details: UnventedDraft = { ...unventedDraftOf(ctx.record), ...definedOnly(fields) };
  const [updated] = await db
    .update(u)
    .set({
      details: JSON.stringify(details),
      commissionedOn: commissionedOn ?? ctx.record.commissionedOn,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(u.id, id), eq(u.status, "draft")))
    .returning({ id: u.id });
  if (!updated) throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  return getUnventedRecord(env, db, id);
}

/** Every link given so far stops working; the answer carries the new one (as a service sheet's). */
export async function revokeUnventedLinks(env: AppEnv, db: Db, id: number): Promise<AdminUnventedRecord> {
  const [row] = await db
    .update(u)
    .set({ linkVersion: sql`${u.linkVersion} + 1` })
    .where(and(eq(u.id, id), eq(u.status, "issued")))
    .returning({ id: u.id });
  if (!row) {
    await readUnventedContext(db, id);
    throw new ApiError("CONFLICT", "A draft has no links to revoke.");
  }
  return getUnventedRecord(env, db, id);
}
