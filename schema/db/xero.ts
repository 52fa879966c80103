import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * The link to the owner's Xero organisation (issue 48, worker/services/xero/). One connection row
 * (id 1): "choosing" while the owner picks among several organisations the consent reached,
 * "connected", or "reconnect" when Xero no longer takes its refresh token (what waits is kept). Both
 * tokens are sealed with the Worker's secret (lib/secret-box.ts); `token_version` counts refreshes,
 * so two refreshing at once keep the one Xero rotated last.
 */
export const xeroConnectionStatuses = ["choosing", "connected", "reconnect"] as const;

export const xeroConnection = sqliteTable("xero_connection", {
  id: integer("id").primaryKey(),
  status: text("status", { enum: xeroConnectionStatuses }).notNull(),
  tenantId: text("tenant_id"),
  tenantName: text("tenant_name"),
  connectionId: text("connection_id"),
  /** While choosing: the organisations offered, [{ id, tenantId, tenantName }] as JSON. */
  organisations: text("organisations"),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  expiresAt: text("expires_at").notNull(),
  tokenVersion: integer("token_version").notNull().default(0),
  /** The accounts and tax types chosen once (XeroMapping, worker/services/xero/mapping.ts) as JSON. */
  mapping: text("mapping"),
  lastSyncAt: text("last_sync_at"),
  lastError: text("last_error"),
  connectedAt: text("connected_at").notNull(),
  updatedAt: updatedAt(),
});

/** A consent under way: the SHA-256 of its state (CSRF), who asked, and until when it may return. */
export const xeroAuthStates = sqliteTable("xero_auth_states", {
  stateHash: text("state_hash").primaryKey(),
  adminUserId: integer("admin_user_id").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/**
 * One row per document sent to an organisation: a customer's contact, an invoice, a credit note, a
 * payment, a refund, a void. Unique per organisation, kind and document, so a repeated message finds
 * the row and a reconnect to the same organisation writes nothing again; `xero_id` is Xero's id once
 * written. `claimed_until` lets one consumer work on a row at a time. A contact_update's document is
 * a xero_contact_changes row: one per change, so each change is sent once; a deposit's, a quote's
 * deposit payment (estimate_payments), sent as a payment on the job's invoice.
 */
export const xeroSyncKinds = [
  "contact",
  "invoice",
  "credit_note",
  "payment",
  "refund",
  "void",
  "contact_update",
  "deposit",
] as const;
export const xeroSyncStates = ["waiting", "done", "failed"] as const;

export const xeroSync = sqliteTable(
  "xero_sync",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: xeroSyncKinds }).notNull(),
    documentId: integer("document_id").notNull(),
    xeroId: text("xero_id"),
    state: text("state", { enum: xeroSyncStates }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    /** Xero's words for the last failure, shown to the owner with a Retry. */
    lastError: text("last_error"),
    idempotencyKey: text("idempotency_key").notNull(),
    claimedUntil: text("claimed_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("xero_sync_document").on(t.tenantId, t.kind, t.documentId),
    index("xero_sync_state").on(t.state, t.updatedAt),
  ],
);
export type XeroSyncKind = (typeof xeroSyncKinds)[number];

/**
 * A customer's name or e-mail changed while a Xero link exists: one row per change, written by the
 * trigger customers_xero_contact_change (migration 0047) whatever made it, so the change is sent to
 * the customer's Xero contact once (worker/services/xero/contact-changes.ts). What is sent is the
 * customer as they are when it goes, so changes sent out of order still leave the latest in Xero.
 */
export const xeroContactChanges = sqliteTable("xero_contact_changes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  customerId: integer("customer_id").notNull(),
  createdAt: createdAt(),
});
