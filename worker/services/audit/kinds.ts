import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { AUDIT_KIND_LABELS, type AuditKindName } from "../../../schema/api/audit";
import {
  buildingRegsNotifications,
  invoices,
  orders,
  ownerSettings,
  products,
  quotePayments,
  quotes,
  serviceRecords,
  warningNotices,
} from "../../../schema/db";
import { visitPaperKinds } from "../document-kinds";

/**
 * The kinds of record the audit log names, each registering how to read itself: the route segments
 * that are its records (/api/admin/<segment>/:id…) and for money and documents the
 * columns that matter before and after a write (amounts, status, number, dates: never a name, a
 * signature or a file). A route whose segment is not here is still recorded, named by its segment
 * (worker/services/audit/route-target.ts); registering a kind only names it better and adds its
 * before/after. Nothing here lists routes.
 */
export type AuditKind = {
  /** What audit_log.record_kind holds; its label is the screens' (AUDIT_KIND_LABELS). */
  kind: AuditKindName;
  segments: readonly string[];
  /** A scalar subquery: the record's columns that matter, as one JSON object (null once deleted). */
  snapshot?: (id: string) => SQL;
  /** A subquery of the ids (as text) of this kind's records on a job, for the job's history. */
  ofJob?: (jobId: number) => SQL;
  /** How the steps after the id read in a summary ("payments" → "recorded a payment"). */
  actions?: Readonly<Record<string, string>>;
  /** The record's id when the route has no id parameter (settings: which group). */
  recordId?: (rest: readonly string[]) => string;
};

/** A numeric id is bound as a number, so an integer primary key is compared by its index. */
const bindId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);

/** The scalar subquery of `fields` of the row of `table` whose `idColumn` is the id, as JSON. */
function jsonRow(table: SQLiteTable, idColumn: SQLiteColumn, fields: Record<string, SQLiteColumn | SQL>) {
  const pairs = sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key.replace(/\W/g, "")}'`)}, ${value}`),
    sql`, `,
  );
  return (id: string) => sql`(SELECT json_object(${pairs}) FROM ${table} WHERE ${idColumn} = ${bindId(id)})`;
}

const idsOf = (idColumn: SQLiteColumn, table: SQLiteTable, where: SQL) =>
  sql`SELECT CAST(${idColumn} AS TEXT) FROM ${table} WHERE ${where}`;

/** The visits of a job: what its documents hang on. */
const visitsOfJob = (jobId: number) =>
  sql`SELECT ${serviceRecords.id} FROM ${serviceRecords} WHERE ${serviceRecords.jobId} = ${jobId}`;

const linksRevoked = { "revoke-links": "revoked its links", "revoke-link": "revoked its link" };

const invoice: AuditKind = {
  kind: "invoice",
  segments: ["invoices"],
  snapshot: jsonRow(invoices, invoices.id, {
    number: invoices.number,
    status: invoices.status,
    grossPence: invoices.grossPence,
    depositPence: invoices.depositPence,
    paidPence: invoices.paidPence,
    creditedPence: invoices.creditedPence,
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    paidAt: invoices.paidAt,
    voidedAt: invoices.voidedAt,
    chase: invoices.chase,
    linkVersion: invoices.linkVersion,
  }),
  ofJob: (jobId) => idsOf(invoices.id, invoices, sql`${invoices.jobId} = ${jobId}`),
  actions: {
    issue: "issued",
    payments: "recorded a payment",
    refunds: "recorded a refund",
    "credit-notes": "added a credit note",
    void: "voided",
    chasing: "changed its chasing",
    ...linksRevoked,
  },
};

const depositsOf = (column: SQLiteColumn) =>
  sql`(SELECT COALESCE(SUM(${column}), 0) FROM ${quotePayments} WHERE ${quotePayments.quoteId} = ${quotes.id})`;

/** The back office's quotes (estimates; /api/admin/quotes are enquiries). */
const quote: AuditKind = {
  kind: "quote",
  segments: ["estimates"],
  snapshot: jsonRow(quotes, quotes.id, {
    number: quotes.number,
    status: quotes.status,
    version: quotes.version,
    sentVersion: quotes.sentVersion,
    validUntil: quotes.validUntil,
    sentAt: quotes.sentAt,
    declinedAt: quotes.declinedAt,
    cancelledAt: quotes.cancelledAt,
    depositsPaidPence: depositsOf(quotePayments.amountPence),
    depositsRefundedPence: depositsOf(quotePayments.refundedPence),
    linkVersion: quotes.linkVersion,
  }),
  ofJob: (jobId) => idsOf(quotes.id, quotes, sql`${quotes.jobId} = ${jobId}`),
  actions: {
    send: "sent",
    "deposit-payments": "recorded a deposit",
    "deposit-payments/refund": "refunded a deposit",
    ...linksRevoked,
  },
};

/** A job's own writes: its Building Regulations notification as the owner records it (issue 47). */
const job: AuditKind = {
  kind: "job",
  segments: ["jobs"],
  snapshot: jsonRow(buildingRegsNotifications, buildingRegsNotifications.jobId, {
    notifiedBy: buildingRegsNotifications.notifiedBy,
    notifiedOn: buildingRegsNotifications.notifiedOn,
    reference: buildingRegsNotifications.reference,
    certificateNumber: buildingRegsNotifications.certificateNumber,
  }),
  actions: { "building-regs": "recorded its Building Regulations notification" },
};

const warningNotice: AuditKind = {
  kind: "warning-notice",
  segments: ["warning-notices"],
  snapshot: jsonRow(warningNotices, warningNotices.id, {
    number: warningNotices.number,
    classification: warningNotices.classification,
    issuedAt: warningNotices.issuedAt,
    linkVersion: warningNotices.linkVersion,
  }),
  actions: linksRevoked,
};

const product: AuditKind = {
  kind: "product",
  segments: ["products"],
  snapshot: jsonRow(products, products.id, {
    name: products.name,
    pricePence: products.pricePence,
    originalPricePence: products.originalPricePence,
    costPence: products.costPence,
    inStock: products.inStock,
    stockQuantity: products.stockQuantity,
  }),
  actions: { import: "imported the catalogue" },
};

const order: AuditKind = {
  kind: "order",
  segments: ["orders"],
  snapshot: jsonRow(orders, orders.id, {
    number: orders.number,
    totalPence: orders.totalPence,
    paymentStatus: orders.paymentStatus,
    fulfilmentStatus: orders.fulfilmentStatus,
    paidAt: orders.paidAt,
  }),
  actions: { paid: "marked paid" },
};

/** The owner's settings: one JSON document per group ("facts", "billing"), the company's own. */
const settingsGroup: AuditKind = {
  kind: "settings",
  segments: ["settings"],
  recordId: (rest) => rest[0] ?? "facts",
  snapshot: jsonRow(ownerSettings, ownerSettings.key, {
    value: sql`json(${ownerSettings.value})`,
    updatedAt: ownerSettings.updatedAt,
  }),
};

const visit: AuditKind = {
  kind: "visit",
  segments: ["service-records", "visits"],
  ofJob: (jobId) => idsOf(serviceRecords.id, serviceRecords, sql`${serviceRecords.jobId} = ${jobId}`),
  actions: { sheet: "saved its job sheet", "photo-url": "asked to upload a photo" },
};

const enquiry: AuditKind = {
  kind: "enquiry",
  segments: ["quotes"],
  actions: { read: "marked read", replied: "marked replied", unreplied: "marked not replied", notes: "changed its notes" },
};

/**
 * A paper drafted at a visit (documents/visit-paper.ts): its number, status, the day it is about and
 * its issue, what its kind audits besides, on its job's history through its visit; issued, its links
 * revoked, and its own steps as the kind words them.
 */
function paperAuditKind({ name, paper }: (typeof visitPaperKinds)[number]): AuditKind {
  const t = paper.table;
  return {
    kind: name,
    segments: [paper.descriptor.segment],
    snapshot: jsonRow(t, t.id, {
      number: t.number,
      status: t.status,
      ...paper.audited,
      issuedAt: t.issuedAt,
      linkVersion: t.linkVersion,
    }),
    ofJob: (jobId) => idsOf(t.id, t, sql`${t.serviceRecordId} IN (${visitsOfJob(jobId)})`),
    actions: {
      issue: "issued",
      ...Object.fromEntries((paper.api.actions ?? []).map((action) => [action.path, action.audit])),
      ...linksRevoked,
    },
  };
}

export const auditKinds: readonly AuditKind[] = [
  invoice,
  quote,
  job,
  ...visitPaperKinds.map(paperAuditKind),
  warningNotice,
  product,
  order,
  settingsGroup,
  visit,
  enquiry,
  {
    kind: "customer",
    segments: ["customers"],
    actions: { properties: "added a property", merge: "merged another customer into it" },
  },
  { kind: "property", segments: ["properties"], actions: { appliances: "added an appliance" } },
  { kind: "appliance", segments: ["appliances"] },
  {
    kind: "campaign",
    segments: ["campaigns"],
    actions: { cancel: "cancelled", "retry-failed": "retried the failed" },
  },
  { kind: "booking", segments: ["bookings"] },
  { kind: "sign-in", segments: ["mfa", "security"] },
];

const bySegment = new Map(auditKinds.flatMap((k) => k.segments.map((segment) => [segment, k] as const)));

export const kindLabel = (kind: AuditKind) => AUDIT_KIND_LABELS[kind.kind];

export const kindOfSegment = (segment: string): AuditKind | undefined => bySegment.get(segment);
