import { asc, eq, lte, sql } from "drizzle-orm";
import {
  GAS_DUE_DAYS,
  GAS_DUE_LAPSED_DAYS,
  type GasDueBooking,
  type GasDueLandlord,
  type GasDueReport,
} from "../../../schema/api/reports-gas-due";
import { reminderVisitPatterns } from "../../../schema/business";
import { customers, gasSafetyRecords, properties, serviceRecords } from "../../../schema/db";
import { addDays, daysBetween, londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { writeCsv } from "../../lib/csv";
import { latestIssuedRecord } from "../gas-safety/latest-record";

const r = gasSafetyRecords;

/**
 * The next check already in the diary: the first gas safety visit (the reminders' words for one) at
 * the property after its last check, from today on and not done yet. A visit left "scheduled" in the
 * past was missed, not booked.
 */
const bookedVisit = (today: string) => sql<string | null>`(SELECT json_object('visitId', v.id, 'date', v.service_date)
  FROM ${serviceRecords} AS v WHERE v.property_id = ${properties.id} AND v.service_date > ${r.checkDate}
  AND v.service_date >= ${today} AND v.status IN ('scheduled', 'pending', 'in-progress')
  AND EXISTS (SELECT 1 FROM json_each(${JSON.stringify(reminderVisitPatterns.gasSafety)}) WHERE lower(v.service_type) LIKE value)
  ORDER BY v.service_date, v.id LIMIT 1)`;

/**
 * Gas safety due (issue 45's reports): every property whose latest issued record's deadline is
 * within the next 90 days or past within the last year (older ones counted, not listed), by
 * landlord (the customer the property is theirs), the overdue first, each with the visit already booked for it. One read: the properties (not a document
 * table) each with its latest record by that record's index, joined by primary key, so it names the
 * outer table and never scans the records.
 */
export async function gasDueReport(db: Db, asOf = londonToday()): Promise<GasDueReport> {
  const until = addDays(asOf, GAS_DUE_DAYS);
  const lapsedBefore = addDays(asOf, -GAS_DUE_LAPSED_DAYS);
  // Lapsed ones are read too (the statement reads every property's latest record either way) and counted here.
  const rows = await db
    .select({
      propertyId: properties.id,
      address: properties.address,
      postcode: properties.postcode,
      tenantName: properties.tenantName,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      recordId: r.id,
      number: r.number,
      checkDate: r.checkDate,
      dueDate: r.nextDueDate,
      booked: bookedVisit(asOf),
    })
    .from(properties)
    .innerJoin(r, eq(r.id, latestIssuedRecord))
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(lte(r.nextDueDate, until))
    .orderBy(asc(r.nextDueDate), asc(properties.id));

  const landlords = new Map<number, GasDueLandlord>();
  let overdue = 0;
  let lapsed = 0;
  for (const row of rows) {
    const dueDate = row.dueDate!;
    if (dueDate < lapsedBefore) {
      lapsed += 1;
      continue;
    }
    const isOverdue = dueDate < asOf;
    if (isOverdue) overdue += 1;
    let landlord = landlords.get(row.customerId);
    if (!landlord) {
      const name = `${row.firstName} ${row.lastName}`.trim();
      landlord = { customerId: row.customerId, name, email: row.email, properties: [] };
      landlords.set(row.customerId, landlord);
    }
    landlord.properties.push({
      propertyId: row.propertyId,
      address: row.address,
      postcode: row.postcode,
      tenantName: row.tenantName,
      recordId: row.recordId,
      recordNumber: numberText("gasSafetyRecord", row.number!),
      checkDate: row.checkDate,
      dueDate,
      daysLeft: daysBetween(asOf, dueDate),
      isOverdue,
      booked: row.booked === null ? null : (JSON.parse(row.booked) as GasDueBooking),
    });
  }
  // The rows come soonest due first, so each landlord's first property is their most pressing.
  return { asOf, until, overdue, due: rows.length - lapsed - overdue, lapsed, landlords: [...landlords.values()] };
}

/** The same as a CSV: one row per property, as the screen lists them. */
export async function gasDueCsv(db: Db, asOf = londonToday()): Promise<string> {
  const report = await gasDueReport(db, asOf);
  return writeCsv(
    ["Landlord", "Address", "Postcode", "Tenant", "Last record", "Checked", "Due", "Days left", "Overdue", "Booked"],
    report.landlords.flatMap((l) =>
      l.properties.map((p) => [
        l.name,
        p.address,
        p.postcode,
        p.tenantName,
        p.recordNumber,
        p.checkDate,
        p.dueDate,
        p.daysLeft,
        p.isOverdue ? "Yes" : "",
        p.booked?.date,
      ]),
    ),
  );
}
