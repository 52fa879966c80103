import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  type BookableService,
  type BookingCreated,
  bookableServiceRecordTypes,
  isBookableService,
  MANAGE_LINK_DAYS_AFTER_VISIT,
  type ManagedBooking,
  visitLabel,
} from "../../../schema/api/bookings";
import type { ContactChannel } from "../../../schema/api/customers";
import { bookableServiceQualifications, qualificationOf } from "../../../schema/api/diary";
import { company } from "../../../schema/business";
import { bookings, customers, properties, serviceRecords } from "../../../schema/db";
import { londonWallTime } from "../../../schema/london-time";
import { splitName } from "../../../schema/names";
import { ALPHABETS, randomText } from "../../../schema/random";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { createBookingToken, readBookingToken, requireCurrentBookingLink } from "../../lib/booking-token";
import { ApiError } from "../../lib/errors";
import { siteHost, siteUrl } from "../../lib/site-url";
import { firstPropertyOf, firstPropertyStatement } from "../customers/properties";
import { ownerEmail, toTypedAddress } from "../mail";
import {
  type BookingForMail,
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingMovedMail,
  ownerBookingMail,
} from "../mail/booking-emails";
import type { MailMessage } from "../mail/types";
import { factsNow } from "../settings/business-facts";
import { textableNumber } from "../sms/phone";
import { isCovered } from "./calendar";
import type { WhoMayGo } from "./engineer-time";
import { calendarFile } from "./ics";
import { freeSlots } from "./slots";
import { dropOthers, holdVisitTime, releaseVisitTime, takeFreeEngineer } from "./visit-time";

/** A booking can be cancelled or moved by the customer until this long before it starts. */
export const CHANGE_NOTICE_MS = 24 * 3_600_000;

export const SLOT_TAKEN = "Sorry, that time has just been taken. Please choose another.";
export const INVALID_BOOKING_LINK = "This link is not valid. Please use the link in your booking e-mail.";

/** "BK-7KQ2MX": six characters that cannot be misread (no 0/O, 1/I). */
export function newReference(): string {
  return `BK-${randomText(6, ALPHABETS.unambiguous)}`;
}

/** The link to see, move or cancel a booking, of its current link version. */
export async function manageUrl(env: AppEnv, reference: string, linkVersion: number) {
  return siteUrl(env, `/book/manage?token=${encodeURIComponent(await createBookingToken(env, reference, linkVersion))}`);
}

/** The visit as a calendar file (the customer's "add to calendar"). */
export function visitIcs(env: AppEnv, b: BookingForMail, cancelled = false): string {
  const host = siteHost(env);
  return calendarFile(
    [
      {
        uid: `${b.reference}@${host}`,
        start: new Date(b.startsAt),
        end: new Date(b.endsAt),
        summary: `${visitLabel(b.service)}: ${company.shortName}`,
        description: `Booking ${b.reference}. A Gas Safe engineer from ${company.name} will arrive within this time. Questions: ${factsNow().phone}.`,
        location: [b.address, b.postcode].filter(Boolean).join(", "),
        cancelled,
      },
    ],
    { method: cancelled ? "CANCEL" : "PUBLISH" },
  );
}

/** Taken meanwhile: a cell of the time (its primary key), or no engineer left for it (visit_engineers' NOT NULL). */
const isUniqueViolation = (error: unknown) =>
  isConstraintError(error, "UNIQUE") || isConstraintError(error, "NOT NULL", "visit_engineers.user_id");

/**
 * The slot the request names, if it is one of the free slots now (and, given a postcode, one the
 * area covers), with the engineers free for it.
 */
async function requireFreeSlot(
  db: Db,
  length: BookableService | number,
  start: string,
  now: number,
  postcode?: string,
  who?: WhoMayGo,
) {
  const startMs = Date.parse(start);
  const { calendar, slots, engineersFor } = await freeSlots(db, {
    length,
    now,
    from: londonWallTime(startMs).date,
    days: 1,
    who,
  });
  if (postcode !== undefined && !isCovered(calendar, postcode)) {
    throw new ApiError(
      "VALIDATION_FAILED",
      `Sorry, we can't book visits to ${postcode} online. Please call us on ${factsNow().phone}: we may still be able to help.`,
      { details: [{ path: "postcode", message: "This postcode is outside the area we book online", value: postcode }] },
    );
  }
  const slot = slots.find((s) => Date.parse(s.start) === startMs);
  if (!slot) {
    throw new ApiError("CONFLICT", "That time is not free. Please choose one of the times shown.", {
      details: [{ path: "start", message: "That time is not free", value: start }],
    });
  }
  return { slot, engineers: engineersFor(slot.start) };
}

export type BookingInput = {
  service: BookableService;
  start: string;
  name: string;
  email: string;
  phone: string;
  postcode: string;
  address: string;
  notes: string | null;
  contactChannel?: ContactChannel;
};

/**
 * Books a visit: the customer (matched by e-mail, name and postcode, or created), a scheduled service record, the
 * booking and the cells of its time, in one transaction. The cells' primary key lets only one of two
 * bookings of overlapping times in: the other fails as a whole and is answered 409.
 */
export async function createBooking(
  env: AppEnv,
  db: Db,
  input: BookingInput,
  now = Date.now(),
  /**
   * Booked from the signed-in account (createAccountBooking): that customer, at that property, and
   * the account's changes that stand or fall with the booking (`withBooking`: its channel chosen).
   */
  account?: { customerId: number; propertyId: number; withBooking?: BatchItem<"sqlite">[] },
): Promise<{ created: BookingCreated; mails: MailMessage[] }> {
  if (input.contactChannel && input.contactChannel !== "email" && !textableNumber(input.phone).ok) {
    throw new ApiError("VALIDATION_FAILED", "Texts need a UK mobile number: please enter one, or choose e-mail.", {
      details: [{ path: "contactChannel", message: "Texts need a UK mobile number" }],
    });
  }
  const { slot, engineers } = await requireFreeSlot(db, input.service, input.start, now, input.postcode);
  const reference = newReference();
  const { firstName, lastName } = splitName(input.name);
  // The customer on file is this one only if the e-mail, the name and the postcode all match. An
  // e-mail anyone can type must not attach a stranger's booking (and notes) to a known customer's
  // history: with another name or postcode the booking gets a customer of its own, marked to check.
  const sameEmail = sql`lower(${customers.email}) = ${input.email.toLowerCase()}`;
  const samePerson = sql`${sameEmail} AND lower(${customers.firstName}) = ${firstName.toLowerCase()}
    AND lower(${customers.lastName}) = ${lastName.toLowerCase()}
    AND replace(upper(coalesce(${customers.postcode}, '')), ' ', '') = ${input.postcode.replace(/\s+/g, "").toUpperCase()}`;
  const customerId =
    account?.customerId ?? sql`(SELECT ${customers.id} FROM ${customers} WHERE ${samePerson} ORDER BY ${customers.id} LIMIT 1)`;
  const checkReason = `Booked online (${reference}) with the e-mail of a customer already on file, under another name or postcode. Check who this is before merging anything.`;
  const date = londonWallTime(Date.parse(slot.start)).date;
  const nowIso = new Date(now).toISOString();
  try {
    const newCustomer: BatchItem<"sqlite">[] = [
      insertWhen(
        db,
        customers,
        {
          firstName,
          lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          postcode: input.postcode,
          checkReason: sql`CASE WHEN EXISTS (SELECT 1 FROM ${customers} WHERE ${sameEmail}) THEN ${checkReason} ELSE NULL END`,
          createdAt: nowIso,
        },
        { where: sql`NOT EXISTS (SELECT 1 FROM ${customers} WHERE ${samePerson})` },
      ),
      // A customer new with this booking gets the address as their home.
      firstPropertyStatement(db, customerId),
      // The channel chosen with the booking is the customer's from now on (only the same person's:
      // a stranger typing a known e-mail address has a customer of their own).
      ...(input.contactChannel ? [db.update(customers).set({ contactChannel: input.contactChannel }).where(samePerson)] : []),
    ];
    // From the account, the customer and the property are known: nobody new is made.
    const [first, ...rest]: BatchItem<"sqlite">[] = [
      ...(account ? [] : newCustomer),
      db.insert(serviceRecords).values({
        customerId,
        // The account's property; else the customer's property with the booked postcode, else their first.
        propertyId: account
          ? account.propertyId
          : sql`COALESCE((SELECT ${properties.id} FROM ${properties} WHERE ${properties.customerId} = ${customerId}
          AND replace(upper(coalesce(${properties.postcode}, '')), ' ', '') = ${input.postcode.replace(/\s+/g, "").toUpperCase()}
          ORDER BY ${properties.id} LIMIT 1), ${firstPropertyOf(customerId)})`,
        serviceType: bookableServiceRecordTypes[input.service],
        status: "scheduled",
        serviceDate: date,
        visitStart: slot.start,
        visitEnd: slot.end,
        description: `Booked online (${reference})`,
        notes: input.notes,
      }),
      db.insert(bookings).values({
        reference,
        service: input.service,
        startsAt: slot.start,
        endsAt: slot.end,
        customerId,
        serviceRecordId: sql`(SELECT MAX(${serviceRecords.id}) FROM ${serviceRecords})`,
        name: input.name,
        email: input.email,
        phone: input.phone,
        postcode: input.postcode,
        address: input.address,
        notes: input.notes,
        createdAt: nowIso,
        updatedAt: nowIso,
      }),
      takeFreeEngineer(db, sql`(SELECT MAX(${serviceRecords.id}) FROM ${serviceRecords})`, engineers, slot.start, slot.end),
      holdVisitTime(db, sql`(SELECT MAX(${serviceRecords.id}) FROM ${serviceRecords})`, slot.start, slot.end),
      ...(account?.withBooking ?? []),
    ];
    await db.batch([first!, ...rest]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError("CONFLICT", SLOT_TAKEN, {
        details: [{ path: "start", message: "That time has just been taken", value: input.start }],
      });
    }
    throw error;
  }
  const booking: BookingForMail = { ...input, reference, startsAt: slot.start, endsAt: slot.end, linkVersion: 1 };
  const confirmation = bookingConfirmedMail(
    booking,
    await manageUrl(env, reference, booking.linkVersion),
    visitIcs(env, booking),
  );
  const mails = [
    // A public form's typed address is counted against its limits; the account's own address is
    // the one its owner proved by signing in.
    account ? confirmation : toTypedAddress(confirmation),
    ownerBookingMail(ownerEmail(env), booking, "new"),
  ];
  return { created: { reference, start: slot.start, end: slot.end }, mails };
}

/**
 * The booking a link is for. A link stops working 30 days after its visit: an old e-mail in a
 * mailbox someone else opens tells them nothing.
 */
async function bookingByToken(env: AppEnv, db: Db, token: string, now: number) {
  const link = await readBookingToken(env, token);
  if (!link) throw new ApiError("VALIDATION_FAILED", INVALID_BOOKING_LINK);
  const [row] = await db.select().from(bookings).where(eq(bookings.reference, link.reference));
  if (!row) throw new ApiError("NOT_FOUND", "This booking no longer exists. Please call us if you need a visit.");
  requireCurrentBookingLink(link, row);
  if (now > Date.parse(row.endsAt) + MANAGE_LINK_DAYS_AFTER_VISIT * 86_400_000) {
    throw new ApiError("GONE", "This link has expired: the visit was more than 30 days ago. Please call us if you need another.");
  }
  return row;
}

/** How long a booked visit is: a move keeps its length. */
const minutesOf = (row: { startsAt: string; endsAt: string }) =>
  Math.round((Date.parse(row.endsAt) - Date.parse(row.startsAt)) / 60_000);

/** What a move looks for: an online booking's service (its length may have changed since), an owner's visit its own length. */
const moveByOf = (row: typeof bookings.$inferSelect): BookableService | { minutes: number } =>
  row.source === "online" && isBookableService(row.service) ? row.service : { minutes: minutesOf(row) };
const lengthOf = (row: typeof bookings.$inferSelect): BookableService | number => {
  const by = moveByOf(row);
  return typeof by === "string" ? by : by.minutes;
};

/** Who may take a booking the customer moves: those qualified for its service (an owner's visit: for its kind of work). */
const whoMayGoTo = (row: typeof bookings.$inferSelect): WhoMayGo => ({
  qualification: isBookableService(row.service) ? bookableServiceQualifications[row.service] : qualificationOf(row.service),
});

const canChange = (row: { startsAt: string; status: string }, now: number) =>
  row.status === "booked" && Date.parse(row.startsAt) - now > CHANGE_NOTICE_MS;

function toManaged(row: typeof bookings.$inferSelect, now: number): ManagedBooking {
  return {
    reference: row.reference,
    service: row.service,
    serviceLabel: visitLabel(row.service),
    moveBy: moveByOf(row),
    start: row.startsAt,
    end: row.endsAt,
    status: row.status,
    address: row.status === "booked" ? row.address : null,
    postcode: row.status === "booked" ? row.postcode : null,
    canChange: canChange(row, now),
    changeUntil: new Date(Date.parse(row.startsAt) - CHANGE_NOTICE_MS).toISOString(),
  };
}

export async function readManagedBooking(env: AppEnv, db: Db, token: string, now = Date.now()): Promise<ManagedBooking> {
  return toManaged(await bookingByToken(env, db, token, now), now);
}

function requireChangeable(row: typeof bookings.$inferSelect, now: number) {
  if (row.status === "cancelled") throw new ApiError("CONFLICT", "This visit is already cancelled.");
  if (!canChange(row, now)) {
    throw new ApiError(
      "CONFLICT",
      `Visits can be changed online until 24 hours before they start. Please call us on ${factsNow().phone}.`,
    );
  }
}

/** Cancels through the customer's link: the slot is free again at once, the scheduled record goes. */
export async function cancelBooking(env: AppEnv, db: Db, token: string, now = Date.now()) {
  const row = await bookingByToken(env, db, token, now);
  requireChangeable(row, now);
  const nowIso = new Date(now).toISOString();
  await db.batch([
    db
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: nowIso, updatedAt: nowIso, serviceRecordId: null })
      .where(eq(bookings.id, row.id)),
    ...(row.serviceRecordId
      ? [
          releaseVisitTime(db, row.serviceRecordId),
          db
            .delete(serviceRecords)
            .where(and(eq(serviceRecords.id, row.serviceRecordId), eq(serviceRecords.status, "scheduled"))),
        ]
      : []),
  ]);
  const booking: BookingForMail = { ...row };
  return {
    managed: toManaged({ ...row, status: "cancelled" }, now),
    mails: [bookingCancelledMail(booking), ownerBookingMail(ownerEmail(env), booking, "cancelled")],
  };
}

/**
 * Moves through the customer's link: in one transaction its old cells go and the new ones come; if
 * the new time was taken meanwhile the whole move fails (409) and the old time stays booked.
 */
export async function moveBooking(env: AppEnv, db: Db, token: string, start: string, now = Date.now()) {
  const row = await bookingByToken(env, db, token, now);
  requireChangeable(row, now);
  const { slot, engineers } = await requireFreeSlot(db, lengthOf(row), start, now, undefined, whoMayGoTo(row));
  const nowIso = new Date(now).toISOString();
  try {
    await db.batch([
      db.update(bookings).set({ startsAt: slot.start, endsAt: slot.end, updatedAt: nowIso }).where(eq(bookings.id, row.id)),
      ...(row.serviceRecordId
        ? [
            releaseVisitTime(db, row.serviceRecordId),
            takeFreeEngineer(db, row.serviceRecordId, engineers, slot.start, slot.end, row.serviceRecordId),
            dropOthers(db, row.serviceRecordId, slot.start),
            holdVisitTime(db, row.serviceRecordId, slot.start, slot.end),
            db
              .update(serviceRecords)
              .set({ serviceDate: londonWallTime(Date.parse(slot.start)).date, visitStart: slot.start, visitEnd: slot.end })
              .where(eq(serviceRecords.id, row.serviceRecordId)),
          ]
        : []),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("CONFLICT", SLOT_TAKEN);
    throw error;
  }
  const moved: BookingForMail = { ...row, startsAt: slot.start, endsAt: slot.end };
  return {
    managed: toManaged({ ...row, startsAt: slot.start, endsAt: slot.end }, now),
    mails: [
      bookingMovedMail(moved, await manageUrl(env, row.reference, row.linkVersion), visitIcs(env, moved)),
      ownerBookingMail(ownerEmail(env), moved, "moved", { startsAt: row.startsAt, endsAt: row.endsAt }),
    ],
  };
}
