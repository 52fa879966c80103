import { eq, sql } from "drizzle-orm";
import { customers, properties } from "../../../schema/db";
import { londonWallTime } from "../../../schema/london-time";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { smsConfig } from "./provider";
import { sendText, type TextOutcome } from "./texts";
import { smsWording } from "./wording";

/**
 * The texts about a visit: who gets them and when. The tenant of a let property gets them (it is the
 * tenant who opens the door), whatever the landlord chose; otherwise the customer, when they chose
 * texts (or texts and e-mail). Texts go out between 08:00 and 21:00 London time only.
 */
export function isTextHour(now: number): boolean {
  const { hour } = londonWallTime(now);
  return hour >= settings.sms.sendFromHour && hour < settings.sms.sendUntilHour;
}

/** The number a visit's texts go to, in SQL: the tenant's, else the customer's when they chose texts. */
export const visitPhone = sql<
  string | null
>`COALESCE(${properties.tenantPhone}, CASE WHEN ${customers.contactChannel} IN ('text', 'both') THEN ${customers.phone} END)`;

export const lower = (what: string) => what.toLowerCase();

export type VisitNotice = {
  kind: "booking-confirmed" | "visit-moved" | "visit-cancelled";
  customerId: number | null;
  /** The visit's property, for its tenant; null: the customer's own home. */
  propertyId: number | null;
  /** The visit, while it exists (a cancelled one is gone). */
  visitId: number | null;
  what: string;
  startsAt: string;
};

/**
 * A booking made, moved or cancelled, texted as it happens (the e-mail goes as before): to the
 * tenant, or to the customer who chose texts. Outside the texting hours nothing is sent: the
 * e-mail says it, and a text at night would wake people.
 */
export async function textVisitNotice(env: AppEnv, db: Db, notice: VisitNotice, now = Date.now()): Promise<TextOutcome | null> {
  if (!smsConfig(env) || !isTextHour(now) || notice.customerId === null) return null;
  const [row] = await db
    .select({ phone: visitPhone })
    .from(customers)
    .leftJoin(properties, notice.propertyId === null ? sql`0` : eq(properties.id, notice.propertyId))
    .where(eq(customers.id, notice.customerId));
  if (!row?.phone) return null;
  const wording = {
    "booking-confirmed": smsWording.bookingConfirmed,
    "visit-moved": smsWording.visitMoved,
    "visit-cancelled": smsWording.visitCancelled,
  }[notice.kind];
  return sendText(env, db, {
    kind: notice.kind,
    phone: row.phone,
    body: wording(lower(notice.what), notice.startsAt),
    customerId: notice.customerId,
    visitId: notice.visitId,
  });
}
