import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";
import { gasDocumentStatuses, issuedFile } from "./gas-safety";
import { outgoingEmails } from "./mail";
import { appliances, properties } from "./properties";

/**
 * The Benchmark commissioning checklist of a new gas boiler (issue 47 part 1): the boiler, its
 * controls, the system's cleaning and the combustion readings as the installer found them, drafted
 * at the property and issued once (BM-000001) by a Gas Safe engineer, like a service sheet
 * (./gas-safety.ts): fixed with its snapshot, its PDF in R2 with its SHA-256. Its boiler is one of
 * the property's appliances, so the service sheets issued for that appliance after it are its
 * service record (worker/services/benchmark/service-record.ts).
 */
export const benchmarkRecords = sqliteTable(
  "benchmark_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The visit it was filled at, if any (its job's Building Regulations notification is read through it). */
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    /** The boiler commissioned, among the property's appliances. */
    applianceId: integer("appliance_id").references(() => appliances.id, { onDelete: "set null" }),
    status: text("status", { enum: gasDocumentStatuses }).notNull().default("draft"),
    /** The number in its series (BM-000001 is 1), given at issue. */
    number: integer("number"),
    /** London date of the commissioning (yyyy-mm-dd). */
    commissionedOn: text("commissioned_on").notNull(),
    /** The form as the engineer fills it (JSON, schema/api/benchmark-records.ts BenchmarkDraft). */
    details: text("details").notNull(),
    customerEmailId: integer("customer_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    ...issuedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("benchmark_records_number").on(t.number),
    index("benchmark_records_property").on(t.propertyId, t.commissionedOn),
    index("benchmark_records_customer").on(t.customerId, t.commissionedOn),
    index("benchmark_records_visit").on(t.serviceRecordId),
  ],
);
