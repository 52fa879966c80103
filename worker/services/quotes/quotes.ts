import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type AdminQuote, optionTotals, type QuoteContent, type QuoteStatus } from "../../../schema/api/quotes";
import { customers, quoteAcceptances, quoteEvents, type quotePayments, quotes, quoteVersions } from "../../../schema/db/index";
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
const e = quotes;
const v = quoteVersions;

export const LINK_PURPOSE = "estimate";

export const statusNow = (status: QuoteStatus, validUntil: string, today = londonToday()): QuoteStatus =>
  (status === "sent" || status === "viewed") && validUntil < today ? "expired" : status;

export type EventKind = (typeof quoteEvents.$inferInsert)["kind"];

export const event = (db: Db, quoteId: number | SQL, kind: EventKind, at: string, detail: string | null = null) =>
  db.insert(quoteEvents).values({ quoteId: quoteId as number, kind, at, detail });

/** An event written only when `when` holds (the change it records happened in this batch). */
export const eventWhen = (db: Db, quoteId: number, kind: EventKind, at: string, detail: string | null, when: SQL) =>
  db.insert(quoteEvents).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        quoteId: sql<number>`${quoteId}`.as("estimate_id"),
        kind: sql<EventKind>`${kind}`.as("kind"),
        detail: sql<string | null>`${detail}`.as("detail"),
        at: sql<string>`${at}`.as("at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );

export type Loaded = {
  quote: typeof quotes.$inferSelect;
  customer: typeof customers.$inferSelect;
  versions: (typeof quoteVersions.$inferSelect)[];
  acceptance: typeof quoteAcceptances.$inferSelect | null;
  events: (typeof quoteEvents.$inferSelect)[];
  payments: (typeof quotePayments.$inferSelect)[];
  /** What of the deposit the quote can take now (deposit-ledger.ts). */
  depositCap: number;
};

/**
 * The quote with its customer, versions, acceptance and history: one batch, one table a statement
 * (whole rows of joined tables share column names like `id`, which a batch's rows would mix up).
 */
export async function loadQuote(db: Db, id: number): Promise<Loaded> {
  const [[quote], [customer], versions, [acceptance], events, payments, [cap]] = await db.batch([
    db.select().from(e).where(eq(e.id, id)),
    db
      .select()
      .from(customers)
      .where(eq(customers.id, sql`(SELECT ${e.customerId} FROM ${e} WHERE ${e.id} = ${id})`)),
    db.select().from(v).where(eq(v.quoteId, id)).orderBy(asc(v.version)),
    db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, id)),
    db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, id)).orderBy(asc(quoteEvents.id)),
    depositPaymentsQuery(db, id),
    db.select({ cap: depositCapSql(id) }).from(sql`(SELECT 1)`),
  ]);
  if (!quote || !customer) throw notFound("Quote");
  return { quote: quote, customer, versions, acceptance: acceptance ?? null, events, payments, depositCap: cap?.cap ?? 0 };
}

export const contentOf = (version: typeof quoteVersions.$inferSelect) => JSON.parse(version.content) as QuoteContent;

export function totalsOf(content: QuoteContent, vatRegistered: boolean) {
  return Object.fromEntries(content.options.map((o) => [o.id, optionTotals(o, content.deposit, vatRegistered)]));
}

export async function toAdmin(
  env: AppEnv,
  db: Db,
  { quote, customer, versions, acceptance, events, payments, depositCap }: Loaded,
): Promise<AdminQuote> {
  const latest = versions.at(-1)!;
  const deposit = acceptance && depositStateOf(acceptance.depositPence, payments);
  const content = contentOf(latest);
  const vatRegistered = latest.sentAt ? latest.vatRegistered : (await readBilling(db)).vatRegistered;
  return {
    ...content,
    id: quote.id,
    number: quote.number === null ? null : numberText("estimate", quote.number),
    status: statusNow(quote.status, quote.validUntil),
    customerId: quote.customerId,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
    propertyId: quote.propertyId,
    enquiryId: quote.enquiryId,
    version: quote.version,
    sentVersion: quote.sentVersion,
    unsentChanges: quote.sentVersion !== null && latest.sentAt === null,
    followUps: quote.followUps,
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
    cancelledAt: quote.cancelledAt,
    cancelReason: quote.cancelReason,
    jobId: quote.jobId,
    visitId: quote.visitId,
    customerUrl: quote.sentVersion === null ? null : await quoteLink(env, quote.id, quote.sentVersion, quote.linkVersion),
    events: events.map((ev) => ({ kind: ev.kind, at: ev.at, detail: ev.detail })),
    createdAt: quote.createdAt,
    updatedAt: quote.updatedAt,
  };
}

export async function getQuote(env: AppEnv, db: Db, id: number): Promise<AdminQuote> {
  return toAdmin(env, db, await loadQuote(db, id));
}

export const FIXED = {
  accepted: "An accepted quote cannot be changed.",
  cancelled: "A cancelled quote cannot be changed.",
} as const;

/**
 * The path of the customer's link to the version they were sent (e-mails put the site's address
 * before it), of the quote's current link version (`linkVersion`: the owner bumps it to revoke).
 */
export const quoteLink = async (env: AppEnv, id: number, version: number, linkVersion: number) =>
  `/quote/${await createDocumentLink(env, LINK_PURPOSE, { id, version, revision: linkVersion, ...madeToday() })}`;
