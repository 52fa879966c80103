import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/** scheduled → sending → sent; a scheduled campaign may be cancelled until it starts. */
export const campaignStatuses = ["scheduled", "sending", "sent", "cancelled"] as const;

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    offer: text("offer"),
    ctaText: text("cta_text").notNull(),
    ctaLink: text("cta_link").notNull(),
    status: text("status", { enum: campaignStatuses }).notNull(),
    /** When a scheduled campaign is due (ISO); null means "send now". */
    sendAt: text("send_at"),
    startedAt: text("started_at"),
    createdAt: createdAt(),
  },
  (t) => [index("campaigns_status_send_at").on(t.status, t.sendAt)],
);

/**
 * pending (scheduled) → queued → sending → sent | failed. A row is `sending` from just before the
 * provider is called until its answer is recorded; if no answer was recorded (the Worker died in
 * between) it becomes `unknown` after a while and is never sent again by itself: the owner decides.
 */
export const recipientStatuses = ["pending", "queued", "sending", "sent", "failed", "unknown"] as const;

/** One row per recipient: the queue consumer sends each exactly once. */
export const campaignRecipients = sqliteTable(
  "campaign_recipients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: recipientStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    queuedAt: text("queued_at"),
    sentAt: text("sent_at"),
    providerMessageId: text("provider_message_id"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("campaign_recipients_campaign_email").on(t.campaignId, t.email),
    index("campaign_recipients_status").on(t.status, t.queuedAt),
  ],
);

export const mailKinds = [
  "campaign",
  "order",
  "receipt",
  "quote",
  "signup",
  "security",
  "reminder",
  "booking",
  "document",
  "account",
  /** The answer to a request to delete an account: its address is forgotten once it is sent or given up. */
  "erasure",
  "other",
] as const;

export const deliveryStatuses = ["queued", "sending", "sent", "failed", "unknown"] as const;

/**
 * Every e-mail that is not a campaign (order and quote notices, receipts, sign-up confirmations):
 * stored first, then sent by the queue consumer with retries, so a provider outage delays a mail
 * but never loses it. The same states as campaign recipients.
 */
export const outgoingEmails = sqliteTable(
  "outgoing_emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: mailKinds }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: text("headers").notNull().default("{}"),
    /** JSON array of attachments: [{ name, contentType, content }] (text content, e.g. an .ics). */
    attachments: text("attachments").notNull().default("[]"),
    status: text("status", { enum: deliveryStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("outgoing_emails_status").on(t.status, t.updatedAt)],
);

/** Local (and test) mail delivery: every e-mail the product sends lands here when no provider is set. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: mailKinds }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** JSON object of extra headers (List-Unsubscribe …). */
    headers: text("headers").notNull().default("{}"),
    attachments: text("attachments").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_created_at").on(t.createdAt)],
);
