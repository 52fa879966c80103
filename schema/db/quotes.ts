import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, paymentMethods, updatedAt } from "./columns";
import { enquiries, serviceRecords } from "./crm";
import { customers } from "./customers";
import { jobs } from "./jobs";
import { properties } from "./properties";

/**
 * Priced quotes (the API's `estimates`, docs/decisions/016-priced-quotes.md). The row holds where
 * the quote stands; what it says lives in its versions, each fixed once sent; the acceptance keeps
 * the evidence of the contract. Numbers (Q-0001) are given on the first send.
 */
export const quoteStatuses = ["draft", "sent", "viewed", "accepted", "declined", "expired", "cancelled"] as const;

export const quotes = sqliteTable(
  "estimates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    enquiryId: integer("quote_request_id").references(() => enquiries.id, { onDelete: "set null" }),
    number: integer("number"),
    status: text("status", { enum: quoteStatuses }).notNull().default("draft"),
    /** The newest version's title and valid-until date, for the list's search and its expiry. */
    title: text("title").notNull(),
    validUntil: text("valid_until").notNull(),
    /** The newest version (being edited, or the one sent), and the one the customer was sent. */
    version: integer("version").notNull().default(1),
    sentVersion: integer("sent_version"),
    /** Follow-up e-mails 3 and 7 days after sending, unless the owner turns them off. */
    followUps: integer("follow_ups", { mode: "boolean" }).notNull().default(true),
    sentAt: text("sent_at"),
    viewedAt: text("viewed_at"),
    declinedAt: text("declined_at"),
    declineReason: text("decline_reason"),
    /** The customer cancelled the accepted quote within the 14 days. */
    cancelledAt: text("cancelled_at"),
    cancelReason: text("cancel_reason"),
    /**
     * The job the quote is the price of (docs/decisions/023-the-job.md): made with the quote, in the
     * database (the trigger estimates_job), at the quote's customer and property.
     */
    jobId: integer("job_id").references(() => jobs.id),
    /** The visit the accepted quote booked (its time agreed on the quote's screen). */
    visitId: integer("visit_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    /** The customer's links carry this version (besides the quote's version); bumping it revokes every link given before. */
    linkVersion: integer("link_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("estimates_number").on(t.number),
    index("estimates_status").on(t.status, t.updatedAt),
    index("estimates_customer").on(t.customerId),
    index("estimates_updated").on(t.updatedAt),
    index("estimates_job").on(t.jobId),
    // Quotes sent in a month (the home's tile, the quotes report).
    index("estimates_sent").on(t.sentAt),
  ],
);

export const quoteVersions = sqliteTable(
  "estimate_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: integer("estimate_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** QuoteContent as JSON (schema/api/quotes.ts). */
    content: text("content").notNull(),
    /** Whether VAT was charged when it was sent (the business's registration then). */
    vatRegistered: integer("vat_registered", { mode: "boolean" }).notNull().default(false),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("estimate_versions_version").on(t.quoteId, t.version)],
);

/** The evidence of an accepted quote: what was accepted, by whom, when and from where. One per quote. */
export const quoteAcceptances = sqliteTable(
  "estimate_acceptances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: integer("estimate_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    optionId: text("option_id").notNull(),
    optionalLineIds: text("optional_line_ids").notNull(),
    name: text("name").notNull(),
    signature: text("signature"),
    startEarly: integer("start_early", { mode: "boolean" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** SHA-256 of the accepted version's content as stored: the version can be shown unchanged. */
    contentSha256: text("content_sha256").notNull(),
    noticeVersion: text("notice_version").notNull(),
    grossPence: integer("gross_pence").notNull(),
    depositPence: integer("deposit_pence").notNull(),
    acceptedAt: text("accepted_at").notNull(),
    /**
     * The company's facts, the customer's name and the property as they were when it was accepted
     * (JSON), so the accepted quote's PDF never changes.
     */
    snapshot: text("snapshot").notNull(),
    /** The accepted quote's PDF in the DOCUMENTS bucket, rendered once, and its SHA-256. */
    pdfKey: text("pdf_key"),
    pdfSha256: text("pdf_sha256"),
    /**
     * The customer's one open deposit checkout (a Stripe Checkout Session id): starting another, or the
     * deposit recorded another way, expires it. What was paid is in estimate_payments.
     */
    depositSessionId: text("deposit_session_id"),
  },
  // Acceptances by their day (the home's tile).
  (t) => [index("estimate_acceptances_accepted").on(t.acceptedAt)],
);

/**
 * Every deposit payment that arrived for a quote, whatever the quote's state then: by card (the
 * webhook, one row per Checkout Session) or recorded by the office. What it finds is written with
 * it, in the statement that adds it: the part the quote (or its job's issued invoice) could take is
 * held as the deposit; the rest (a second payment, a payment after the quote was cancelled or its
 * invoice paid) is due back (`refundDuePence`), refunded through Stripe for a card, by the office
 * otherwise. A cancellation makes the whole payment due back. Held = amount − due; the job's
 * invoice takes off what its quote holds.
 */
export const quotePayments = sqliteTable(
  "estimate_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: integer("estimate_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    paidOn: text("paid_on").notNull(),
    reference: text("reference"),
    /** A card payment's Checkout Session (one row per session, whatever the webhook repeats) and payment. */
    stripeSessionId: text("stripe_session_id").unique(),
    stripePaymentIntent: text("stripe_payment_intent"),
    /** What must go back to the customer, why, and what has gone back (and when, how, Stripe's id). */
    refundDuePence: integer("refund_due_pence").notNull().default(0),
    refundReason: text("refund_reason"),
    refundedPence: integer("refunded_pence").notNull().default(0),
    refundedAt: text("refunded_at"),
    refundMethod: text("refund_method", { enum: paymentMethods }),
    refundReference: text("refund_reference"),
    createdAt: createdAt(),
  },
  (t) => [
    index("estimate_payments_estimate").on(t.quoteId),
    // Deposits taken and given back in a month (the takings report).
    index("estimate_payments_paid_on").on(t.paidOn),
    index("estimate_payments_refunded").on(t.refundedAt).where(sql`refunded_pence > 0`),
  ],
);

export const quoteEventKinds = [
  "created",
  "sent",
  "viewed",
  "reminded",
  "accepted",
  "declined",
  "expired",
  "cancelled",
  "job",
  "paid",
  "refunded",
] as const;

/** The quote's history, as its page lists it. */
export const quoteEvents = sqliteTable(
  "estimate_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: integer("estimate_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: quoteEventKinds }).notNull(),
    detail: text("detail"),
    at: text("at").notNull(),
  },
  (t) => [index("estimate_events_estimate").on(t.quoteId, t.id)],
);
