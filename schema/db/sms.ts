import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";

/** What a text was for: a service text, an answer to a reply, or the customer's own words. */
export const smsKinds = [
  "visit-reminder",
  "booking-confirmed",
  "visit-moved",
  "visit-cancelled",
  "on-my-way",
  "manage-link",
  "opted-out",
  "opted-in",
  "visit-confirmed",
  "review-request",
  "reply",
] as const;
export type SmsKind = (typeof smsKinds)[number];

/**
 * Twilio's states of a message (its Status): an outgoing one goes queued → sending → sent →
 * delivered, or ends undelivered or failed; an incoming one is received.
 */
export const smsStatuses = ["queued", "sending", "sent", "delivered", "undelivered", "failed", "received"] as const;
export type SmsStatus = (typeof smsStatuses)[number];

/**
 * Every text sent or received (worker/services/sms/), with the provider's MessageSid, which makes a
 * webhook told twice (Twilio retries) change nothing the second time. `phone` is the customer's
 * number in E.164, whichever way the text went. Replies are `kind` "reply", direction "in".
 */
export const smsMessages = sqliteTable(
  "sms_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    kind: text("kind", { enum: smsKinds }).notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    visitId: integer("visit_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    segments: integer("segments").notNull(),
    status: text("status", { enum: smsStatuses }).notNull(),
    /** Twilio's MessageSid (SM…); null while the text is being handed over. */
    providerSid: text("provider_sid"),
    /** Twilio's ErrorCode when a text was not delivered (30003 unreachable, 30007 filtered…). */
    errorCode: text("error_code"),
    /** How many times it was handed to Twilio (worker/services/sms/retries.ts). */
    attempts: integer("attempts").notNull().default(1),
    /** When a text Twilio could not take for a passing reason is tried again; null: not waiting. */
    retryAt: text("retry_at"),
    /** After this it is given up, tried or not (a late "On my way" would mislead): set at its first failure. */
    retryUntil: text("retry_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sms_messages_provider_sid").on(t.providerSid),
    index("sms_messages_customer").on(t.customerId, t.createdAt),
    index("sms_messages_visit").on(t.visitId, t.kind),
    // A visit's day-before reminder is texted once: the database refuses a second.
    uniqueIndex("sms_messages_one_reminder").on(t.visitId).where(sql`kind = 'visit-reminder'`),
    index("sms_messages_phone").on(t.phone, t.createdAt),
    index("sms_messages_retry").on(t.retryAt).where(sql`retry_at IS NOT NULL`),
  ],
);

/**
 * The numbers that answered STOP (or its variants): nothing more is texted to them, whoever's
 * customer record holds the number, until they answer START. E-mails are not affected.
 */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: text("opted_out_at").notNull(),
});

/**
 * A visit the customer confirmed by answering C to its reminder. Kept apart from the visit's row so
 * the confirmation does not bump the visit's version (an engineer's job sheet made before it would
 * otherwise read as out of date).
 */
export const visitConfirmations = sqliteTable("visit_confirmations", {
  visitId: integer("visit_id")
    .primaryKey()
    .references(() => serviceRecords.id, { onDelete: "cascade" }),
  confirmedAt: text("confirmed_at").notNull(),
});
