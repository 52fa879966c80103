import { and, eq, type SQL, sql } from "drizzle-orm";
import { type SmsKind, smsMessages, smsOptOuts } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { textableNumber } from "./phone";
import { SmsError, sendSms, smsConfig } from "./provider";
import { countSegments } from "./segments";

export type TextRequest = {
  kind: SmsKind;
  /** The number as the customer gave it; normalised here. */
  phone: string | null | undefined;
  body: string;
  customerId?: number | null;
  visitId?: number | null;
  /** A further condition the text is sent under, checked in the same statement that records it. */
  onlyIf?: SQL;
};

export type NotSent = "not-configured" | "missing" | "not-a-mobile" | "not-uk" | "opted-out" | "too-long" | "refused";
export type TextOutcome = { sent: true; id: number; sid: string } | { sent: false; reason: NotSent; id?: number };

/** Nothing is texted to a number that answered STOP, except the one text confirming it. */
const notOptedOut = (phone: string) => sql`NOT EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${smsOptOuts.phone} = ${phone})`;

/**
 * Sends one text, or says why not: no provider configured (the product works as before), no
 * mobile number, the number opted out, the text longer than the owner's limit, or the provider
 * refused it. The text is recorded before it is handed over (so a crash leaves a trace, never a
 * silent second send), then given the provider's MessageSid and state.
 */
export async function sendText(env: AppEnv, db: Db, request: TextRequest): Promise<TextOutcome> {
  const config = smsConfig(env);
  if (!config) return { sent: false, reason: "not-configured" };
  const number = textableNumber(request.phone);
  if (!number.ok) return { sent: false, reason: number.reason };
  const { segments } = countSegments(request.body);
  if (segments > settings.sms.maxSegments) {
    console.warn(JSON.stringify({ sms: "too long, not sent", kind: request.kind, segments }));
    return { sent: false, reason: "too-long" };
  }
  const guards = [request.kind === "opted-out" ? undefined : notOptedOut(number.e164), request.onlyIf].filter(
    (guard): guard is SQL => guard !== undefined,
  );
  const [row] = await insertWhen(
    db,
    smsMessages,
    {
      direction: "out",
      kind: request.kind,
      customerId: request.customerId ?? null,
      visitId: request.visitId ?? null,
      phone: number.e164,
      body: request.body,
      segments,
      status: "queued",
    },
    { where: guards.length ? and(...guards) : undefined },
  ).returning({ id: smsMessages.id });
  if (!row) return { sent: false, reason: "opted-out" };
  return handOver(db, config, row.id, number.e164, request.body);
}

async function handOver(db: Db, config: NonNullable<ReturnType<typeof smsConfig>>, id: number, to: string, body: string) {
  const now = new Date().toISOString();
  try {
    const { sid } = await sendSms(config, to, body);
    await db.update(smsMessages).set({ providerSid: sid, updatedAt: now }).where(eq(smsMessages.id, id));
    return { sent: true as const, id, sid };
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    console.warn(JSON.stringify({ sms: "not sent", id, error: error.message }));
    await db
      .update(smsMessages)
      .set({ status: "failed", errorCode: error.code ?? (error.transient ? "unreachable" : "refused"), updatedAt: now })
      .where(eq(smsMessages.id, id));
    return { sent: false as const, reason: "refused" as const, id };
  }
}
