import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type AdminEstimate, type EstimateContent, type EstimateStatus, optionTotals } from "../../../schema/api/estimates";
import {
  customers,
  estimateAcceptances,
  estimateEvents,
  type estimatePayments,
  estimates,
  estimateVersions,
} from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { createDocumentLink } from "../../lib/document-link";
import { notFound } from "../../lib/errors";
import { madeToday } from "../documents/link-rules";
import { readBilling } from "../settings/billing-settings";
import { depositCapSql, depositPaymentOf, depositPaymentsQuery, depositStateOf } from "./deposit-ledger";

/**
 * Priced quotes: drafted by the owner, fixed version by version as they are sent, opened and
 * accepted (or declined) by the customer through a signed link naming the version they were sent.
 * Every total is computed in this folder from the lines (schema/money.ts); the acceptance is written with
 * the evidence of what was accepted in one batch that a second acceptance cannot pass.
 *
 * This file is what every verb shares: the quote loaded, its owner's shape, its history and its link.
 * The verbs each have their file beside it (drafting, send, list, the customer's view, accept,
 * decline, cancel, deposits) and import from here, never the other way.
 */
const e = estimates;
const v = estimateVersions;

export const LINK_PURPOSE = "estimate";

export const statusNow = (status: EstimateStatus, validUntil: string, today = londonToday()): EstimateStatus =>
  (status === "sent" || status === "viewed") && validUntil < today ? "expired" : status;

export type EventKind = (typeof estimateEvents.$inferInsert)["kind"];

export const event = (db: Db, estimateId: number | SQL, kind: EventKind, at: string, detail: string | null = null) =>
  db.insert(estimateEvents).values({ estimateId: estimateId as number, kind, at, detail });

/** An event written only when `when` holds (the change it records happened in this batch). */
export const eventWhen = (db: Db, estimateId: number, kind: EventKind, at: string, detail: string | null, when: SQL) =>
  db.insert(estimateEvents).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        estimateId: sql<number>`${estimateId}`.as("estimate_id"),
        kind: sql<EventKind>`${kind}`.as("kind"),
        detail: sql<string | null>`${detail}`.as("detail"),
        at: sql<string>`${at}`.as("at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );

export type Loaded = {
  estimate: typeof estimates.$inferSelect;
  customer: typeof customers.$inferSelect;
  versions: (typeof estimateVersions.$inferSelect)[];
  acceptance: typeof estimateAcceptances.$inferSelect | null;
  events: (typeof estimateEvents.$inferSelect)[];
  payments: (typeof estimatePayments.$inferSelect)[];
  /** What of the deposit the quote can take now (deposit-ledger.ts). */
  depositCap: number;
};

/**
 * The quote with its customer, versions, acceptance and history: one batch, one table a statement
 * (whole rows of joined tables share column names like `id`, which a batch's rows would mix up).
 */
export async function loadEstimate(db: Db, id: number): Promise<Loaded> {
  const [[estimate], [customer], versions, [acceptance], events, payments, [cap]] = await db.batch([
    db.select().from(e).where(eq(e.id, id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, sql`(SELECT ${e.customerId} FROM ${e} WHERE ${e.id} = ${id})`)),
    db.select().from(v).where(eq(v.estimateId, id)).orderBy(asc(v.version)),
    db.select().from(estimateAcceptances).where(eq(estimateAcceptances.estimateId, id)),
    db.select().from(estimateEvents).where(eq(estimateEvents.estimateId, id)).orderBy(asc(estimateEvents.id)),
    depositPaymentsQuery(db, id),
    db.select({ cap: depositCapSql(id) }).from(sql`(SELECT 1)`),
  ]);
  if (!estimate || !customer) throw notFound("Quote");
  return { estimate, customer, versions, acceptance: acceptance ?? null, events, payments, depositCap: cap?.cap ?? 0 };
}

export const contentOf = (version: typeof estimateVersions.$inferSelect) => JSON.parse(version.content) as EstimateContent;

export function totalsOf(content: EstimateContent, vatRegistered: boolean) {
  return Object.fromEntries(content.options.map((o) => [o.id, optionTotals(o, content.deposit, vatRegistered)]));
}

export async function toAdmin(
  env: AppEnv,
  db: Db,
  { estimate, customer, versions, acceptance, events, payments, depositCap }: Loaded,
): Promise<AdminEstimate> {
  const latest = versions.at(-1)!;
  const deposit = acceptance && depositStateOf(acceptance.depositPence, payments);
  const content = contentOf(latest);
  const vatRegistered = latest.sentAt ? latest.vatRegistered : (await readBilling(db)).vatRegistered;
  return {
    ...content,
    id: estimate.id,
    number: estimate.number === null ? null : numberText("estimate", estimate.number),
    status: statusNow(estimate.status, estimate.validUntil),
    customerId: estimate.customerId,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
    propertyId: estimate.propertyId,
    quoteRequestId: estimate.quoteRequestId,
    version: estimate.version,
    sentVersion: estimate.sentVersion,
    unsentChanges: estimate.sentVersion !== null && latest.sentAt === null,
    followUps: estimate.followUps,
    totals: totalsOf(content, vatRegistered),
    vatRegistered,
    acceptance: acceptance && {
      optionId: acceptance.optionId,
      optionalLineIds: JSON.parse(acceptance.optionalLineIds) as string[],
      name: acceptance.name,
      startEarly: acceptance.startEarly,
      acceptedAt: acceptance.acceptedAt,
      grossPence: acceptance.grossPence,
      depositPence: acceptance.depositPence,
      contentSha256: acceptance.contentSha256,
      depositPaidAt: deposit!.paidAt,
      refundedAt: deposit!.refundedAt,
      depositHeldPence: deposit!.heldPence,
      depositToPayPence: depositCap,
      owedBackPence: deposit!.owedBackPence,
    },
    depositPayments: payments.map(depositPaymentOf),
    cancelledAt: estimate.cancelledAt,
    cancelReason: estimate.cancelReason,
    jobId: estimate.jobId,
    customerUrl:
      estimate.sentVersion === null ? null : await estimateLink(env, estimate.id, estimate.sentVersion, estimate.linkVersion),
    events: events.map((ev) => ({ kind: ev.kind, at: ev.at, detail: ev.detail })),
    createdAt: estimate.createdAt,
    updatedAt: estimate.updatedAt,
  };
}

export async function getEstimate(env: AppEnv, db: Db, id: number): Promise<AdminEstimate> {
  return toAdmin(env, db, await loadEstimate(db, id));
}

export const FIXED = {
  accepted: "An accepted quote cannot be changed.",
  cancelled: "A cancelled quote cannot be changed.",
} as const;

/**
 * The path of the customer's link to the version they were sent (e-mails put the site's address
 * before it), of the quote's current link version (`linkVersion`: the owner bumps it to revoke).
 */
export const estimateLink = async (env: AppEnv, id: number, version: number, linkVersion: number) =>
  `/quote/${await createDocumentLink(env, LINK_PURPOSE, { id, version, revision: linkVersion, ...madeToday() })}`;
