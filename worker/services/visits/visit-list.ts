import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type * as z from "zod";
import type { ServiceRecordCounts, serviceRecordListQuerySchema } from "../../../schema/api/records";
import { bookings, customers, serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { onlyEngineer } from "./engineers";
import { toAdminServiceRecord, withCustomer } from "./visit-admin";

type ListQuery = z.output<typeof serviceRecordListQuerySchema>;

const tabStatuses = { active: ["completed", "in-progress"], scheduled: ["scheduled"], pending: ["pending"] } as const;

function listFilter(db: Db, query: Pick<ListQuery, "q" | "customerId" | "engineer">) {
  const customerMatch = searchCondition(query.q, "customers_search", customers.id, [customers.firstName, customers.lastName]);
  const ownMatch = searchCondition(query.q, "service_records_search", serviceRecords.id, [serviceRecords.serviceType]);
  return and(
    query.customerId ? eq(serviceRecords.customerId, query.customerId) : undefined,
    onlyEngineer(query.engineer),
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
      .leftJoin(bookings, and(eq(bookings.serviceRecordId, serviceRecords.id), eq(bookings.status, "booked")))
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
