import { and, desc, eq, isNotNull, lte, ne, sql } from "drizzle-orm";
import { reminderVisitPatterns } from "../../../schema/business";
import { gasSafetyRecords, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { RecordRow } from "./records";

const r = gasSafetyRecords;

/**
 * The deadline this check is measured against: the property's latest issued record's (one it does
 * not replace), or else the latest gas safety visit's next due date there.
 */
export function previousDeadlineQuery(db: Db, record: RecordRow) {
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
