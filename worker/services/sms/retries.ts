import { and, asc, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { type SmsKind, smsMessages } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import type { AppEnv } from "../../env";
import { SmsError, sendSms, smsConfig } from "./provider";
import { isTextHour } from "./visit-texts";

/**
 * Texts Twilio could not take for a passing reason, tried again by the cron with growing waits
 * (settings.sms.retryAfterMinutes) and a cap on attempts, never a text Twilio refused for good, and
 * never one twice: a run takes its share in the statement that marks it taken (`retry_at` cleared),
 * so two runs at once never hand the same text over. A number that said STOP meanwhile is not
 * texted: its text is given up.
 */

/** A text handed over: its attempt (1 the first), and the end of its tries once one has failed. */
type Attempt = { attempts: number; kind: SmsKind; retryUntil: string | null };
export type AfterFailure =
  | { status: "queued"; retryAt: string; retryUntil: string; errorCode: string }
  | { status: "failed"; retryAt: null; retryUntil: null; errorCode: string };

const MINUTE = 60_000;
const withinMinutes = (kind: SmsKind) =>
  kind === "on-my-way" ? settings.sms.onMyWayWithinMinutes : settings.sms.retryWithinMinutes;

/** What becomes of a text after Twilio did not take it: waits for another attempt, or has failed. */
export function afterFailure(error: SmsError, text: Attempt, now: number): AfterFailure {
  const errorCode = error.code ?? (error.transient ? "unreachable" : "refused");
  const wait = settings.sms.retryAfterMinutes[text.attempts - 1];
  const retryAt = wait === undefined ? null : now + wait * MINUTE;
  const until = text.retryUntil ? Date.parse(text.retryUntil) : now + withinMinutes(text.kind) * MINUTE;
  if (!error.transient || retryAt === null || retryAt > until)
    return { status: "failed", retryAt: null, retryUntil: null, errorCode };
  return { status: "queued", retryAt: new Date(retryAt).toISOString(), retryUntil: new Date(until).toISOString(), errorCode };
}

export type HandOver = { id: number; sid: string } | { id: number; failure: AfterFailure } | { id: number; givenUp: true };

/**
 * Writes what became of a share of hand-overs in one statement, whatever the share: the outcomes go
 * in as one JSON parameter, each column read from it (the sent ones' MessageSids; a failure's state,
 * next attempt and Twilio's code; a text given up keeps its last error).
 */
export async function settleHandOvers(db: Db, results: HandOver[], nowIso: string): Promise<void> {
  if (results.length === 0) return;
  const outcomes = JSON.stringify(
    results.map((r) =>
      "sid" in r
        ? { id: r.id, sid: r.sid }
        : "failure" in r
          ? {
              id: r.id,
              status: r.failure.status,
              retryAt: r.failure.retryAt,
              until: r.failure.retryUntil,
              code: r.failure.errorCode,
            }
          : { id: r.id, status: "failed" },
    ),
  );
  // Written out: json_each has an `id` column of its own, so the text's is named with its table.
  const of = (field: string) =>
    sql`(SELECT json_extract(value, ${`$.${field}`}) FROM json_each(${outcomes}) WHERE json_extract(value, '$.id') = sms_messages.id)`;
  await db
    .update(smsMessages)
    .set({
      providerSid: sql`COALESCE(${of("sid")}, ${smsMessages.providerSid})`,
      status: sql`COALESCE(${of("status")}, ${smsMessages.status})`,
      retryAt: of("retryAt"),
      retryUntil: of("until"),
      errorCode: sql`CASE WHEN ${of("sid")} IS NOT NULL THEN NULL ELSE COALESCE(${of("code")}, ${smsMessages.errorCode}) END`,
      updatedAt: nowIso,
    })
    .where(
      inJsonList(
        smsMessages.id,
        results.map((r) => r.id),
      ),
    );
}

/** Hands one text to Twilio: its MessageSid, or what became of it. */
export async function handOverOnce(
  config: NonNullable<ReturnType<typeof smsConfig>>,
  text: { id: number; phone: string; body: string } & Attempt,
  now: number,
): Promise<HandOver> {
  try {
    return { id: text.id, sid: (await sendSms(config, text.phone, text.body)).sid };
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    const failure = afterFailure(error, text, now);
    console.warn(
      JSON.stringify({ sms: "not sent", id: text.id, attempt: text.attempts, now: failure.status, error: error.message }),
    );
    return { id: text.id, failure };
  }
}

/**
 * The cron's share (decision 014): the texts due another attempt, oldest due first, taken in one
 * statement, handed over, and settled in one: two D1 queries whatever the share, in the texting hours.
 */
export async function retryTexts(env: AppEnv, db: Db, now: number): Promise<number> {
  const config = smsConfig(env);
  if (!config || !isTextHour(now)) return 0;
  const nowIso = new Date(now).toISOString();
  const due = db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(isNotNull(smsMessages.retryAt), lte(smsMessages.retryAt, nowIso)))
    .orderBy(asc(smsMessages.retryAt), asc(smsMessages.id))
    .limit(settings.sms.retriesPerRun);
  const taken = await db
    .update(smsMessages)
    .set({ retryAt: null, attempts: sql`${smsMessages.attempts} + 1`, updatedAt: nowIso })
    // Still waiting: a run that took it first cleared `retry_at`.
    .where(and(inArray(smsMessages.id, due), isNotNull(smsMessages.retryAt)))
    .returning({
      id: smsMessages.id,
      phone: smsMessages.phone,
      body: smsMessages.body,
      kind: smsMessages.kind,
      attempts: smsMessages.attempts,
      retryUntil: smsMessages.retryUntil,
      // Written out: in RETURNING, Drizzle names the column unqualified, which inside the subquery is the opt-out's own.
      optedOut: sql<number>`EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = sms_messages.phone)`,
    });
  const results: HandOver[] = [];
  for (const text of taken) {
    // Out of time (the texting hours held it back): given up rather than sent late.
    if (text.optedOut || (text.retryUntil && now > Date.parse(text.retryUntil))) results.push({ id: text.id, givenUp: true });
    else results.push(await handOverOnce(config, text, now));
  }
  await settleHandOvers(db, results, nowIso);
  return results.filter((r) => "sid" in r).length;
}
