import { and, eq, sql } from "drizzle-orm";
import { qualificationLabels } from "../../../schema/api/team";
import {
  type AdminUnventedRecord,
  NOT_QUALIFIED_FOR_G3,
  UNVENTED_QUALIFICATION,
  unventedProblems,
} from "../../../schema/api/unvented-records";
import { adminUsers, unventedRecords } from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { cannotIssue, checkSignature, letterheadOf } from "../documents/drafts";
import { documentPdf, documentUrl } from "../documents/files";
import { numberTaken, takeNumber } from "../documents/number-series";
import { queueEmails } from "../mail/deliveries";
import { currentFacts } from "../settings/business-facts";
import { unventedRecordKind } from "./document-kind";
import { unventedRecordEmail } from "./email";
import { getUnventedRecord, readUnventedContext, unventedDraftOf } from "./records";
import type { UnventedSnapshot } from "./render";

const u = unventedRecords;
const ALREADY_ISSUED = "This unvented cylinder record has already been issued.";

/** Whether the person issuing holds the unvented hot water qualification on their profile (admin_users). */
export async function requireG3Qualified(
  db: Db,
  person: AdminUser | undefined,
  refusal = NOT_QUALIFIED_FOR_G3,
): Promise<AdminUser> {
  if (!person) throw new ApiError("FORBIDDEN", refusal);
  const [row] = await db
    .select({ qualifications: adminUsers.qualifications })
    .from(adminUsers)
    .where(eq(adminUsers.id, person.id));
  const held = row ? (JSON.parse(row.qualifications) as string[]) : [];
  if (!held.includes(UNVENTED_QUALIFICATION)) throw new ApiError("FORBIDDEN", refusal);
  return person;
}

/**
 * Issues the record under the issuing engineer's name, who must hold the unvented qualification
 * (403 otherwise, before anything else is said about the form): every item filled, the discharge
 * pipe confirmed against the manufacturer's rule or the reason it is not given, both signatures
 * drawable; numbered G3-… in the batch that fixes it, then rendered and e-mailed to the customer.
 */
export async function issueUnventedRecord(
  env: AppEnv,
  db: Db,
  id: number,
  by: AdminUser | undefined,
): Promise<AdminUnventedRecord> {
  const ctx = await readUnventedContext(db, id);
  const { record, property, customer } = ctx;
  if (record.status !== "draft") throw new ApiError("CONFLICT", ALREADY_ISSUED);
  if (!property || !customer) throw notFound("Property");
  const person = await requireG3Qualified(db, by);
  const draft = { ...unventedDraftOf(record), engineerName: person.name, engineerLicence: person.gasSafeLicence };
  const problems = unventedProblems({ ...draft, commissionedOn: record.commissionedOn }, londonToday());
  if (problems.length) throw cannotIssue("unvented cylinder record", problems);
  await checkSignature(draft.signature!);
  await checkSignature(draft.customerSignature!, "customerSignature");
  const issuedAt = new Date().toISOString();
  const { engineerName: _, engineerLicence: __, ...form } = draft;
  const snapshot: UnventedSnapshot = {
    ...form,
    commissionedOn: record.commissionedOn,
    issuedAt,
    company: letterheadOf(await currentFacts(db)),
    property: { address: property.address, postcode: property.postcode },
    engineer: { name: person.name, licence: person.gasSafeLicence, qualification: `${qualificationLabels.unvented} (G3)` },
    signature: draft.signature!,
    customerName: draft.customerName!,
    customerSignature: draft.customerSignature!,
  };
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${u} WHERE ${u.id} = ${id} AND ${u.status} = 'draft')`;
  // Whether this request fixed it is what its own UPDATE changed: two issues in the same instant share an issuedAt.
  const [, fixed] = await db.batch([
    takeNumber(db, "unventedRecord", stillDraft),
    db
      .update(u)
      .set({
        status: "issued",
        number: numberTaken("unventedRecord"),
        details: JSON.stringify(draft),
        snapshot: JSON.stringify(snapshot),
        issuedAt,
        updatedAt: issuedAt,
      })
      .where(and(eq(u.id, id), eq(u.status, "draft")))
      .returning({ id: u.id }),
  ]);
  if (fixed.length === 0) throw new ApiError("CONFLICT", ALREADY_ISSUED);
  const after = await readUnventedContext(db, id);
  try {
    await documentPdf(env, db, unventedRecordKind, id);
  } catch (error) {
    console.error(JSON.stringify({ document: "unvented-record", id, stage: "pdf", error: String(error) }));
  }
  if (customer.email) await emailCustomer(env, db, after, customer.email, customer.firstName);
  return getUnventedRecord(env, db, id);
}

/** The customer's copy; a failure to queue it is logged, the record stays issued. */
async function emailCustomer(
  env: AppEnv,
  db: Db,
  ctx: Awaited<ReturnType<typeof readUnventedContext>>,
  to: string,
  name: string,
): Promise<void> {
  const { record, property } = ctx;
  try {
    const [emailId] = await queueEmails(db, env.MAIL_QUEUE, [
      unventedRecordEmail({
        to,
        name,
        number: numberText("unventedRecord", record.number!),
        recordId: record.id,
        commissionedOn: record.commissionedOn,
        place: property!.address,
        pdfUrl: siteUrl(env, await documentUrl(env, unventedRecordKind, record.id, record.linkVersion)),
      }),
    ]);
    await db.update(u).set({ customerEmailId: emailId }).where(eq(u.id, record.id));
  } catch (error) {
    console.error(JSON.stringify({ document: "unvented-record", id: record.id, stage: "mail", error: String(error) }));
  }
}
