import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { AccountDocument, AccountHome } from "../../../schema/api/account";
import { classificationLabels } from "../../../schema/api/gas-safety";
import { customers, gasSafetyRecords, properties, warningNotices } from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ofAccount } from "../customers/customers";
import { documentUrl } from "../documents/files";
import { gasSafetyRecordKind, warningNoticeKind } from "../gas-safety/document-kinds";

/**
 * The tenant's view of the account: a property's tenant whose e-mail the office holds
 * (properties.tenant_email) signs in with the same e-mailed link and sees, for each home they rent,
 * its address and its gas safety paperwork, read-only: nothing of the landlord (no name, contact,
 * invoice, quote, other property) and no booking. A tenant who is also a customer sees both views.
 *
 * Which records: the home's current one (the law gives every tenant a copy of it, a new tenant
 * before moving in) and every other record that names this tenant (printed on it as the tenant), with
 * the warning notices of those records. An earlier record names an earlier tenant: it is theirs and
 * the landlord's, not the next tenant's to read.
 */
const r = gasSafetyRecords;

/** The properties whose tenant has the address (any letter case). */
export const ofTenant = (email: string) => sql`lower(${properties.tenantEmail}) = ${email}`;

/**
 * The records a tenant sees, as a condition on a select of records joined to their property (the
 * join qualifies the outer columns the subquery names).
 */
const isTenantsRecord = (email: string): SQL =>
  and(
    ofTenant(email),
    eq(r.status, "issued"),
    or(
      sql`${r.id} = (SELECT g.id FROM ${r} AS g WHERE g.property_id = ${r.propertyId} AND g.status = 'issued'
        ORDER BY g.check_date DESC, g.id DESC LIMIT 1)`,
      sql`lower(trim(json_extract(${r.snapshot}, '$.tenantName'))) = lower(trim(${properties.tenantName}))`,
    ),
  )!;

// Each column's name once in a select: a D1 batch hands rows back by name, and two "id"s are one.
const recordsOf = (db: Db, email: string, only?: number) =>
  db
    .select({
      id: r.id,
      propertyId: r.propertyId,
      number: r.number,
      checkDate: r.checkDate,
      nextDueDate: r.nextDueDate,
      linkVersion: r.linkVersion,
    })
    .from(r)
    .innerJoin(properties, eq(properties.id, r.propertyId))
    .where(and(isTenantsRecord(email), only === undefined ? undefined : eq(r.id, only)))
    .orderBy(desc(r.checkDate), desc(r.id));

const noticesOf = (db: Db, email: string, only?: number) =>
  db
    .select({
      id: warningNotices.id,
      propertyId: r.propertyId,
      number: warningNotices.number,
      classification: warningNotices.classification,
      checkDate: r.checkDate,
      linkVersion: warningNotices.linkVersion,
    })
    .from(warningNotices)
    .innerJoin(r, eq(r.id, warningNotices.recordId))
    .innerJoin(properties, eq(properties.id, r.propertyId))
    .where(and(isTenantsRecord(email), only === undefined ? undefined : eq(warningNotices.id, only)))
    .orderBy(desc(r.checkDate), desc(warningNotices.id));

/** The homes the address rents: not a property of its own customers (those are on the customer's view). */
const homesOf = (db: Db, email: string) =>
  db
    .select({
      id: properties.id,
      address: properties.address,
      postcode: properties.postcode,
      tenantName: properties.tenantName,
      tenantPhone: properties.tenantPhone,
      tenantMayBook: properties.tenantMayBook,
    })
    .from(properties)
    .where(
      and(
        ofTenant(email),
        sql`(${properties.customerId} IS NULL OR ${properties.customerId} NOT IN (${db.select({ id: customers.id }).from(customers).where(ofAccount(email))}))`,
      ),
    )
    .orderBy(properties.id);

/** /book for the check at the home, filled in with the tenant's details as the office holds them. */
const tenantBookUrl = (
  h: { id: number; address: string; postcode: string | null; tenantName: string | null; tenantPhone: string | null },
  email: string,
) =>
  `/book?${new URLSearchParams({
    service: "gas-safety",
    property: String(h.id),
    postcode: h.postcode ?? "",
    address: h.address,
    ...(h.tenantName ? { name: h.tenantName } : {}),
    ...(h.tenantPhone ? { phone: h.tenantPhone } : {}),
    email,
  })}`;

/** The tenant's first name, as the office holds it on any home they rent; null when the address rents none. */
export async function tenantFirstName(db: Db, email: string): Promise<string | null> {
  const [home] = await homesOf(db, email).limit(1);
  if (!home) return null;
  return home.tenantName?.trim().split(/\s+/)[0] || "there";
}

/** The homes the address rents, each with the paperwork its tenant sees; and the tenant's name. */
export async function tenantHomes(env: AppEnv, db: Db, email: string): Promise<{ homes: AccountHome[]; name: string | null }> {
  const [homes, records, notices] = await db.batch([homesOf(db, email), recordsOf(db, email), noticesOf(db, email)]);
  const documents = await Promise.all([
    ...records.map(
      async (d): Promise<AccountDocument & { propertyId: number | null }> => ({
        propertyId: d.propertyId,
        kind: gasSafetyRecordKind.name,
        title: "Gas safety record",
        number: d.number === null ? null : numberText("gasSafetyRecord", d.number),
        date: d.checkDate,
        nextDueDate: d.nextDueDate,
        classification: null,
        pdfUrl: await documentUrl(env, gasSafetyRecordKind, d.id, d.linkVersion),
      }),
    ),
    ...notices.map(
      async (n): Promise<AccountDocument & { propertyId: number | null }> => ({
        propertyId: n.propertyId,
        kind: warningNoticeKind.name,
        title: "Warning notice",
        number: numberText("warningNotice", n.number),
        date: n.checkDate,
        nextDueDate: null,
        classification: classificationLabels[n.classification],
        pdfUrl: await documentUrl(env, warningNoticeKind, n.id, n.linkVersion),
      }),
    ),
  ]);
  return {
    name: homes.find((h) => h.tenantName)?.tenantName?.trim() ?? null,
    homes: homes.map((h) => {
      const here = documents.filter((d) => d.propertyId === h.id).map(({ propertyId: _, ...d }) => d);
      return {
        id: h.id,
        address: h.address,
        postcode: h.postcode,
        documents: here,
        nextDeadline: records.find((d) => d.propertyId === h.id)?.nextDueDate ?? null,
        bookUrl: h.tenantMayBook ? tenantBookUrl(h, email) : null,
      };
    }),
  };
}

/** The current link version of a record or notice the tenant sees (GET /api/account/documents/…); null otherwise. */
export async function tenantLinkVersion(db: Db, kind: string, id: number, email: string): Promise<number | null> {
  if (kind === gasSafetyRecordKind.name) return (await recordsOf(db, email, id))[0]?.linkVersion ?? null;
  if (kind === warningNoticeKind.name) return (await noticesOf(db, email, id))[0]?.linkVersion ?? null;
  return null;
}
