import { desc, eq, sql } from "drizzle-orm";
import type { AdminServiceRecord } from "../../../schema/api/admin";
import { customers, serviceRecords } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";

/** Every record with its customer's name and e-mail, in one query (newest service first). */
export async function listServiceRecords(db: Db): Promise<AdminServiceRecord[]> {
  const rows = await db
    .select({
      record: serviceRecords,
      customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
      customerEmail: customers.email,
    })
    .from(serviceRecords)
    .leftJoin(customers, eq(serviceRecords.customerId, customers.id))
    .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id));
  return rows.map(({ record, customerName, customerEmail }) => ({
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
  }));
}

export async function deleteServiceRecord(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(serviceRecords).where(eq(serviceRecords.id, id)).returning({ id: serviceRecords.id });
  if (!row) throw notFound("Service record");
}
