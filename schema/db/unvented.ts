import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";
import { gasDocumentStatuses, issuedFile } from "./gas-safety";
import { outgoingEmails } from "./mail";
import { properties } from "./properties";

/**
 * The commissioning record of an unvented hot water cylinder (G3, Building Regulations Part G):
 * the cylinder, its safety devices and discharge pipe as the installer found them, drafted at the
 * property and issued once (G3-000001) by an engineer holding the unvented qualification, like a
 * service sheet (./gas-safety.ts): fixed with its snapshot, its PDF in R2 with its SHA-256.
 */
export const unventedRecords = sqliteTable(
  "unvented_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The visit it was filled at, if any. */
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    status: text("status", { enum: gasDocumentStatuses }).notNull().default("draft"),
    /** The number in its series (G3-000001 is 1), given at issue. */
    number: integer("number"),
    /** London date of the commissioning (yyyy-mm-dd). */
    commissionedOn: text("commissioned_on").notNull(),
    /** The form as the engineer fills it (JSON, schema/api/unvented-records.ts UnventedDraft). */
    details: text("details").notNull(),
    customerEmailId: integer("customer_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    ...issuedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("unvented_records_number").on(t.number),
    index("unvented_records_property").on(t.propertyId, t.commissionedOn),
    index("unvented_records_customer").on(t.customerId, t.commissionedOn),
    index("unvented_records_visit").on(t.serviceRecordId),
  ],
);

/**
 * A cylinder's annual service after its commissioning (G3, as a Benchmark's service record): the
 * checks and readings of that year, the parts replaced and the next due date, entered by an engineer
 * holding the unvented qualification under their own name and licence, and appended to the issued
 * record; never changed after. The record's screen and the customer's account list them.
 */
export const unventedServices = sqliteTable(
  "unvented_services",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    unventedRecordId: integer("unvented_record_id")
      .notNull()
      .references(() => unventedRecords.id, { onDelete: "cascade" }),
    /** London date of the service (yyyy-mm-dd). */
    servicedOn: text("serviced_on").notNull(),
    /** London date the next one is due (yyyy-mm-dd). */
    nextDue: text("next_due").notNull(),
    /** The checks, readings, parts and the engineer (JSON, schema/api/unvented-services.ts UnventedServiceDetails). */
    details: text("details").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("unvented_services_record").on(t.unventedRecordId, t.servicedOn)],
);
