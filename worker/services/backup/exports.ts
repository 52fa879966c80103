import { asc, desc, eq } from "drizzle-orm";
import type { ExportKind } from "../../../schema/api/exports";
import { customers, emailSubscribers, orderLines, orders, serviceRecords } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import { orderNumberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { writeCsv } from "../../lib/csv";

/** Every export goes through the one writer: BOM, RFC 4180, no cell a spreadsheet would evaluate. */
const csv = writeCsv;

/** Every subscriber with the evidence of consent UK law expects the business to keep. */
async function subscribersCsv(db: Db) {
  const rows = await db.select().from(emailSubscribers).orderBy(asc(emailSubscribers.id));
  return csv(
    ["email", "status", "signedUpAt", "confirmedAt", "unsubscribedAt", "consentSource", "consentText"],
    rows.map((s) => [s.email, s.status, s.signedUpAt, s.confirmedAt, s.unsubscribedAt, s.consentSource, s.consentText]),
  );
}

async function ordersCsv(db: Db) {
  const [rows, lines] = await db.batch([
    db.select().from(orders).orderBy(desc(orders.createdAt)),
    db.select().from(orderLines).orderBy(asc(orderLines.id)),
  ]);
  const linesOf = new Map<string, string[]>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), `${l.quantity} x ${l.name}`]);
  return csv(
    [
      "number",
      "id",
      "placedAt",
      "customerName",
      "customerEmail",
      "customerPhone",
      "shippingAddress",
      "total",
      "paymentMethod",
      "paymentStatus",
      "fulfilmentStatus",
      "courier",
      "trackingReference",
      "items",
    ],
    rows.map((o) => [
      orderNumberText(o.number),
      o.id,
      o.createdAt,
      o.customerName,
      o.customerEmail,
      o.customerPhone,
      o.shippingAddress,
      penceToDecimal(o.totalPence),
      o.paymentMethod,
      o.paymentStatus,
      o.fulfilmentStatus,
      o.courier,
      o.trackingReference,
      (linesOf.get(o.id) ?? []).join("; "),
    ]),
  );
}

async function customersCsv(db: Db) {
  const rows = await db.select().from(customers).orderBy(asc(customers.lastName), asc(customers.firstName));
  return csv(
    ["id", "firstName", "lastName", "email", "phone", "address", "postcode", "landlord", "createdAt"],
    rows.map((c) => [
      c.id,
      c.firstName,
      c.lastName,
      c.email,
      c.phone,
      c.address,
      c.postcode,
      c.isLandlord ? "yes" : "no",
      c.createdAt,
    ]),
  );
}

async function serviceRecordsCsv(db: Db) {
  const rows = await db
    .select({ record: serviceRecords, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(serviceRecords)
    .leftJoin(customers, eq(customers.id, serviceRecords.customerId))
    .orderBy(desc(serviceRecords.serviceDate));
  return csv(
    [
      "id",
      "serviceDate",
      "customer",
      "email",
      "serviceType",
      "status",
      "equipmentType",
      "equipmentModel",
      "technician",
      "cost",
      "workCompleted",
      "partsUsed",
      "nextServiceDue",
      "description",
      "notes",
    ],
    rows.map(({ record: r, firstName, lastName, email }) => [
      r.id,
      r.serviceDate,
      firstName ? `${firstName} ${lastName}` : null,
      email,
      r.serviceType,
      r.status,
      r.equipmentType,
      r.equipmentModel,
      r.technicianName,
      r.costPence === null ? null : penceToDecimal(r.costPence),
      r.workCompleted,
      r.partsUsed,
      r.nextServiceDue,
      r.description,
      r.notes,
    ]),
  );
}

export function exportCsv(db: Db, kind: ExportKind): Promise<string> {
  return { subscribers: subscribersCsv, orders: ordersCsv, customers: customersCsv, "service-records": serviceRecordsCsv }[kind](
    db,
  );
}
