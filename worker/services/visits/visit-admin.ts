import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  type AdminServiceRecord,
  type NewServiceRecord,
  recordRuleProblems,
  type ServiceRecordChanges,
} from "../../../schema/api/records";
import { annualServiceTypes } from "../../../schema/business";
import { bookings, customers, serviceRecords, visitEngineers } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import { addMonths, londonDateOf, londonToday } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import type { AppEnv } from "../../env";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { firstPropertyOf, firstPropertyStatement } from "../customers/properties";
import type { BookingForMail } from "../mail/booking-emails";
import type { MailMessage } from "../mail/types";
import {
  defaultEngineersFor,
  diaryClash,
  engineersColumn,
  isDiaryClash,
  OWNER_ID,
  parseEngineers,
  requireEngineers,
} from "./engineers";
import {
  activeBookingOf,
  bookingForMail,
  canConfirm,
  cancelBookingRows,
  cancelledMail,
  confirmedMail,
  moveBookingRow,
  movedMail,
  newestRecord,
  ownerBookingRow,
} from "./owner-visits";
import { parseVisitDocuments, type VisitDocumentColumns, visitDocuments } from "./visit-documents";
import { atPlace, checkPropertyOf, noSuchCustomer, ofJob, pickedCustomer, placeOfVisit, visitCustomerOf } from "./visit-parties";
import { assignEngineers, holdVisitTime, releaseVisitTime } from "./visit-time";

type RecordRow = typeof serviceRecords.$inferSelect;

export const withCustomer = {
  record: serviceRecords,
  customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`.as("customer_name"),
  customerEmail: sql<string | null>`${customers.email}`.as("customer_email"),
  bookingReference: sql<string | null>`${bookings.reference}`.as("booking_reference"),
  engineers: engineersColumn.as("engineers"),
  ...visitDocuments,
};

export function toAdminServiceRecord({
  record,
  customerName,
  customerEmail,
  bookingReference,
  engineers,
  ...documents
}: {
  record: RecordRow;
  customerName: string | null;
  customerEmail: string | null;
  bookingReference: string | null;
  engineers: string | null;
} & VisitDocumentColumns): AdminServiceRecord {
  return {
    id: record.id,
    customerId: record.customerId,
    customerName,
    customerEmail,
    serviceType: record.serviceType,
    equipmentType: record.equipmentType,
    equipmentModel: record.equipmentModel,
    status: record.status,
    serviceDate: record.serviceDate,
    technicianName: record.technicianName,
    cost: record.costPence === null ? null : penceToDecimal(record.costPence),
    workCompleted: record.workCompleted,
    partsUsed: record.partsUsed,
    nextServiceDue: record.nextServiceDue,
    description: record.description,
    notes: record.notes,
    enquiryId: record.enquiryId,
    visitStart: record.visitStart,
    visitEnd: record.visitEnd,
    bookingReference,
    engineers: parseEngineers(engineers),
    propertyId: record.propertyId,
    jobId: record.jobId,
    ...parseVisitDocuments(documents),
  };
}

/** The statement reading one record with its customer and booking, for a caller's batch. */
const recordQuery = (db: Db, id: number | SQL) =>
  db
    .select(withCustomer)
    .from(serviceRecords)
    .leftJoin(customers, eq(serviceRecords.customerId, customers.id))
    .leftJoin(bookings, and(eq(bookings.serviceRecordId, serviceRecords.id), eq(bookings.status, "booked")))
    .where(sql`${serviceRecords.id} = ${id}`);
type RecordRows = Awaited<ReturnType<typeof recordQuery>>;

/** One record with its customer, in the list's shape (404 when there is none). */
export async function readRecord(db: Db, id: number): Promise<AdminServiceRecord> {
  const [row] = await recordQuery(db, id);
  if (!row) throw notFound("Service record");
  return toAdminServiceRecord(row);
}

/** A year after the visit, for a completed annual visit whose next date the owner did not set. */
function nextDueFor(status: string, serviceType: string, serviceDate: string, given: string | null | undefined) {
  if (given !== undefined) return given;
  if (status !== "completed" || !annualServiceTypes.includes(serviceType)) return undefined;
  return addMonths(serviceDate, 12);
}

// One writer at a time in D1: inside a batch, the newest row of a table is the one inserted just above.
const newest = (table: typeof customers | typeof serviceRecords) => sql`(SELECT MAX(${table.id}) FROM ${table})`;

const TIME_TAKEN =
  "That time overlaps another visit in the diary. Choose a free time, another time, or leave the time to be agreed.";

/** Who is to be at the visit and when, for the 409 that names what they are already doing. */
type DiaryOf = { engineers: number[]; start: string | null; end: string | null; visitId: number | null };

/**
 * Runs the writes and reads the record back in the same batch. A customer id with no customer is
 * refused by the foreign key; a time that overlaps another visit of one of its engineers by the
 * cells' primary key, their blocked time by visit_engineers' NOT NULL (visit-time.ts).
 */
async function writeAndRead(
  db: Db,
  writes: BatchItem<"sqlite">[],
  id: number | SQL,
  diary: DiaryOf,
): Promise<AdminServiceRecord> {
  try {
    const results = await db.batch([...writes, recordQuery(db, id)] as unknown as [
      BatchItem<"sqlite">,
      ...BatchItem<"sqlite">[],
    ]);
    const [row] = results.at(-1) as RecordRows;
    if (!row) throw notFound("Service record");
    return toAdminServiceRecord(row);
  } catch (error) {
    if (diary.start && diary.end && isDiaryClash(error))
      throw await diaryClash(db, diary.engineers, diary.start, diary.end, diary.visitId);
    if (isConstraintError(error, "FOREIGN KEY")) throw noSuchCustomer();
    if (isConstraintError(error, "UNIQUE"))
      throw new ApiError("CONFLICT", TIME_TAKEN, { details: [{ path: "visitStart", message: "Another visit is booked then" }] });
    throw error;
  }
}

/** A visit with a time is on that time's London day, whatever date was typed beside it. */
const dayOfVisit = (serviceDate: string, start: string | null | undefined) => (start ? londonDateOf(start) : serviceDate);

const rulesRefused = (problems: { path: string; message: string }[]) =>
  new ApiError("VALIDATION_FAILED", problems[0]!.message, { details: problems });

export type RecordWrite = { record: AdminServiceRecord; mails: MailMessage[] };

/**
 * A new service record, for a customer picked from the list or created in the same request, and
 * the record as the list shows it: one batch (after one read of a picked customer, when the visit
 * has a time and the customer is to be told). A visit with a time holds the engineer's diary and,
 * unless the owner says not to, e-mails the customer the booking confirmation an online booking
 * gets. Completing an annual visit sets the next one a year on unless a date is given.
 */
export async function createServiceRecord(
  env: AppEnv,
  db: Db,
  input: NewServiceRecord,
  now = Date.now(),
  /** Who is signed in: the visit is theirs when they are an engineer and the form names nobody. */
  user?: AdminUser,
): Promise<RecordWrite> {
  const { newCustomer, cost, visitStart = null, visitEnd = null, notifyCustomer, jobId, engineers: named, ...rest } = input;
  if (named) await requireEngineers(db, named);
  const engineers = named ?? defaultEngineersFor(user);
  const { customerId, propertyId, ...fields } = jobId ? await ofJob(db, jobId, rest) : rest;
  if (propertyId) await checkPropertyOf(db, propertyId, newCustomer ? null : (customerId ?? null));
  const serviceDate = dayOfVisit(fields.serviceDate, visitStart);
  const values = {
    ...fields,
    serviceDate,
    visitStart,
    visitEnd,
    costPence: cost,
    nextServiceDue: nextDueFor(fields.status, fields.serviceType, serviceDate, fields.nextServiceDue) ?? null,
    customerId: newCustomer ? newest(customers) : (customerId ?? null),
    jobId: jobId ?? null,
    // The visit is at the property chosen, else the customer's home (their first property).
    propertyId:
      propertyId ?? (newCustomer ? firstPropertyOf(newest(customers)) : customerId ? firstPropertyOf(customerId) : null),
  };
  const writes: BatchItem<"sqlite">[] = [
    ...(newCustomer ? [db.insert(customers).values(newCustomer), firstPropertyStatement(db, newest(customers))] : []),
    db.insert(serviceRecords).values(values),
    ...assignEngineers(db, newestRecord, engineers, visitStart, visitEnd),
  ];
  let booking: BookingForMail | null = null;
  if (visitStart && visitEnd) {
    writes.push(holdVisitTime(db, newestRecord, visitStart, visitEnd));
    const customer = notifyCustomer
      ? newCustomer
        ? visitCustomerOf(newCustomer)
        : await pickedCustomer(db, customerId, propertyId ?? firstPropertyOf(customerId ?? 0))
      : null;
    if (customer?.email && canConfirm(customer, visitStart, fields.status, now)) {
      const row = ownerBookingRow(
        db,
        newestRecord,
        newCustomer ? newest(customers) : (customerId ?? null),
        { serviceType: fields.serviceType, start: visitStart, end: visitEnd, notes: fields.notes },
        { ...customer, email: customer.email },
      );
      writes.push(row.statement);
      booking = row.booking;
    }
  }
  const record = await writeAndRead(db, writes, newest(serviceRecords), {
    engineers,
    start: visitStart,
    end: visitEnd,
    visitId: null,
  });
  return { record, mails: booking ? [await confirmedMail(env, booking)] : [] };
}

/**
 * Changes any fields. A new time moves the visit's hold on the diary and its booking (the customer
 * is e-mailed the new time), a first time books it (and confirms it), a time taken away leaves it
 * to be agreed and takes its booking out of the diary. Completing an annual visit sets its next
 * date a year on unless one is given. One read of the record as it is, then one batch.
 */
export async function updateServiceRecord(
  env: AppEnv,
  db: Db,
  id: number,
  changes: ServiceRecordChanges,
  now = Date.now(),
): Promise<RecordWrite> {
  // The record and its customer in statements of their own: a batch's rows are keyed by column
  // name, so the two tables' shared names (id, created_at…) would overwrite each other in a join.
  const [[stored], [customer], [booked], [place], assigned] = await db.batch([
    db.select().from(serviceRecords).where(eq(serviceRecords.id, id)),
    db
      .select()
      .from(customers)
      .where(
        eq(customers.id, sql`(SELECT ${serviceRecords.customerId} FROM ${serviceRecords} WHERE ${serviceRecords.id} = ${id})`),
      ),
    activeBookingOf(db, id),
    // Where the visit will be: the property chosen now, else the one it has.
    placeOfVisit(
      db,
      changes.propertyId ?? sql`(SELECT ${serviceRecords.propertyId} FROM ${serviceRecords} WHERE ${serviceRecords.id} = ${id})`,
    ),
    db.select({ userId: visitEngineers.userId }).from(visitEngineers).where(eq(visitEngineers.serviceRecordId, id)),
  ]);
  if (!stored) throw notFound("Service record");
  const current = { record: stored, customer: customer ?? null };
  const was = current.record;
  const {
    newCustomer,
    cost,
    notifyCustomer = true,
    visitStart: startChange,
    visitEnd: endChange,
    propertyId,
    engineers: named,
    ...fields
  } = changes;
  if (named) await requireEngineers(db, named);
  if (propertyId)
    await checkPropertyOf(
      db,
      propertyId,
      newCustomer ? null : fields.customerId !== undefined ? fields.customerId : was.customerId,
    );
  const start = startChange !== undefined ? startChange : was.visitStart;
  const end = endChange !== undefined ? endChange : was.visitEnd;
  const status = fields.status ?? was.status;
  const serviceType = fields.serviceType ?? was.serviceType;
  const serviceDate = dayOfVisit(fields.serviceDate ?? was.serviceDate, start);
  const completingNow = status === "completed" && was.status !== "completed" && was.nextServiceDue === null;
  const nextServiceDue = completingNow
    ? nextDueFor(status, serviceType, serviceDate, fields.nextServiceDue)
    : fields.nextServiceDue;
  const problems = recordRuleProblems(
    {
      status,
      serviceDate,
      nextServiceDue: nextServiceDue !== undefined ? nextServiceDue : was.nextServiceDue,
      visitStart: start,
      visitEnd: end,
    },
    londonToday(now),
  );
  if (problems.length > 0) throw rulesRefused(problems);

  const timeChanged = start !== was.visitStart || end !== was.visitEnd;
  // A visit written before it had engineers (straight into the table) is the owner's, as the migration made every old one.
  const assignedNow = assigned.length > 0 ? assigned.map((a) => a.userId).sort((a, b) => a - b) : [OWNER_ID];
  const engineers = named ?? assignedNow;
  const engineersChanged = named !== undefined && [...named].sort((a, b) => a - b).join() !== assignedNow.join();
  const nowIso = new Date(now).toISOString();
  const writes: BatchItem<"sqlite">[] = [
    ...(newCustomer ? [db.insert(customers).values(newCustomer), firstPropertyStatement(db, newest(customers))] : []),
    db
      .update(serviceRecords)
      .set({
        ...fields,
        serviceDate,
        visitStart: start,
        visitEnd: end,
        ...(cost !== undefined && { costPence: cost }),
        ...(nextServiceDue !== undefined && { nextServiceDue }),
        ...(newCustomer && { customerId: newest(customers), propertyId: firstPropertyOf(newest(customers)) }),
        // Moved to another customer: to their home, as a new visit would be.
        ...(!newCustomer &&
          fields.customerId !== undefined &&
          fields.customerId !== was.customerId && {
            propertyId: fields.customerId === null ? null : firstPropertyOf(fields.customerId),
          }),
        ...(propertyId !== undefined && { propertyId }),
      })
      .where(eq(serviceRecords.id, id)),
  ];
  const mails: Promise<MailMessage>[] = [];
  // The visit moved to another of the customer's properties: its booking names the new place.
  const placeChanged = Boolean(booked && propertyId && propertyId !== was.propertyId && place);
  if (booked && placeChanged && place) {
    writes.push(
      db
        .update(bookings)
        .set({ address: place.address, postcode: place.postcode ?? "", updatedAt: nowIso })
        .where(eq(bookings.id, booked.id)),
    );
  }
  const bookedNow =
    booked && (placeChanged && place ? { ...booked, address: place.address, postcode: place.postcode ?? "" } : booked);
  // Given to another engineer at the same time: the diary changes, the customer hears nothing.
  if (timeChanged || engineersChanged) {
    writes.push(releaseVisitTime(db, id), ...assignEngineers(db, id, engineers, start, end));
    if (start && end) writes.push(holdVisitTime(db, id, start, end));
  }
  if (timeChanged) {
    if (bookedNow && start && end) {
      writes.push(moveBookingRow(db, bookedNow.id, start, end, nowIso));
      if (notifyCustomer && Date.parse(start) > now)
        mails.push(movedMail(env, { ...bookingForMail(bookedNow), startsAt: start, endsAt: end }));
    } else if (booked) {
      writes.push(cancelBookingRows(db, id, nowIso));
    } else if (start && end && notifyCustomer && !newCustomer) {
      const customer = current.customer ? atPlace(visitCustomerOf(current.customer), place) : null;
      if (customer?.email && canConfirm(customer, start, status, now)) {
        const row = ownerBookingRow(
          db,
          id,
          was.customerId,
          { serviceType, start, end, notes: was.notes },
          { ...customer, email: customer.email },
          undefined,
          nowIso,
        );
        writes.push(row.statement);
        mails.push(confirmedMail(env, row.booking));
      }
    }
  }
  const record = await writeAndRead(db, writes, id, { engineers, start, end, visitId: id });
  return { record, mails: await Promise.all(mails) };
}

/**
 * Deletes a record; its hold on the diary goes with it (the cells cascade) and a booking the
 * customer was sent is cancelled, with an e-mail when the visit was still to come.
 */
export async function deleteServiceRecord(db: Db, id: number, now = Date.now()): Promise<MailMessage[]> {
  const [cancelled, deleted] = await db.batch([
    cancelBookingRows(db, id, new Date(now).toISOString()),
    db.delete(serviceRecords).where(eq(serviceRecords.id, id)).returning({ id: serviceRecords.id }),
  ]);
  if (deleted.length === 0) throw notFound("Service record");
  return cancelled.filter((b) => Date.parse(b.startsAt) > now).map((b) => cancelledMail(bookingForMail(b)));
}
