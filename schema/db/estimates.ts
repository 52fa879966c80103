import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { customers, quotes, serviceRecords } from "./crm";
import { properties } from "./properties";

/**
 * Priced quotes (the API's `estimates`, docs/decisions/016-priced-quotes.md). The row holds where
 * the quote stands; what it says lives in its versions, each fixed once sent; the acceptance keeps
 * the evidence of the contract. Numbers (Q-0001) are given on the first send.
 */
export const estimateStatuses = ["draft", "sent", "viewed", "accepted", "declined", "expired", "cancelled"] as const;

export const estimates = sqliteTable(
  "estimates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    quoteRequestId: integer("quote_request_id").references(() => quotes.id, { onDelete: "set null" }),
    number: integer("number"),
    status: text("status", { enum: estimateStatuses }).notNull().default("draft"),
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
    /** The job the accepted quote became. */
    jobId: integer("job_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("estimates_number").on(t.number),
    index("estimates_status").on(t.status, t.updatedAt),
    index("estimates_customer").on(t.customerId),
    index("estimates_updated").on(t.updatedAt),
  ],
);

export const estimateVersions = sqliteTable(
  "estimate_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    estimateId: integer("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** EstimateContent as JSON (schema/api/estimates.ts). */
    content: text("content").notNull(),
    /** Whether VAT was charged when it was sent (the business's registration then). */
    vatRegistered: integer("vat_registered", { mode: "boolean" }).notNull().default(false),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("estimate_versions_version").on(t.estimateId, t.version)],
);

/** The evidence of an accepted quote: what was accepted, by whom, when and from where. One per quote. */
export const estimateAcceptances = sqliteTable("estimate_acceptances", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  estimateId: integer("estimate_id")
    .notNull()
    .unique()
    .references(() => estimates.id, { onDelete: "cascade" }),
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
  /** The deposit's Stripe Checkout Session, when it was paid (by the webhook) and its payment. */
  depositSessionId: text("deposit_session_id"),
  depositPaidAt: text("deposit_paid_at"),
  depositPaymentIntent: text("deposit_payment_intent"),
  /** The deposit given back when the customer cancelled. */
  refundId: text("refund_id"),
  refundedAt: text("refunded_at"),
});

export const estimateEventKinds = [
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
export const estimateEvents = sqliteTable(
  "estimate_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    estimateId: integer("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: estimateEventKinds }).notNull(),
    detail: text("detail"),
    at: text("at").notNull(),
  },
  (t) => [index("estimate_events_estimate").on(t.estimateId, t.id)],
);
