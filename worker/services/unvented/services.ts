import { eq } from "drizzle-orm";
import { type AdminUnventedRecord, NOT_QUALIFIED_FOR_G3_SERVICE } from "../../../schema/api/unvented-records";
import {
  type NewUnventedService,
  type UnventedServiceDetails,
  unventedServiceProblems,
} from "../../../schema/api/unvented-services";
import { unventedRecords, unventedServices } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { requireG3Qualified } from "./issue";
import { getUnventedRecord } from "./records";

/**
 * A cylinder's annual services (issue 47 part 3, "annual service entries as for Benchmark"): each
 * appended to its issued commissioning record by an engineer holding the unvented qualification,
 * under their own name and licence. They are read back with the record (records.ts), oldest first.
 */
const s = unventedServices;

/**
 * Appends a year's service to an issued record: the person must hold the unvented qualification
 * (403 before anything is said about the form), the record must be issued (a draft is still being
 * commissioned: 409), and every check done with both readings given.
 */
export async function addUnventedService(
  env: AppEnv,
  db: Db,
  recordId: number,
  input: NewUnventedService,
  by: AdminUser | undefined,
): Promise<AdminUnventedRecord> {
  const [record] = await db
    .select({ status: unventedRecords.status, commissionedOn: unventedRecords.commissionedOn })
    .from(unventedRecords)
    .where(eq(unventedRecords.id, recordId));
  if (!record) throw notFound("Unvented cylinder record");
  const person = await requireG3Qualified(db, by, NOT_QUALIFIED_FOR_G3_SERVICE);
  if (record.status !== "issued")
    throw new ApiError("CONFLICT", "Issue the commissioning record before recording a service against it.");
  const problems = unventedServiceProblems(input, record.commissionedOn, londonToday());
  if (problems.length)
    throw new ApiError("VALIDATION_FAILED", "This service cannot be recorded yet: please check the fields marked", {
      details: problems,
    });
  const { servicedOn, nextDue, ...checks } = input;
  const details: UnventedServiceDetails = { ...checks, engineerName: person.name, engineerLicence: person.gasSafeLicence };
  await db.insert(s).values({ unventedRecordId: recordId, servicedOn, nextDue, details: JSON.stringify(details) });
  return getUnventedRecord(env, db, recordId);
}
