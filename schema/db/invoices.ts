import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, paymentMethods, updatedAt } from "./columns";
import { serviceRecords } from "./crm";
import { customers } from "./customers";
import { issuedFile } from "./gas-safety";
import { jobs } from "./jobs";
import { properties } from "./properties";
import { quotes } from "./quotes";

/**
 * Invoices (docs/decisions/017-invoices.md): drafts edited freely, numbered INV-0001 in the batch
 * that issues them, fixed ever after (a correction is a credit note), or void (keeping the number).
 * Money is integer pence from the lines (schema/money.ts). What has been paid and credited is kept
 * by the database itself from the payments and credit notes, in the batch that adds one; the
 * balance is always gross − deposit − credited − paid.
 */
export const invoiceStatuses = ["draft", "issued", "void"] as const;

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** What it was made from, if anything: a completed visit or an accepted quote. */
    serviceRecordId: integer("service_record_id").references(() => serviceRecords.id, { onDelete: "set null" }),
    quoteId: integer("estimate_id").references(() => quotes.id, { onDelete: "set null" }),
    /** The job it bills (schema/db/jobs.ts): the job of its visit or quote, or the job invoiced whole. */
    jobId: integer("job_id").references(() => jobs.id),
    number: integer("number"),
    status: text("status", { enum: invoiceStatuses }).notNull().default("draft"),
    /** InvoiceLine[] as JSON (schema/api/invoices.ts). */
    lines: text("lines").notNull(),
    /**
     * The accountant's export's cells of the lines, which never change once issued: a JSON array of
     * the document's net, VAT by rate and gross, then each line's cells. Kept by the database from
     * the lines at every write (migration 0049's triggers); never written by the Worker.
     */
    exportCells: text("export_cells"),
    notes: text("notes"),
    /** The time of supply (the work's date), the issue date and the date payment is due. */
    supplyDate: text("supply_date").notNull(),
    issueDate: text("issue_date"),
    dueDate: text("due_date"),
    /** Whether VAT is charged: the billing settings' when drafted, fixed at issue. */
    vatRegistered: integer("vat_registered", { mode: "boolean" }).notNull().default(false),
    netPence: integer("net_pence").notNull().default(0),
    vatPence: integer("vat_pence").notNull().default(0),
    grossPence: integer("gross_pence").notNull().default(0),
    /** A quote's deposit already paid, taken off the balance (its own line on the invoice). */
    depositPence: integer("deposit_pence").notNull().default(0),
    /** Sums of the payments and credit notes, written by the batch that adds one. */
    paidPence: integer("paid_pence").notNull().default(0),
    creditedPence: integer("credited_pence").notNull().default(0),
    /** Reminders 3 days before the due date, on it, and 7 and 14 days after, unless paused. */
    chase: integer("chase", { mode: "boolean" }).notNull().default(true),
    paidAt: text("paid_at"),
    /**
     * The customer's latest card checkout (a Stripe Checkout Session id). A newer one, or the balance
     * paid another way, expires it, so a payment page left open in an old tab cannot pay twice.
     */
    checkoutSessionId: text("checkout_session_id"),
    /**
     * Which of the owner's list tabs it is under: its status, or for an issued one "paid" (nothing
     * left to pay) or "unpaid". A virtual column SQLite computes from the sums above, indexed below
     * (kept at every write), so a tab and the home's money owed are an index range, not a scan of
     * every invoice's balance (issue 45). Never written; the backup leaves it out.
     */
    tab: text("tab", { enum: ["draft", "void", "paid", "unpaid"] }).generatedAlwaysAs(
      sql`CASE WHEN status <> 'issued' THEN status WHEN gross_pence - deposit_pence - credited_pence - paid_pence <= 0 THEN 'paid' ELSE 'unpaid' END`,
      { mode: "virtual" },
    ),
    voidedAt: text("voided_at"),
    voidReason: text("void_reason"),
    ...issuedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number").on(t.number),
    index("invoices_status_due").on(t.status, t.dueDate),
    index("invoices_customer").on(t.customerId),
    index("invoices_job").on(t.jobId),
    index("invoices_updated").on(t.updatedAt),
    index("invoices_issue_date").on(t.issueDate),
    // Every column of the accountant's export for a date range (services/invoices/exports.ts), so a
    // tax year is a range of this index, not 13,000 rows read whole with their issued snapshots.
    index("invoices_export").on(
      t.issueDate,
      t.status,
      t.number,
      t.customerId,
      t.dueDate,
      t.grossPence,
      t.depositPence,
      t.creditedPence,
      t.paidPence,
      t.exportCells,
    ),
    // An invoice's number and customer by its id, for the payments' export (it names this index).
    index("invoices_who").on(t.id, t.number, t.customerId),
    index("invoices_tab_updated").on(t.tab, t.updatedAt, t.id),
    index("invoices_tab_due").on(t.tab, t.dueDate),
  ],
);

export { paymentMethods };

export const invoicePayments = sqliteTable(
  "invoice_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    paidOn: text("paid_on").notNull(),
    reference: text("reference"),
    /** A card payment's Checkout Session: one payment per session, whatever the webhook repeats. */
    stripeSessionId: text("stripe_session_id").unique(),
    /**
     * What of a card payment was beyond what was owed when it arrived (all of it on a void or paid
     * invoice), and why: given back through Stripe to this payment (its invoice_refunds rows).
     */
    refundDuePence: integer("refund_due_pence").notNull().default(0),
    refundReason: text("refund_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice").on(t.invoiceId),
    index("invoice_payments_paid_on").on(t.paidOn),
    // Every column of the payments' export for a date range, so a tax year is a range of this index.
    index("invoice_payments_export").on(t.paidOn, t.invoiceId, t.amountPence, t.method, t.reference),
  ],
);

/**
 * Money given back on an invoice: only what was paid beyond what is owed (a payment that crossed
 * another, or what a credit note left paid over). A card refund goes back through Stripe to one card
 * payment (`paymentId`); the invoice's paid sum is its payments less its refunds.
 */
export const invoiceRefunds = sqliteTable(
  "invoice_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => invoicePayments.id, { onDelete: "set null" }),
    amountPence: integer("amount_pence").notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    refundedOn: text("refunded_on").notNull(),
    reference: text("reference"),
    /** A card refund's Stripe id: one row per refund, whatever is repeated. */
    stripeRefundId: text("stripe_refund_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("invoice_refunds_invoice").on(t.invoiceId), index("invoice_refunds_refunded_on").on(t.refundedOn)],
);

/** A correction of an issued invoice: some of its lines (or all), credited, numbered CN-0001. */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** InvoiceLine[] as JSON: the lines credited, with the quantities credited. */
    lines: text("lines").notNull(),
    /** The export's cells of the lines, negative, kept by the database as an invoice's are. */
    exportCells: text("export_cells"),
    reason: text("reason").notNull(),
    issueDate: text("issue_date").notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    grossPence: integer("gross_pence").notNull(),
    ...issuedFile(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_number").on(t.number),
    index("credit_notes_invoice").on(t.invoiceId),
    // Credit notes by their date (the exports and the reports).
    index("credit_notes_issue_date").on(t.issueDate),
  ],
);

export const invoiceEventKinds = [
  "created",
  "issued",
  "sent",
  "viewed",
  "reminded",
  "paid",
  "refunded",
  "credited",
  "voided",
  "chasing",
] as const;

/** The invoice's history, as its page lists it. */
export const invoiceEvents = sqliteTable(
  "invoice_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: invoiceEventKinds }).notNull(),
    detail: text("detail"),
    at: text("at").notNull(),
  },
  (t) => [index("invoice_events_invoice").on(t.invoiceId, t.id)],
);
