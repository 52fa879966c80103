/**
 * What "Download everything" writes and what `npm run restore` takes back, in one place both read
 * (worker/services/admin/backup.ts and scripts/restore-sql.mjs). No imports: the restore script
 * loads this file in plain Node, which strips the types but resolves no project paths.
 *
 * test/backup-restore.test.ts holds every table of the database to one of the two lists, so a new
 * table is either backed up and restorable, or left out with its reason and never restored.
 */

export const BACKUP_FORMAT = "northside-backup";
export const BACKUP_VERSION = 1;

/**
 * The business's tables, in the order the restore loads them: every table after the ones it
 * refers to. The restore follows this order whatever order the file has.
 */
export const BACKUP_TABLES = [
  // The team: who did and issued what. Their passwords and second factors stay out (admin_accounts);
  // an invitation's hash is keyed with the Worker's secret, so a planted one opens nothing.
  "admin_users",
  // Who did what: the six years of history the business keeps (no secrets: see schema/db/audit.ts).
  "audit_log",
  // Each engineer's working week and the times they are not to be booked.
  "engineer_hours",
  "engineer_blocks",
  "products",
  "customers",
  "customer_merges",
  "properties",
  "appliances",
  "jobs",
  "quotes",
  "service_records",
  "visit_engineers",
  "visit_sheets",
  "outgoing_emails",
  "gas_safety_records",
  "warning_notices",
  "service_sheets",
  "unvented_records",
  "unvented_services",
  "benchmark_records",
  "estimates",
  "estimate_versions",
  "estimate_acceptances",
  "estimate_payments",
  "estimate_events",
  // A job's Building Regulations notification as the owner recorded it (after jobs).
  "building_regs_notifications",
  "invoices",
  "invoice_payments",
  "invoice_refunds",
  "credit_notes",
  "invoice_events",
  "service_reminders",
  "bookings",
  "booking_cells",
  // Texts sent and received, the numbers that said STOP (kept, so they are never texted again after a
  // restore), visits confirmed by text, and the review requests sent (after customers, jobs, visits).
  "sms_messages",
  "sms_opt_outs",
  "visit_confirmations",
  "review_requests",
  // What customers said, with their consent to publish: the home page's testimonials.
  "testimonials",
  "email_subscribers",
  "campaigns",
  "campaign_recipients",
  "orders",
  "order_lines",
  "stock_movements",
  "chat_messages",
  "settings",
  "number_series",
  "stripe_events",
  "account_erasure_requests",
  // What was sent to Xero, with Xero's ids: a restored Worker that connects again sends nothing twice.
  "xero_sync",
  "xero_contact_changes",
] as const;

export type BackupTable = (typeof BACKUP_TABLES)[number];

/**
 * Tables left out of the backup, and why: secrets and what renews itself, not the business's
 * records. The restore refuses a file that holds any of them: a tampered backup could otherwise
 * plant its own owner's password with the second factor off, or a session of its own.
 */
export const LEFT_OUT_OF_BACKUP: Readonly<Record<string, string>> = {
  admin_accounts: "the owner's password hash and second factor: set again on a new install",
  admin_devices: "browsers remembered for sign-in",
  admin_recovery_codes: "second-factor recovery codes (hashed)",
  admin_sessions: "sign-in sessions",
  admin_sign_ins: "the sign-in log (kept 90 days)",
  rate_limits: "request counters of the last day",
  cart_items: "visitors' carts (emptied after 30 days)",
  outbox: "the local copy of sent e-mail (development only)",
  sheet_syncs: "the keys of job sheets synced from the phone (kept 30 days, to apply each once)",
  account_sessions: "customers' signed-in browsers (hashed; they sign in again)",
  account_sign_in_links: "customers' one-time sign-in links (hashed, 15 minutes)",
  xero_connection: "the Xero link's tokens (sealed with the Worker's secret): the owner connects again on a new install",
  xero_auth_states: "Xero consents under way (hashed, 10 minutes)",
};
