import { and, eq, sql } from "drizzle-orm";
import { bookings, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { type BookingForMail, bookingCancelledMail, bookingConfirmedMail, bookingMovedMail } from "../mail/booking-emails";
import type { MailMessage } from "../mail/types";
import { manageUrl, newReference, visitIcs } from "./book";

/**
 * A visit the owner books at a time gets what an online booking gets: a booking row with a
 * reference, a confirmation e-mail with the visit as a calendar file and the link to move or
 * cancel it, and a new e-mail when the owner moves it or takes it out of the diary.
 */

/** Who the visit is for, as the booking keeps them (the customer may change their details later). */
export type VisitCustomer = {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postcode: string | null;
};

/** A customer can be sent the confirmation when they have an e-mail address and the visit is still to come. */
export const canConfirm = (customer: VisitCustomer | null, start: string | null, status: string, now: number) =>
  Boolean(customer?.email && start && Date.parse(start) > now && (status === "scheduled" || status === "pending"));

/** The booking row of a visit the owner booked, for the batch that writes the visit (the newest record when `recordId` is SQL). */
export function ownerBookingRow(
  db: Db,
  recordId: number | ReturnType<typeof sql>,
  customerId: number | ReturnType<typeof sql> | null,
  visit: { serviceType: string; start: string; end: string; notes: string | null },
  customer: VisitCustomer & { email: string },
  reference = newReference(),
  nowIso = new Date().toISOString(),
) {
  const booking: BookingForMail = {
    reference,
    service: visit.serviceType,
    startsAt: visit.start,
    endsAt: visit.end,
    name: customer.name,
    email: customer.email,
    phone: customer.phone ?? "",
    address: customer.address ?? "",
    postcode: customer.postcode ?? "",
    notes: null,
    linkVersion: 1,
  };
  const statement = db.insert(bookings).values({
    reference,
    service: visit.serviceType,
    source: "owner",
    startsAt: visit.start,
    endsAt: visit.end,
    customerId,
    serviceRecordId: recordId,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    postcode: booking.postcode,
    address: booking.address,
    createdAt: nowIso,
    updatedAt: nowIso,
  });
  return { statement, booking };
}

/** The booking a record's visit has now (at most one is booked at a time). */
export const activeBookingOf = (db: Db, recordId: number) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.serviceRecordId, recordId), eq(bookings.status, "booked")));

export const moveBookingRow = (db: Db, bookingId: number, start: string, end: string, nowIso: string) =>
  db.update(bookings).set({ startsAt: start, endsAt: end, updatedAt: nowIso }).where(eq(bookings.id, bookingId));

/** Takes a visit's booking out of the diary (the visit was deleted, or its time is to be agreed again). */
export const cancelBookingRows = (db: Db, recordId: number, nowIso: string) =>
  db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: nowIso, updatedAt: nowIso })
    .where(and(eq(bookings.serviceRecordId, recordId), eq(bookings.status, "booked")))
    .returning();

export const bookingForMail = (row: typeof bookings.$inferSelect): BookingForMail => ({
  reference: row.reference,
  service: row.service,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  postcode: row.postcode,
  notes: row.notes,
  linkVersion: row.linkVersion,
});

export async function confirmedMail(env: AppEnv, booking: BookingForMail): Promise<MailMessage> {
  return bookingConfirmedMail(booking, await manageUrl(env, booking.reference, booking.linkVersion), visitIcs(env, booking));
}

export async function movedMail(env: AppEnv, booking: BookingForMail): Promise<MailMessage> {
  return bookingMovedMail(booking, await manageUrl(env, booking.reference, booking.linkVersion), visitIcs(env, booking));
}

export const cancelledMail = (booking: BookingForMail): MailMessage => bookingCancelledMail(booking);

/** The newest service record, inside the batch that inserted it (D1 runs one writer at a time). */
export const newestRecord = sql`(SELECT MAX(${serviceRecords.id}) FROM ${serviceRecords})`;
