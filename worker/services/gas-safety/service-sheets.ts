import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  type AdminServiceSheet,
  emptySheet,
  type NewServiceSheet,
  type ServiceSheetChanges,
  type ServiceSheetDraft,
  sheetProblems,
} from "../../../schema/api/service-sheets";
import { annualServiceTypes } from "../../../schema/business";
import { appliances, customers, outgoingEmails, properties, serviceRecords, serviceSheets } from "../../../schema/db";
import { addMonths, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { cannotIssue, checkSignature, definedOnly, letterheadOf, pastDay } from "../documents/drafts";
import { documentPdf, documentUrl } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { queueEmails } from "../mail/deliveries";
import { currentFacts } from "../settings/business-facts";
import { serviceSheetKind } from "./document-kinds";
import { serviceSheetEmail } from "./emails";
import { draftEngineer, underIssuer } from "./issuer";
import type { ServiceSheetSnapshot } from "./render";

/**
 * Service sheets: the annual service's own paperwork, drafted and issued as gas safety records are
 * (records.ts): numbered SS-000001… in the batch that fixes it, which also sets the visit's next
 * due date (the service reminders run from it), then its PDF rendered and the customer e-mailed.
 */
const s = serviceSheets;

const ISSUED_IS_FIXED = "This service sheet has been issued and cannot be changed.";

type Context = {
  sheet: typeof serviceSheets.$inferSelect;
  property: typeof properties.$inferSelect | null;
  customer: typeof customers.$inferSelect | null;
  appliances: (typeof appliances.$inferSelect)[];
  customerSentAt: string | null;
};

async function readContext(db: Db, id: number): Promise<Context> {
  const ofSheet = (column: typeof s.propertyId | typeof s.customerId) => sql`(SELECT ${column} FROM ${s} WHERE ${s.id} = ${id})`;
  const [[row], [property], [customer], applianceRows] = await db.batch([
    db
      .select({
        sheet: s,
        // A select from service_sheets alone (columns unqualified): the sheet is named in full (decision 013).
        customerSentAt: sql<
          string | null
        >`(SELECT e.sent_at FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"service_sheets"."customer_email_id"')})`,
      })
      .from(s)
      .where(eq(s.id, id)),
    db
      .select()
      .from(properties)
      .where(eq(properties.id, ofSheet(s.propertyId))),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, ofSheet(s.customerId))),
    db
      .select()
      .from(appliances)
      .where(eq(appliances.propertyId, ofSheet(s.propertyId)))
      .orderBy(asc(appliances.id)),
  ]);
  if (!row) throw notFound("Service sheet");
  return { ...row, property: property ?? null, customer: customer ?? null, appliances: applianceRows };
}

const draftOf = (sheet: typeof serviceSheets.$inferSelect): ServiceSheetDraft => ({
  ...emptySheet(),
  ...(JSON.parse(sheet.details) as Partial<ServiceSheetDraft>),
});

async function toAdminSheet(env: AppEnv, ctx: Context): Promise<AdminServiceSheet> {
  const { sheet, property } = ctx;
  return {
    ...draftOf(sheet),
    id: sheet.id,
    status: sheet.status,
    number: sheet.number === null ? null : numberText("serviceSheet", sheet.number),
    propertyId: sheet.propertyId,
    customerId: sheet.customerId,
    serviceRecordId: sheet.serviceRecordId,
    serviceDate: sheet.serviceDate,
    issuedAt: sheet.issuedAt,
    pdfUrl: sheet.status === "issued" ? await documentUrl(env, serviceSheetKind, sheet.id, sheet.linkVersion) : null,
    pdfSha256: sheet.pdfSha256,
    customerEmailed: sheet.customerEmailId !== null,
    customerSentAt: ctx.customerSentAt,
    property: property && {
      address: property.address,
      postcode: property.postcode,
      appliances: ctx.appliances.map(({ createdAt: _, ...a }) => a),
    },
    updatedAt: sheet.updatedAt,
  };
}

export async function getServiceSheet(env: AppEnv, db: Db, id: number): Promise<AdminServiceSheet> {
  return toAdminSheet(env, await readContext(db, id));
}

function checkAppliance(applianceId: number | null | undefined, propertyAppliances: { id: number }[]) {
  if (applianceId && !propertyAppliances.some((a) => a.id === applianceId)) {
    const message = "This appliance is not at this property";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "applianceId", message }] });
  }
}

/** A new draft at a property: its boiler chosen when it has one, the engineer from their last sheet, next service a year on. */
export async function createServiceSheet(
  env: AppEnv,
  db: Db,
  input: NewServiceSheet,
  person?: AdminUser,
): Promise<AdminServiceSheet> {
  const [[owner], propertyAppliances, [last], [visit]] = await db.batch([
    db.select({ customerId: properties.customerId }).from(properties).where(eq(properties.id, input.propertyId)),
    db.select().from(appliances).where(eq(appliances.propertyId, input.propertyId)).orderBy(asc(appliances.id)),
    db.select({ details: s.details }).from(s).where(eq(s.status, "issued")).orderBy(desc(s.issuedAt)).limit(1),
    db
      .select({ customerId: serviceRecords.customerId, serviceDate: serviceRecords.serviceDate })
      .from(serviceRecords)
      .where(eq(serviceRecords.id, input.serviceRecordId ?? 0)),
  ]);
  if (!owner) throw notFound("Property");
  if (input.serviceRecordId !== null && (!visit || visit.customerId !== owner.customerId)) throw notFound("Visit");
  checkAppliance(input.applianceId, propertyAppliances);
  const engineer = draftEngineer(person, last ? (JSON.parse(last.details) as Partial<ServiceSheetDraft>) : {});
  const { propertyId, serviceRecordId, serviceDate, ...fields } = input;
  const day = serviceDate ?? pastDay(visit?.serviceDate, londonToday()) ?? londonToday();
  const boiler =
    propertyAppliances.find((a) => a.type === "boiler") ?? (propertyAppliances.length === 1 ? propertyAppliances[0] : undefined);
  const details: ServiceSheetDraft = {
    ...emptySheet(),
    applianceId: boiler?.id ?? null,
    nextServiceDate: addMonths(day, 12),
    ...engineer,
    ...definedOnly(fields),
  };
  const [row] = await db
    .insert(s)
    .values({ propertyId, customerId: owner.customerId, serviceRecordId, serviceDate: day, details: JSON.stringify(details) })
    .returning({ id: s.id });
  return getServiceSheet(env, db, row!.id);
}

export async function updateServiceSheet(
  env: AppEnv,
  db: Db,
  id: number,
  changes: ServiceSheetChanges,
): Promise<AdminServiceSheet> {
  const ctx = await readContext(db, id);
  if (ctx.sheet.status !== "draft") throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  checkAppliance(changes.applianceId, ctx.appliances);
  const { serviceDate, checks, ...fields } = changes;
  const was = draftOf(ctx.sheet);
  const details: ServiceSheetDraft = {
    ...was,
    ...definedOnly(fields),
    checks: checks ? { ...was.checks, ...checks } : was.checks,
  };
  const [updated] = await db
    .update(s)
    .set({
      details: JSON.stringify(details),
      serviceDate: serviceDate ?? ctx.sheet.serviceDate,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(s.id, id), eq(s.status, "draft")))
    .returning({ id: s.id });
  if (!updated) throw new ApiError("CONFLICT", ISSUED_IS_FIXED);
  return getServiceSheet(env, db, id);
}

/**
 * Issues the sheet: every check answered, readings and next date given, signed; numbered in the
 * batch that fixes it and sets the visit's next due date (or records the visit when it had none),
 * then rendered and e-mailed to the customer.
 */
export async function issueServiceSheet(env: AppEnv, db: Db, id: number, person?: AdminUser): Promise<AdminServiceSheet> {
  const ctx = await readContext(db, id);
  const { sheet, property, customer } = ctx;
  if (sheet.status !== "draft") throw new ApiError("CONFLICT", "This service sheet has already been issued.");
  if (!property || !customer) throw notFound("Property");
  const draft = underIssuer(draftOf(sheet), person);
  const problems = sheetProblems({ ...draft, serviceDate: sheet.serviceDate }, ctx.appliances, londonToday());
  if (problems.length) throw cannotIssue("service sheet", problems);
  await checkSignature(draft.signature!);
  const appliance = ctx.appliances.find((a) => a.id === draft.applianceId)!;
  const issuedAt = new Date().toISOString();
  const snapshot: ServiceSheetSnapshot = {
    ...draft,
    serviceDate: sheet.serviceDate,
    issuedAt,
    company: letterheadOf(await currentFacts(db)),
    property: { address: property.address, postcode: property.postcode },
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    appliance: {
      location: appliance.location,
      type: appliance.type,
      make: appliance.make,
      model: appliance.model,
      serial: appliance.serial,
      flueType: appliance.flueType,
    },
    nextServiceDate: draft.nextServiceDate!,
    engineer: { name: draft.engineerName!, licence: draft.engineerLicence! },
    signature: draft.signature!,
  };
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${s} WHERE ${s.id} = ${id} AND ${s.status} = 'draft')`;
  const issuedNow = sql`(SELECT ${s.issuedAt} FROM ${s} WHERE ${s.id} = ${id}) = ${issuedAt}`;
  const equipment = [appliance.make, appliance.model].filter(Boolean).join(" ") || null;
  const visit =
    sheet.serviceRecordId !== null
      ? [
          db
            .update(serviceRecords)
            .set({
              nextServiceDue: draft.nextServiceDate,
              status: "completed",
              partsUsed: sql`COALESCE(${draft.partsUsed}, ${serviceRecords.partsUsed})`,
            })
            .where(and(eq(serviceRecords.id, sheet.serviceRecordId), issuedNow)),
        ]
      : [
          // No visit yet: the sheet is one, so the service reminders run from its next date.
          insertWhen(
            db,
            serviceRecords,
            {
              customerId: sheet.customerId,
              serviceType: annualServiceTypes[0]!,
              equipmentType: appliance.type === "boiler" ? "Boiler" : appliance.type,
              equipmentModel: equipment,
              status: "completed",
              serviceDate: sheet.serviceDate,
              technicianName: draft.engineerName,
              workCompleted: sql`'Service sheet ' || printf('SS-%06d', ${s.number})`,
              partsUsed: draft.partsUsed,
              nextServiceDue: draft.nextServiceDate,
              propertyId: sheet.propertyId,
              createdAt: issuedAt,
            },
            { from: s, where: and(eq(s.id, id), issuedNow) },
          ),
          db
            .update(s)
            .set({ serviceRecordId: sql`last_insert_rowid()` })
            .where(and(eq(s.id, id), issuedNow, sql`changes() = 1`)),
        ];
  await db.batch([
    takeNumber(db, "serviceSheet", stillDraft),
    db
      .update(s)
      .set({
        status: "issued",
        number: numberTaken("serviceSheet"),
        // The form as issued: under the issuing engineer's name and licence (issuer.ts).
        details: JSON.stringify(draft),
        snapshot: JSON.stringify(snapshot),
        nextServiceDate: draft.nextServiceDate,
        issuedAt,
        updatedAt: issuedAt,
      })
      .where(and(eq(s.id, id), eq(s.status, "draft"))),
    ...visit,
  ]);
  const after = await readContext(db, id);
  if (after.sheet.issuedAt !== issuedAt) throw new ApiError("CONFLICT", "This service sheet has already been issued.");
  try {
    await documentPdf(env, db, serviceSheetKind, id);
  } catch (error) {
    console.error(JSON.stringify({ document: "service-sheet", id, stage: "pdf", error: String(error) }));
  }
  if (customer.email) {
    const number = numberText("serviceSheet", after.sheet.number!);
    try {
      const [emailId] = await queueEmails(db, env.MAIL_QUEUE, [
        serviceSheetEmail({
          to: customer.email,
          name: customer.firstName,
          number,
          sheetId: id,
          serviceDate: sheet.serviceDate,
          nextServiceDate: draft.nextServiceDate!,
          place: property.address,
          pdfUrl: siteUrl(env, await documentUrl(env, serviceSheetKind, id, after.sheet.linkVersion)),
        }),
      ]);
      await db.update(s).set({ customerEmailId: emailId }).where(eq(s.id, id));
    } catch (error) {
      console.error(JSON.stringify({ document: "service-sheet", id, stage: "mail", error: String(error) }));
    }
  }
  return getServiceSheet(env, db, id);
}

/** Every link given so far stops working; the answer carries the new one (as a gas safety record's, records.ts). */
export async function revokeServiceSheetLinks(env: AppEnv, db: Db, id: number): Promise<AdminServiceSheet> {
  const [row] = await db
    .update(s)
    .set({ linkVersion: sql`${s.linkVersion} + 1` })
    .where(and(eq(s.id, id), eq(s.status, "issued")))
    .returning({ id: s.id });
  if (!row) {
    await readContext(db, id);
    throw new ApiError("CONFLICT", "A draft has no links to revoke.");
  }
  return getServiceSheet(env, db, id);
}
