import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";
import { outgoingEmails } from "./mail";
import { properties } from "./properties";

/**
 * The engineer's legal paperwork (docs/decisions/015-gas-safety-documents.md). A gas safety record
 * (the landlord's "CP12") is a draft while the engineer fills it, then issued: numbered from its
 * series in the batch that fixes it, its snapshot (what it says, with the company's facts of that
 * moment) stored, its PDF rendered once into R2 with its SHA-256. Issued rows never change what they
 * say; a correction is a new record naming the one it replaces. Links to the property, customer and
 * visit are for finding it: the snapshot keeps what it said if those go.
 */
export const gasDocumentStatuses = ["draft", "issued"] as const;

/** Where the PDF is and how a link to it is checked: the same for every issued document. */
export const issuedFile = () => ({
  /** The R2 key of the PDF (DOCUMENTS bucket) and its SHA-256 (hex), written once at issue. */
  pdfKey: text("pdf_key"),
  pdfSha256: text("pdf_sha256"),
  /** Signed links carry this version; bumping it revokes every link given before. */
  linkVersion: integer("link_version").notNull().default(1),
  /** What the document says, frozen at issue (JSON). */
  snapshot: text("snapshot"),
  issuedAt: text("issued_at"),
});

export const gasSafetyRecords = sqliteTable(
  "gas_safety_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The visit it was filled at, if any: its next due date follows the record's at issue. */
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    status: text("status", { enum: gasDocumentStatuses }).notNull().default("draft"),
    /** The number in its series (GSR-000001 is 1), given at issue. */
    number: integer("number"),
    /** London date of the check (yyyy-mm-dd). */
    checkDate: text("check_date").notNull(),
    /** The form as the engineer fills it (JSON, schema/api/gas-safety.ts GasSafetyDraft). */
    details: text("details").notNull(),
    /** Reg. 36A: the deadline this check was measured against, and the one it sets. */
    previousDeadline: text("previous_deadline"),
    nextDueDate: text("next_due_date"),
    /** The issued record this one corrects. */
    replacesId: integer("replaces_id").references((): AnySQLiteColumn => gasSafetyRecords.id, { onDelete: "set null" }),
    /** The copies e-mailed at issue; when each went is the e-mail's own sent time. */
    landlordEmailId: integer("landlord_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    tenantEmailId: integer("tenant_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    /** The owner says the tenant had their copy another way (by hand, by post). */
    tenantCopyGivenAt: text("tenant_copy_given_at"),
    ...issuedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("gas_safety_records_number").on(t.number),
    index("gas_safety_records_property").on(t.propertyId, t.checkDate),
    index("gas_safety_records_customer").on(t.customerId, t.checkDate),
    index("gas_safety_records_visit").on(t.serviceRecordId),
    // The list's tabs (issue 45): every record newest check first, and the drafts the same way.
    index("gas_safety_records_check").on(t.checkDate, t.id),
    index("gas_safety_records_status_check").on(t.status, t.checkDate, t.id),
  ],
);

export const warningClassifications = ["ID", "AR"] as const;

/**
 * A warning notice (IGEM/G/11) for an appliance found Immediately Dangerous or At Risk: issued with
 * the gas safety record that found it, numbered in the same batch, its own PDF.
 */
export const warningNotices = sqliteTable(
  "warning_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id").references(() => gasSafetyRecords.id, { onDelete: "set null" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    number: integer("number").notNull(),
    classification: text("classification", { enum: warningClassifications }).notNull(),
    /** Which appliance of the record (its index in the snapshot's list). */
    applianceIndex: integer("appliance_index").notNull(),
    ...issuedFile(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("warning_notices_number").on(t.number),
    index("warning_notices_record").on(t.recordId),
    index("warning_notices_property").on(t.propertyId),
    index("warning_notices_customer").on(t.customerId),
  ],
);

/**
 * The service sheet of an annual service: the serviced appliance's checks and readings, parts and
 * advice, and the next service date (which becomes the visit's next due date at issue). Drafted,
 * issued and filed like a gas safety record.
 */
export const serviceSheets = sqliteTable(
  "service_sheets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    status: text("status", { enum: gasDocumentStatuses }).notNull().default("draft"),
    number: integer("number"),
    /** London date of the service (yyyy-mm-dd). */
    serviceDate: text("service_date").notNull(),
    /** The form as the engineer fills it (JSON, schema/api/service-sheets.ts ServiceSheetDraft). */
    details: text("details").notNull(),
    nextServiceDate: text("next_service_date"),
    customerEmailId: integer("customer_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
    ...issuedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("service_sheets_number").on(t.number),
    index("service_sheets_property").on(t.propertyId, t.serviceDate),
    index("service_sheets_customer").on(t.customerId, t.serviceDate),
    index("service_sheets_visit").on(t.serviceRecordId),
  ],
);
