import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { customers } from "./customers";
import { jobs } from "./jobs";
import { properties } from "./properties";

export const enquiryServices = [
  "boiler-installation",
  "boiler-repair",
  "central-heating",
  "annual-service",
  "emergency-repair",
  "plumbing",
  // A chat the assistant handed over to a person: not offered on the quote form.
  "call-back",
] as const;

export const enquiries = sqliteTable(
  "quotes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    postcode: text("postcode").notNull(),
    service: text("service", { enum: enquiryServices }).notNull(),
    message: text("message"),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    repliedAt: text("replied_at"),
    /** The owner's own notes on the request (never shown to the customer). */
    notes: text("notes"),
    /** A call-back asked for in the chat: the conversation it came from, for the transcript. */
    chatSessionId: text("chat_session_id"),
    /** Why the request was triaged urgent on arrival ("Smell of gas"), or null. */
    urgentReason: text("urgent_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("quotes_created_at").on(t.createdAt),
    index("quotes_unread").on(t.isRead),
    // The urgent ones nobody has answered (the home's first tile): a handful among ten years of
    // enquiries, found without walking them all (issue 45).
    index("quotes_urgent_open").on(t.createdAt).where(sql`urgent_reason IS NOT NULL AND replied_at IS NULL`),
    index("quotes_email").on(t.email),
    index("quotes_chat_session").on(t.chatSessionId),
  ],
);

export const subscriberStatuses = ["pending", "active", "unsubscribed"] as const;

/**
 * The deals list, with confirmed opt-in: a sign-up is `pending` until the person follows the link
 * in the confirmation e-mail, and only `active` addresses are ever sent a campaign. Consent evidence
 * (when, where, the words shown, when confirmed) is kept as UK PECR/GDPR expect.
 */
export const emailSubscribers = sqliteTable(
  "email_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    status: text("status", { enum: subscriberStatuses }).notNull().default("pending"),
    signedUpAt: text("signed_up_at").notNull(),
    /** When the person confirmed (the moment consent was proven); null until then. */
    confirmedAt: text("confirmed_at"),
    /** The open confirmation request: its link carries this time and works once, for a week. */
    confirmationRequestedAt: text("confirmation_requested_at"),
    unsubscribedAt: text("unsubscribed_at"),
    consentSource: text("consent_source"),
    consentText: text("consent_text"),
  },
  (t) => [index("email_subscribers_status").on(t.status, t.signedUpAt)],
);

export const serviceRecordStatuses = ["completed", "in-progress", "scheduled", "pending"] as const;

export const serviceRecords = sqliteTable(
  "service_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceType: text("service_type").notNull(),
    equipmentType: text("equipment_type"),
    equipmentModel: text("equipment_model"),
    status: text("status", { enum: serviceRecordStatuses }).notNull(),
    /** ISO date (yyyy-mm-dd). */
    serviceDate: text("service_date").notNull(),
    technicianName: text("technician_name"),
    costPence: integer("cost_pence"),
    workCompleted: text("work_completed"),
    partsUsed: text("parts_used"),
    nextServiceDue: text("next_service_due"),
    description: text("description"),
    notes: text("notes"),
    /** A visit with a time: when it starts and ends, ISO UTC. Null: the time is still to be agreed. */
    visitStart: text("visit_start"),
    visitEnd: text("visit_end"),
    /** The property visited, where the customer has them (schema/db/properties.ts). */
    propertyId: integer("property_id").references((): AnySQLiteColumn => properties.id, { onDelete: "set null" }),
    /** The quote this visit was booked from, if any. */
    enquiryId: integer("quote_id").references(() => enquiries.id, { onDelete: "set null" }),
    /** The job this visit is part of (schema/db/jobs.ts): never null once written (a trigger makes one). */
    jobId: integer("job_id").references((): AnySQLiteColumn => jobs.id),
    createdAt: createdAt(),
    /**
     * Goes up with every change (a trigger bumps it on any UPDATE that does not): the engineer's
     * phone sends the version its job sheet was made from, so an office edit since is a conflict.
     */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("service_records_date").on(t.serviceDate),
    index("service_records_customer").on(t.customerId, t.serviceDate),
    index("service_records_status").on(t.status, t.serviceDate),
    index("service_records_quote").on(t.enquiryId),
    index("service_records_property").on(t.propertyId, t.serviceDate),
    index("service_records_job").on(t.jobId),
    // The records whose next visit falls due (the reminders and the home's count of them).
    index("service_records_next_due").on(t.nextServiceDue),
  ],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").notNull(),
    message: text("message").notNull(),
    sender: text("sender", { enum: ["customer", "ai"] }).notNull(),
    /** Client-reported time of the message (ISO); createdAt is when the server stored it. */
    timestamp: text("timestamp").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session").on(t.sessionId, t.id)],
);

export const reminderKinds = ["service", "gas_safety", "gas_safety_final"] as const;
export const reminderOutcomes = ["sent", "skipped"] as const;

/**
 * One reminder decision per service record, kind and due date (a cycle): sent (with the e-mail that
 * carries it) or skipped with the reason. The unique index is what makes a cycle's reminder go once,
 * however often the job runs.
 */
export const serviceReminders = sqliteTable(
  "service_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceRecordId: integer("service_record_id")
      .notNull()
      .references(() => serviceRecords.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    dueDate: text("due_date").notNull(),
    outcome: text("outcome", { enum: reminderOutcomes }).notNull(),
    reason: text("reason"),
    emailId: integer("email_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("service_reminders_cycle").on(t.serviceRecordId, t.kind, t.dueDate),
    index("service_reminders_created_at").on(t.createdAt),
  ],
);
