import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import type {
  AdminServiceRecord,
  NewServiceRecord,
  ServiceRecordChanges,
  ServiceRecordCounts,
  serviceRecordListQuerySchema,
} from "../../../schema/api/records";
import { annualServiceTypes } from "../../../schema/business";
import { customers, serviceRecords } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import { addMonths } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { searchCondition } from "../../db/search";
import { ApiError, notFound } from "../../lib/errors";

type ListQuery = z.output<typeof serviceRecordListQuerySchema>;
type RecordRow = typeof serviceRecords.$inferSelect;

const withCustomer = {
  record: serviceRecords,
  customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`.as("customer_name"),
  customerEmail: sql<string | null>`${customers.email}`.as("customer_email"),
};

function toAdminServiceRecord({
  record,
  customerName,
  customerEmail,
}: {
  record: RecordRow;
  customerName: string | null;
  customerEmail: string | null;
}): AdminServiceRecord {
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
    quoteId: record.quoteId,
  };
}

const tabStatuses = { active: ["completed", "in-progress"], scheduled: ["scheduled"], pending: ["pending"] } as const;

function listFilter(db: Db, query: Pick<ListQuery, "q" | "customerId">) {
  const customerMatch = searchCondition(query.q, "customers_search", customers.id, [customers.firstName, customers.lastName]);
  const ownMatch = searchCondition(query.q, "service_records_search", serviceRecords.id, [serviceRecords.serviceType]);
  return and(
    query.customerId ? eq(serviceRecords.customerId, query.customerId) : undefined,
    customerMatch && ownMatch
      ? or(ownMatch, inArray(serviceRecords.customerId, db.select({ id: customers.id }).from(customers).where(customerMatch)))
      : undefined,
  );
}

/** Records newest service first with their customer (one query), a page at a time, with the tab counts. */
export async function listServiceRecords(db: Db, query: ListQuery) {
  const where = listFilter(db, query);
  const inTab = query.tab ? inArray(serviceRecords.status, [...tabStatuses[query.tab]]) : undefined;
  const [rows, [counts]] = await db.batch([
    db
      .select(withCustomer)
      .from(serviceRecords)
      .leftJoin(customers, eq(serviceRecords.customerId, customers.id))
      .where(and(where, inTab))
      .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({
        all: count(),
        active: sql<number>`COALESCE(SUM(${serviceRecords.status} IN ('completed', 'in-progress')), 0)`,
        scheduled: sql<number>`COALESCE(SUM(${serviceRecords.status} = 'scheduled'), 0)`,
        pending: sql<number>`COALESCE(SUM(${serviceRecords.status} = 'pending'), 0)`,
      })
      .from(serviceRecords)
      .where(where),
  ]);
  const tabCounts: ServiceRecordCounts = counts ?? { all: 0, active: 0, scheduled: 0, pending: 0 };
  return { items: rows.map(toAdminServiceRecord), total: query.tab ? tabCounts[query.tab] : tabCounts.all, counts: tabCounts };
}

/** The statement reading one record with its customer, for a caller's batch. */
const recordQuery = (db: Db, id: number | SQL) =>
  db
    .select(withCustomer)
    .from(serviceRecords)
    .leftJoin(customers, eq(serviceRecords.customerId, customers.id))
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

const noSuchCustomer = () =>
  new ApiError("VALIDATION_FAILED", "That customer does not exist", {
    details: [{ path: "customerId", message: "That customer does not exist" }],
  });

/** Runs the writes and reads the record back in the same batch; a customer id with no customer is refused by the foreign key. */
async function writeAndRead(db: Db, writes: BatchItem<"sqlite">[], id: number | SQL): Promise<AdminServiceRecord> {
  try {
    const results = await db.batch([...writes, recordQuery(db, id)] as unknown as [
      BatchItem<"sqlite">,
      ...BatchItem<"sqlite">[],
    ]);
    const [row] = results.at(-1) as RecordRows;
    if (!row) throw notFound("Service record");
    return toAdminServiceRecord(row);
  } catch (error) {
    if (isConstraintError(error, "FOREIGN KEY")) throw noSuchCustomer();
    throw error;
  }
}

/**
 * A new service record, for a customer picked from the list or created in the same request, and the
 * record as the list shows it: one batch. Completing an annual visit sets the next one a year on
 * unless a date is given.
 */
export async function createServiceRecord(db: Db, input: NewServiceRecord): Promise<AdminServiceRecord> {
  const { newCustomer, customerId, cost, ...fields } = input;
  const values = {
    ...fields,
    costPence: cost,
    nextServiceDue: nextDueFor(fields.status, fields.serviceType, fields.serviceDate, fields.nextServiceDue) ?? null,
    customerId: newCustomer ? newest(customers) : (customerId ?? null),
  };
  return writeAndRead(
    db,
    [...(newCustomer ? [db.insert(customers).values(newCustomer)] : []), db.insert(serviceRecords).values(values)],
    newest(serviceRecords),
  );
}

/** Changes any fields; completing an annual visit sets its next date a year on unless one is given. */
export async function updateServiceRecord(db: Db, id: number, changes: ServiceRecordChanges): Promise<AdminServiceRecord> {
  const [current] = await db.select().from(serviceRecords).where(eq(serviceRecords.id, id));
  if (!current) throw notFound("Service record");
  const { newCustomer, cost, ...fields } = changes;
  const status = fields.status ?? current.status;
  const serviceType = fields.serviceType ?? current.serviceType;
  const serviceDate = fields.serviceDate ?? current.serviceDate;
  const completingNow = status === "completed" && current.status !== "completed" && current.nextServiceDue === null;
  const nextServiceDue = completingNow
    ? nextDueFor(status, serviceType, serviceDate, fields.nextServiceDue)
    : fields.nextServiceDue;
  const set = {
    ...fields,
    ...(cost !== undefined && { costPence: cost }),
    ...(nextServiceDue !== undefined && { nextServiceDue }),
    ...(newCustomer && { customerId: newest(customers) }),
  };
  return writeAndRead(
    db,
    [
      ...(newCustomer ? [db.insert(customers).values(newCustomer)] : []),
      db.update(serviceRecords).set(set).where(eq(serviceRecords.id, id)),
    ],
    id,
  );
}

export async function deleteServiceRecord(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(serviceRecords).where(eq(serviceRecords.id, id)).returning({ id: serviceRecords.id });
  if (!row) throw notFound("Service record");
}
