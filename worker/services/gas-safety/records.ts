import { asc, eq, sql } from "drizzle-orm";
import { type AdminGasSafetyRecord, draftFrom, type GasSafetyDraft, TENANT_COPY_DAYS } from "../../../schema/api/gas-safety";
import type { AdminAppliance } from "../../../schema/api/properties";
import { appliances, customers, gasSafetyRecords, outgoingEmails, properties, warningNotices } from "../../../schema/db";
import { addDays } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { documentUrl } from "../documents/files";
import { gasSafetyRecordKind, noticeSummary } from "./document-kinds";

/**
 * Landlord gas safety records: drafts the engineer fills (PATCH as they go), issued once with every
 * reg. 36(3) item (schema/api/gas-safety.ts issueProblems), numbered GSR-000001… in the batch that
 * fixes them with the warning notices they carry, then rendered to PDF and e-mailed to the landlord
 * (and the tenant where the property says so). The reg. 36A deadline it sets becomes the visit's next
 * due date, which the landlord reminders already run from.
 *
 * This file is what every verb shares: the record read with its property, customer, appliances and
 * notices, and its owner's shape. The verbs each have their file beside it (record-drafts,
 * record-issue, record-copies, record-links) and import from here, never the other way.
 */
const r = gasSafetyRecords;

export const ISSUED_IS_FIXED =
  "This record has been issued and cannot be changed. To correct it, start a new record that replaces it.";

export type RecordRow = typeof gasSafetyRecords.$inferSelect;
export type Context = {
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
export async function readContext(db: Db, id: number): Promise<Context> {
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

/** The form as stored; one saved before a field was added has it empty (schema/api/gas-safety.ts draftFrom). */
export const draftOf = (record: RecordRow): GasSafetyDraft => draftFrom(JSON.parse(record.details) as Partial<GasSafetyDraft>);

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
    pdfUrl: issued ? await documentUrl(env, gasSafetyRecordKind, record.id, record.linkVersion) : null,
    pdfSha256: record.pdfSha256,
    warningNotices: await Promise.all(ctx.notices.map((n) => noticeSummary(env, n, record.checkDate))),
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
