import { and, asc, desc, eq, notExists, type SQL, sql } from "drizzle-orm";
import type {
  AdminAppliance,
  AdminProperty,
  AdminPropertyDetail,
  ApplianceChanges,
  NewAppliance,
  NewProperty,
  PropertyChanges,
  PropertyVisit,
} from "../../../schema/api/properties";
import { TENANT_BOOKS_NEEDS_EMAIL, TENANT_COPIES_NEED_EMAIL } from "../../../schema/api/properties";
import { appliances, customers, properties, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import { ApiError, notFound } from "../../lib/errors";

/**
 * A customer's properties and their appliances. Each property is read whole in one query: its
 * appliances as JSON, its latest visit and the next one due (from the latest visit that names one).
 */
const propertyId = sql.raw(`"properties"."id"`);
const propertyFields = {
  property: properties,
  appliances: sql<string>`(SELECT json_group_array(json_object('id', a.id, 'propertyId', a.property_id, 'location', a.location,
    'type', a.type, 'make', a.make, 'model', a.model, 'serial', a.serial, 'flueType', a.flue_type,
    'landlordOwned', json(CASE WHEN a.landlord_owned THEN 'true' ELSE 'false' END)))
    FROM (SELECT * FROM ${appliances} WHERE property_id = ${propertyId} ORDER BY id) AS a)`.as("appliances"),
  lastVisit: sql<string | null>`(SELECT max(sr.service_date) FROM ${serviceRecords} AS sr WHERE sr.property_id = ${propertyId}
    AND sr.status IN ('completed', 'in-progress'))`.as("last_visit"),
  nextDue: sql<string | null>`(SELECT sr.next_service_due FROM ${serviceRecords} AS sr WHERE sr.property_id = ${propertyId}
    AND sr.next_service_due IS NOT NULL ORDER BY sr.service_date DESC, sr.id DESC LIMIT 1)`.as("next_due"),
};
type PropertyRow = {
  property: typeof properties.$inferSelect;
  appliances: string;
  lastVisit: string | null;
  nextDue: string | null;
};

const propertyQuery = (db: Db) => db.select(propertyFields).from(properties);

function toAdminProperty({ property: p, appliances: list, lastVisit, nextDue }: PropertyRow): AdminProperty {
  return {
    id: p.id,
    customerId: p.customerId,
    address: p.address,
    postcode: p.postcode,
    tenantName: p.tenantName,
    tenantEmail: p.tenantEmail,
    tenantPhone: p.tenantPhone,
    tenantGetsCopies: p.tenantGetsCopies,
    tenantMayBook: p.tenantMayBook,
    appliances: JSON.parse(list) as AdminAppliance[],
    lastVisit,
    nextDue,
    createdAt: p.createdAt,
  };
}

const toAdminAppliance = (a: typeof appliances.$inferSelect): AdminAppliance => ({
  id: a.id,
  propertyId: a.propertyId,
  location: a.location,
  type: a.type,
  make: a.make,
  model: a.model,
  serial: a.serial,
  flueType: a.flueType,
  landlordOwned: a.landlordOwned,
});

/** A customer's properties, oldest first (the home they came with leads). */
export async function listProperties(db: Db, customerId: number): Promise<AdminProperty[]> {
  const rows = await propertyQuery(db).where(eq(properties.customerId, customerId)).orderBy(asc(properties.id));
  return rows.map(toAdminProperty);
}

/**
 * The statement that gives a customer with an address or a postcode, and no property yet, their
 * home as their first property: for the batch that adds the customer (`customerId` may be SQL that
 * names the customer just inserted).
 */
export function firstPropertyStatement(db: Db, customerId: SQL | number) {
  const hasText = (column: typeof customers.address | typeof customers.postcode) => sql`NULLIF(TRIM(${column}), '') IS NOT NULL`;
  return insertWhen(
    db,
    properties,
    {
      customerId: customers.id,
      address: sql`COALESCE(NULLIF(TRIM(${customers.address}), ''), ${customers.postcode})`,
      postcode: sql`NULLIF(TRIM(${customers.postcode}), '')`,
      createdAt: customers.createdAt,
    },
    {
      from: customers,
      where: and(
        eq(customers.id, customerId as number),
        sql`(${hasText(customers.address)} OR ${hasText(customers.postcode)})`,
        notExists(db.select({ one: sql`1` }).from(properties).where(eq(properties.customerId, customers.id))),
      ),
    },
  );
}

/** The customer's first property, as SQL for a visit recorded without one. */
export const firstPropertyOf = (customerId: SQL | number) =>
  sql`(SELECT ${properties.id} FROM ${properties} WHERE ${properties.customerId} = ${customerId} ORDER BY ${properties.id} LIMIT 1)`;

export async function createProperty(db: Db, customerId: number, input: NewProperty): Promise<AdminProperty> {
  const [, [row]] = await db.batch([
    insertWhen(
      db,
      properties,
      {
        customerId: customers.id,
        address: input.address,
        postcode: input.postcode,
        tenantName: input.tenantName,
        tenantEmail: input.tenantEmail,
        tenantPhone: input.tenantPhone,
        tenantGetsCopies: input.tenantGetsCopies,
        tenantMayBook: input.tenantMayBook,
      },
      { from: customers, where: eq(customers.id, customerId) },
    ),
    // The property just added, if the customer exists (one writer at a time: the newest is ours).
    propertyQuery(db).where(
      and(
        eq(properties.customerId, customerId),
        sql`${properties.id} = (SELECT MAX(${properties.id}) FROM ${properties}) AND changes() = 1`,
      ),
    ),
  ]);
  if (!row) throw notFound("Customer");
  return toAdminProperty(row);
}

export async function updateProperty(db: Db, id: number, changes: PropertyChanges): Promise<AdminProperty> {
  const [current] = await db
    .select({
      tenantEmail: properties.tenantEmail,
      tenantGetsCopies: properties.tenantGetsCopies,
      tenantMayBook: properties.tenantMayBook,
    })
    .from(properties)
    .where(eq(properties.id, id));
  if (!current) throw notFound("Property");
  const email = "tenantEmail" in changes ? changes.tenantEmail : current.tenantEmail;
  const copies = changes.tenantGetsCopies ?? current.tenantGetsCopies;
  if (copies && !email) {
    throw new ApiError("VALIDATION_FAILED", TENANT_COPIES_NEED_EMAIL, {
      details: [{ path: "tenantEmail", message: TENANT_COPIES_NEED_EMAIL }],
    });
  }
  if ((changes.tenantMayBook ?? current.tenantMayBook) && !email) {
    throw new ApiError("VALIDATION_FAILED", TENANT_BOOKS_NEEDS_EMAIL, {
      details: [{ path: "tenantEmail", message: TENANT_BOOKS_NEEDS_EMAIL }],
    });
  }
  const [, [row]] = await db.batch([
    db.update(properties).set(changes).where(eq(properties.id, id)),
    propertyQuery(db).where(eq(properties.id, id)),
  ]);
  if (!row) throw notFound("Property");
  return toAdminProperty(row);
}

/** The property with its appliances and every visit there, newest first: one batch. */
export async function getProperty(db: Db, id: number): Promise<Omit<AdminPropertyDetail, "documents">> {
  const [[row], visits] = await db.batch([
    propertyQuery(db).where(eq(properties.id, id)),
    db
      .select({
        id: serviceRecords.id,
        serviceType: serviceRecords.serviceType,
        status: serviceRecords.status,
        serviceDate: serviceRecords.serviceDate,
        nextServiceDue: serviceRecords.nextServiceDue,
      })
      .from(serviceRecords)
      .where(eq(serviceRecords.propertyId, id))
      .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id)),
  ]);
  if (!row) throw notFound("Property");
  return { ...toAdminProperty(row), visits: visits satisfies PropertyVisit[] };
}

export async function createAppliance(db: Db, propertyId: number, input: NewAppliance): Promise<AdminAppliance> {
  const [row] = await insertWhen(
    db,
    appliances,
    {
      propertyId: properties.id,
      location: input.location,
      type: input.type,
      make: input.make,
      model: input.model,
      serial: input.serial,
      flueType: input.flueType,
      landlordOwned: input.landlordOwned,
    },
    { from: properties, where: eq(properties.id, propertyId) },
  ).returning();
  if (!row) throw notFound("Property");
  return toAdminAppliance(row);
}

export async function updateAppliance(db: Db, id: number, changes: ApplianceChanges): Promise<AdminAppliance> {
  const [row] = await db.update(appliances).set(changes).where(eq(appliances.id, id)).returning();
  if (!row) throw notFound("Appliance");
  return toAdminAppliance(row);
}
