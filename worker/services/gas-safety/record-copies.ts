import { and, eq } from "drizzle-orm";
import type { AdminGasSafetyRecord } from "../../../schema/api/gas-safety";
import { gasSafetyRecords } from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { siteUrl } from "../../lib/site-url";
import { documentUrl } from "../documents/files";
import { queueEmails } from "../mail/deliveries";
import { gasSafetyRecordKind } from "./document-kinds";
import { gasSafetyRecordEmails } from "./emails";
import { type Context, getGasSafetyRecord, readContext } from "./records";

/** An issued record's copies: the landlord's and the tenant's, by e-mail or, as the owner says, by hand. */
const r = gasSafetyRecords;

/** E-mails the landlord their copy and the tenant theirs where the property says so; the record keeps which. */
export async function sendCopies(env: AppEnv, db: Db, ctx: Context) {
  const { record, property, customer } = ctx;
  const number = numberText("gasSafetyRecord", record.number!);
  const messages = gasSafetyRecordEmails({
    number,
    recordId: record.id,
    noticeIds: ctx.notices.map((n) => ({ id: n.id, number: numberText("warningNotice", n.number) })),
    checkDate: record.checkDate,
    nextDueDate: record.nextDueDate!,
    place: property!.address,
    landlord: customer?.email ? { name: customer.firstName, email: customer.email } : null,
    tenant:
      property?.tenantGetsCopies && property.tenantEmail ? { name: property.tenantName, email: property.tenantEmail } : null,
    pdfUrl: siteUrl(env, await documentUrl(env, gasSafetyRecordKind, record.id, record.linkVersion)),
  });
  const list = [messages.landlord, messages.tenant].filter((m) => m !== null);
  if (list.length === 0) return;
  try {
    const ids = await queueEmails(db, env.MAIL_QUEUE, list);
    let next = 0;
    await db
      .update(r)
      .set({
        landlordEmailId: messages.landlord ? ids[next++] : null,
        tenantEmailId: messages.tenant ? ids[next++] : null,
      })
      .where(eq(r.id, record.id));
  } catch (error) {
    console.error(JSON.stringify({ document: "gas-safety-record", id: record.id, stage: "mail", error: String(error) }));
  }
}

/** The owner gave the tenant their copy another way. */
export async function markTenantCopyGiven(env: AppEnv, db: Db, id: number): Promise<AdminGasSafetyRecord> {
  const [row] = await db
    .update(r)
    .set({ tenantCopyGivenAt: new Date().toISOString() })
    .where(and(eq(r.id, id), eq(r.status, "issued")))
    .returning({ id: r.id });
  if (!row) {
    await readContext(db, id);
    throw new ApiError("CONFLICT", "Only an issued record has a tenant's copy.");
  }
  return getGasSafetyRecord(env, db, id);
}
