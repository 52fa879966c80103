import { and, eq, sql } from "drizzle-orm";
import { visitLabel } from "../../../schema/api/bookings";
import { bookings, customers, properties, serviceRecords } from "../../../schema/db";
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

export type BookingNotice = "booking-confirmed" | "visit-moved" | "visit-cancelled";

const noticeWording = {
  "booking-confirmed": smsWording.bookingConfirmed,
  "visit-moved": smsWording.visitMoved,
  "visit-cancelled": smsWording.visitCancelled,
} as const;

/**
 * A booking made, moved or cancelled, texted as it happens (the e-mails go as before): to the
 * tenant of the visit's property, or to the customer who chose texts, read with the booking in one
 * query. Outside the texting hours nothing is texted (the e-mail says it; a text at night wakes
 * people); a cancelled booking's visit is gone, so its text goes to the customer.
 */
export async function textBookingNotice(
  env: AppEnv,
  db: Db,
  reference: string,
  kind: BookingNotice,
  now = Date.now(),
): Promise<TextOutcome | null> {
  if (!smsConfig(env) || !isTextHour(now)) return null;
  const [row] = await db
    .select({
      customerId: bookings.customerId,
      visitId: bookings.serviceRecordId,
      service: bookings.service,
      startsAt: bookings.startsAt,
      phone: visitPhone,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(serviceRecords, eq(serviceRecords.id, bookings.serviceRecordId))
    .leftJoin(properties, eq(properties.id, serviceRecords.propertyId))
    .where(eq(bookings.reference, reference));
  if (!row?.phone) return null;
  return sendText(env, db, {
    kind,
    phone: row.phone,
    body: noticeWording[kind](lower(visitLabel(row.service)), row.startsAt),
    customerId: row.customerId,
    visitId: row.visitId,
  });
}

/** The same after the answer (waitUntil): a booking never fails or waits because of its text. */
export function textBookingInBackground(
  ctx: { waitUntil(p: Promise<unknown>): void },
  env: AppEnv,
  db: Db,
  reference: string,
  kind: BookingNotice,
) {
  ctx.waitUntil(
    textBookingNotice(env, db, reference, kind).catch((error: unknown) => {
      console.error(JSON.stringify({ sms: "booking notice", kind, error: String(error) }));
    }),
  );
}

/**
 * The owner booked or moved a visit from the back office, and its booking e-mail went: the same
 * news by text. A booking not changed since it was written is new; one changed since, moved.
 */
export function textVisitBookingInBackground(
  ctx: { waitUntil(p: Promise<unknown>): void },
  env: AppEnv,
  db: Db,
  visitId: number,
) {
  if (!smsConfig(env) || !isTextHour(Date.now())) return;
  ctx.waitUntil(
    (async () => {
      const [booking] = await db
        .select({ reference: bookings.reference, createdAt: bookings.createdAt, updatedAt: bookings.updatedAt })
        .from(bookings)
        .where(and(eq(bookings.serviceRecordId, visitId), eq(bookings.status, "booked")));
      if (booking) {
        await textBookingNotice(
          env,
          db,
          booking.reference,
          booking.createdAt === booking.updatedAt ? "booking-confirmed" : "visit-moved",
        );
      }
    })().catch((error: unknown) => {
      console.error(JSON.stringify({ sms: "visit booking notice", visitId, error: String(error) }));
    }),
  );
}
