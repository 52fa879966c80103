import { and, asc, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { InstallationKind } from "../../../schema/api/installations";
import type { JobSheet, SheetPart, TodayAnswer, TodayVisit } from "../../../schema/api/visits";
import {
  applianceSummaryColumns,
  appliances,
  customers,
  invoices,
  properties,
  serviceRecords,
  visitSheets,
} from "../../../schema/db";

import type { Db } from "../../db/client";
import { customerAddress } from "../documents/drafts";
import { engineersColumn, onlyEngineer, parseEngineers } from "./engineers";
import { parseVisitDocuments, visitDocuments } from "./visit-documents";

/**
 * The engineer's day: the visits of a London date in time order (those with a time first by time,
 * then those still to be agreed), each with what is needed on site, read in one D1 batch (one
 * round trip): the visits with their customers, the properties, their appliances, each customer's
 * last completed visit, what they owe, and the job sheets so far.
 */
const r = serviceRecords;

export async function today(db: Db, date: string, engineer?: number): Promise<TodayAnswer> {
  // An engineer's day is their own visits (an index lookup of visit_engineers by user).
  const ofDay = and(eq(r.serviceDate, date), ne(r.status, "pending"), onlyEngineer(engineer));
  const dayIds = db.select({ id: r.id }).from(r).where(ofDay);
  const dayCustomers = db.select({ id: r.customerId }).from(r).where(ofDay);
  const dayProperties = db.select({ id: r.propertyId }).from(r).where(ofDay);
  const [visits, places, kit, previous, owed, sheets] = await db.batch([
    // Column names must differ across a batch statement's joined tables: aliased where they meet.
    db
      .select({
        id: r.id,
        serviceType: r.serviceType,
        status: r.status,
        visitStart: r.visitStart,
        visitEnd: r.visitEnd,
        description: r.description,
        propertyId: r.propertyId,
        version: r.version,
        engineers: engineersColumn.as("engineers"),
        ...visitDocuments,
        customerId: sql<number | null>`${customers.id}`.as("customer_key"),
        firstName: customers.firstName,
        lastName: customers.lastName,
        phone: customers.phone,
        email: customers.email,
        customerAddress: sql<string | null>`${customers.address}`.as("customer_address"),
        customerPostcode: sql<string | null>`${customers.postcode}`.as("customer_postcode"),
      })
      .from(r)
      .leftJoin(customers, eq(customers.id, r.customerId))
      .where(ofDay)
      .orderBy(sql`${r.visitStart} IS NULL`, asc(r.visitStart), asc(r.id)),
    db
      .select({
        id: properties.id,
        address: properties.address,
        postcode: properties.postcode,
        tenantName: properties.tenantName,
        tenantPhone: properties.tenantPhone,
      })
      .from(properties)
      .where(inArray(properties.id, dayProperties)),
    db
      .select({ id: appliances.id, ...applianceSummaryColumns })
      .from(appliances)
      .where(inArray(appliances.propertyId, dayProperties))
      .orderBy(asc(appliances.id)),
    db
      .select({
        customerId: r.customerId,
        date: r.serviceDate,
        serviceType: r.serviceType,
        workCompleted: r.workCompleted,
        notes: r.notes,
      })
      .from(r)
      .where(and(inArray(r.customerId, dayCustomers), eq(r.status, "completed"), lt(r.serviceDate, date)))
      .orderBy(desc(r.serviceDate), desc(r.id))
      .limit(500),
    db
      .select({
        customerId: invoices.customerId,
        owed: sql<number>`SUM(${invoices.grossPence} - ${invoices.depositPence} - ${invoices.creditedPence} - ${invoices.paidPence})`,
      })
      .from(invoices)
      .where(and(inArray(invoices.customerId, dayCustomers), eq(invoices.status, "issued")))
      .groupBy(invoices.customerId),
    db.select().from(visitSheets).where(inArray(visitSheets.serviceRecordId, dayIds)),
  ]);
  const placeOf = new Map(places.map((p) => [p.id, p]));
  const owedBy = new Map(owed.map((o) => [o.customerId, Math.max(0, o.owed ?? 0)]));
  const sheetOf = new Map(sheets.map((s) => [s.serviceRecordId, s]));
  return {
    date,
    visits: visits.map((v): TodayVisit => {
      const place = v.propertyId ? placeOf.get(v.propertyId) : undefined;
      const address = place
        ? customerAddress(place)
        : customerAddress({ address: v.customerAddress, postcode: v.customerPostcode });
      const last = previous.find((p) => p.customerId === v.customerId);
      const sheet = sheetOf.get(v.id);
      return {
        id: v.id,
        serviceType: v.serviceType,
        status: v.status,
        start: v.visitStart,
        end: v.visitEnd,
        customer:
          v.customerId === null
            ? null
            : { id: v.customerId, name: `${v.firstName} ${v.lastName}`.trim(), phone: v.phone, email: v.email },
        tenant: place && (place.tenantName || place.tenantPhone) ? { name: place.tenantName, phone: place.tenantPhone } : null,
        address,
        mapsUrl: address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null,
        appliances: kit.filter((a) => v.propertyId !== null && a.propertyId === v.propertyId).map(({ propertyId: _, ...a }) => a),
        lastVisit: last
          ? { date: last.date, serviceType: last.serviceType, notes: last.workCompleted ?? last.notes ?? null }
          : null,
        owedPence: v.customerId === null ? 0 : (owedBy.get(v.customerId) ?? 0),
        description: v.description,
        propertyId: v.propertyId,
        ...parseVisitDocuments(v),
        sheet: sheet ? sheetOfRow(sheet) : null,
        version: String(v.version),
        engineers: parseEngineers(v.engineers),
      };
    }),
  };
}

export function sheetOfRow(row: typeof visitSheets.$inferSelect): JobSheet {
  return {
    arrivedAt: row.arrivedAt,
    finishedAt: row.finishedAt,
    workDone: row.workDone,
    advice: row.advice,
    labourMinutes: row.labourMinutes,
    parts: JSON.parse(row.parts) as SheetPart[],
    photos: JSON.parse(row.photos) as string[],
    signature: row.signature,
    signedName: row.signedName,
    installations: JSON.parse(row.installations) as InstallationKind[],
    updatedAt: row.updatedAt,
    by: row.updatedByName,
  };
}
