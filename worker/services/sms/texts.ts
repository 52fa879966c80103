import { and, type SQL, sql } from "drizzle-orm";
import { type SmsKind, smsMessages, smsOptOuts } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { textableNumber } from "./phone";
import { smsConfig } from "./provider";
import { handOverOnce, settleHandOvers } from "./retries";
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
/** `retrying`: Twilio could not take it for a passing reason, and the cron tries again (retries.ts). */
export type TextOutcome =
  | { sent: true; id: number; sid: string }
  | { sent: false; reason: NotSent; id?: number; retrying?: boolean };

/** Nothing is texted to a number that answered STOP, except the one text confirming it. */
const notOptedOut = (phone: string) => sql`NOT EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${smsOptOuts.phone} = ${phone})`;

/**
 * Sends one text, or says why not: no provider configured (the product works as before), no
 * mobile number, the number opted out, the text longer than the owner's limit, or the provider
 * refused it. The text is recorded before it is handed over (so a crash leaves a trace, never a
 * silent second send), then given the provider's MessageSid, or kept for another attempt when
 * Twilio could not take it for a passing reason (retries.ts).
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
  return handOver(db, config, { ...row, phone: number.e164, body: request.body, kind: request.kind });
}

/** Hands the recorded text over; a failure for a passing reason waits for the cron's next attempt (retries.ts). */
async function handOver(
  db: Db,
  config: NonNullable<ReturnType<typeof smsConfig>>,
  text: { id: number; phone: string; body: string; kind: SmsKind },
): Promise<TextOutcome> {
  const now = Date.now();
  const result = await handOverOnce(config, { ...text, attempts: 1, retryUntil: null }, now);
  await settleHandOvers(db, [result], new Date(now).toISOString());
  if ("sid" in result) return { sent: true, id: text.id, sid: result.sid };
  const retrying = "failure" in result && result.failure.status === "queued";
  return { sent: false, reason: "refused", id: text.id, retrying };
}
