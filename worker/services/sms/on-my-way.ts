import { eq } from "drizzle-orm";
import type { OnMyWayAnswer } from "../../../schema/api/visits";
import { customers, properties, serviceRecords } from "../../../schema/db";
import { londonWallTime } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { smsConfig } from "./provider";
import { sendText } from "./texts";
import { visitPhone } from "./visit-texts";
import { smsWording } from "./wording";

const REFUSALS = {
  "not-a-mobile": "The number on file is not a mobile: call them instead.",
  "not-uk": "The number on file is not a UK mobile: call them instead.",
  missing: "There is no mobile number on file for this visit: call them instead.",
  "opted-out": "This number asked for no texts (STOP): call them instead.",
  "too-long": "That text is too long to send.",
} as const;

/**
 * "On my way", tapped on the engineer's day: one text each tap (a second tap with a new estimate
 * sends a second text), to the tenant or to the customer who chose texts, at any hour (someone is
 * expecting the engineer). Refused with a reason the engineer can act on when it cannot go.
 */
export async function textOnMyWay(
  env: AppEnv,
  db: Db,
  visitId: number,
  minutes: number,
  engineerName: string | null,
  now = Date.now(),
): Promise<OnMyWayAnswer> {
  if (!smsConfig(env)) throw new ApiError("NOT_CONFIGURED", "Texts are not set up: call the customer instead.");
  const [visit] = await db
    .select({ customerId: serviceRecords.customerId, status: serviceRecords.status, phone: visitPhone })
    .from(serviceRecords)
    .leftJoin(customers, eq(customers.id, serviceRecords.customerId))
    .leftJoin(properties, eq(properties.id, serviceRecords.propertyId))
    .where(eq(serviceRecords.id, visitId));
  if (!visit) throw notFound("Visit");
  if (visit.status === "completed") throw new ApiError("CONFLICT", "This visit is done.");
  if (!visit.phone) throw new ApiError("CONFLICT", "This customer chose e-mail, not texts: call them instead.");
  const arrivesAround = londonWallTime(now + minutes * 60_000).time;
  const outcome = await sendText(env, db, {
    kind: "on-my-way",
    phone: visit.phone,
    body: smsWording.onMyWay(engineerName?.trim().split(/\s+/)[0] || "Your engineer", minutes, arrivesAround),
    customerId: visit.customerId,
    visitId,
  });
  if (!outcome.sent && outcome.reason !== "refused") {
    throw new ApiError("CONFLICT", outcome.reason === "not-configured" ? "Texts are not set up." : REFUSALS[outcome.reason]);
  }
  // Twilio busy or down: the cron tries again within settings.sms.onMyWayWithinMinutes.
  return { status: outcome.sent || outcome.retrying ? "queued" : "failed", sentTo: visit.phone, arrivesAround };
}
