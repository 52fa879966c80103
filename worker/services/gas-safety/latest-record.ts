import { sql } from "drizzle-orm";
import { gasSafetyRecords, properties } from "../../../schema/db";

const r = gasSafetyRecords;

/**
 * The property's latest issued gas safety record (by check date, then id), found by the record's
 * (property, check date) index: the record whose reg. 36A deadline stands there, the one the next
 * record is measured against (previous-deadline.ts) and that became the visit's next due date, which
 * the landlord reminders run from. Not a second notion of "due": the gas-due report and the list's
 * Due tab both join it on the outer `properties` row, which the statement must read from.
 */
export const latestIssuedRecord = sql`(SELECT latest.id FROM ${r} AS latest WHERE latest.property_id = ${properties.id}
  AND latest.status = 'issued' ORDER BY latest.check_date DESC, latest.id DESC LIMIT 1)`;
