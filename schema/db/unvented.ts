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
