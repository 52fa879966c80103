import type { Column } from "drizzle-orm";
import { and, count, eq, exists, getTableColumns, isNotNull, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, type SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountSessions,
  accountSignInLinks,
  benchmarkRecords,
  bookings,
  campaignRecipients,
  chatMessages,
  creditNotes,
  customerMerges,
  customers,
  emailSubscribers,
  enquiries,
  gasSafetyRecords,
  invoiceEvents,
  invoices,
  orders,
  outbox,
  outgoingEmails,
  properties,
  quoteAcceptances,
  quoteEvents,
  quotes,
  accountErasureRequests as req,
  serviceRecords,
  serviceReminders,
  serviceSheets,
  testimonials,
  unventedRecords,
  warningNotices,
} from "../../../schema/db";
import { type ErasureRule, personalData } from "../../../schema/db/personal-data";
import type { Db } from "../../db/client";
import { inJsonList } from "../../db/json-list";
import { ofAccount } from "../customers/customers";
import { visitPaperKinds } from "../document-kinds";
import type { PaperTable } from "../documents/visit-paper";
import { optOutsOfAccount, textsOfAccount } from "../sms/erasure";
import { accountChats } from "./sessions";

/**
 * An erasure's statements, built from schema/db/personal-data.ts: which rows of each table each of
 * its rules acts on (`plan`, one entry for every rule that is not a keep or a cascade, which the
 * type requires), in the list's order, the columns to empty taken from the rule. The rows are
 * subqueries, evaluated inside the batch's one transaction, so a row added meanwhile goes too.
 */
export const isIn = (column: Column | SQL, rows: { getSQL(): SQL }) => sql`${column} IN ${rows}`;
const one = sql<number>`1`;

/** A quote with an acceptance: the contract, kept whether or not it was cancelled later. */
const accepted = sql`${quotes.id} IN (SELECT ${quoteAcceptances.quoteId} FROM ${quoteAcceptances})`;

/** The rows of an account, as subqueries (each evaluated where it is used, inside the one transaction). */
export function accountScope(db: Db, email: string) {
  const customerIds = db.select({ id: customers.id }).from(customers).where(ofAccount(email));
  // The customer being judged is an alias, so every EXISTS names it explicitly.
  const k = alias(customers, "kept_customer");
  const issued = (t: PaperTable) =>
    exists(
      db
        .select({ one })
        .from(t)
        .where(and(eq(t.customerId, k.id), eq(t.status, "issued"))),
    );
  const keptCustomerIds = db
    .select({ id: k.id })
    .from(k)
    .where(
      and(
        sql`lower(${k.email}) = ${email}`,
        or(
          exists(
            db
              .select({ one })
              .from(invoices)
              .where(and(eq(invoices.customerId, k.id), ne(invoices.status, "draft"))),
          ),
          ...visitPaperKinds.map(({ paper }) => issued(paper.table)),
          exists(db.select({ one }).from(warningNotices).where(eq(warningNotices.customerId, k.id))),
          exists(
            db
              .select({ one })
              .from(quotes)
              .where(and(eq(quotes.customerId, k.id), accepted)),
          ),
        ),
      ),
    );
  const propertyIds = db.select({ id: properties.id }).from(properties).where(isIn(properties.customerId, customerIds));
  const enquiryIds = db.select({ id: enquiries.id }).from(enquiries).where(sql`lower(${enquiries.email}) = ${email}`);
  const visitIds = db
    .select({ id: serviceRecords.id })
    .from(serviceRecords)
    .where(
      or(
        isIn(serviceRecords.customerId, customerIds),
        isIn(serviceRecords.propertyId, propertyIds),
        isIn(serviceRecords.enquiryId, enquiryIds),
      ),
    );
  const quoteIds = db.select({ id: quotes.id }).from(quotes).where(isIn(quotes.customerId, customerIds));
  const keptQuoteIds = db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(isIn(quotes.customerId, customerIds), accepted));
  const invoiceIds = db.select({ id: invoices.id }).from(invoices).where(isIn(invoices.customerId, customerIds));
  return { email, customerIds, keptCustomerIds, propertyIds, enquiryIds, visitIds, quoteIds, keptQuoteIds, invoiceIds };
}

/** A property a kept record names: it keeps its address beside them. NULLs left out, or NOT IN would match nothing. */
function namedByKeptRecord(db: Db) {
  const named = (column: Column, ...where: SQL[]) =>
    isIn(
      properties.id,
      db
        .select({ id: sql<number>`${column}` })
        .from(column.table as SQLiteTable)
        .where(and(isNotNull(column), ...where)),
    );
  return or(
    ...visitPaperKinds.map(({ paper: { table: t } }) => named(t.propertyId, eq(t.status, "issued"))),
    named(warningNotices.propertyId),
    named(invoices.propertyId, ne(invoices.status, "draft")),
    named(quotes.propertyId, accepted),
  )!;
}

export type Scope = ReturnType<typeof accountScope> & {
  requestId: number;
  /** The mail log's and the outbox's rows that name the address as a whole (names-address.ts). */
  mailIds: number[];
  outboxIds: number[];
  addressHash: string;
  settledAt: string;
  outcome: string;
};

/** Which rows a rule acts on, and any column it sets besides the ones it empties. */
type Step = { where: SQL; also?: Record<string, unknown> };
type Rules<T extends keyof typeof personalData> = (typeof personalData)[T]["rules"];
/** The rules that need a statement: not what the law keeps, not what a cascade deletes. */
type Acting<R> = { [K in keyof R as R[K] extends { action: "keep" } | { cascade: string } ? never : K]: R[K] };
type Plan = {
  [T in keyof typeof personalData as keyof Acting<Rules<T>> extends never ? never : T]: {
    [K in keyof Acting<Rules<T>>]: (db: Db, s: Scope) => Step;
  };
};

/** The copies of the account's documents e-mailed, to them or to others (a tenant's copy). */
const documentMailIds = (db: Db, s: Scope) =>
  visitPaperKinds.flatMap(({ paper: { table: t, emailIds } }) =>
    emailIds.map((column) => db.select({ id: column }).from(t).where(isIn(t.customerId, s.customerIds))),
  );

/** A paper's drafts at the account's customers or properties: never sent to anyone, they go. */
const paperDrafts = (t: PaperTable) => (_db: Db, s: Scope) => ({
  where: and(or(isIn(t.customerId, s.customerIds), isIn(t.propertyId, s.propertyIds)), eq(t.status, "draft"))!,
});

const plan: Plan = {
  outbox: {
    delivered: (db, s) => {
      // Delivered copies of the documents' e-mails (a tenant's copy names her, not her address).
      const copy = alias(outgoingEmails, "copy");
      const delivered = alias(outbox, "delivered");
      const copies = db
        .select({ id: delivered.id })
        .from(delivered)
        .innerJoin(copy, and(eq(copy.to, delivered.to), eq(copy.subject, delivered.subject), eq(copy.kind, delivered.kind)))
        .where(or(...documentMailIds(db, s).map((ids) => isIn(copy.id, ids))));
      return {
        where: or(inJsonList(outbox.id, s.outboxIds), sql`lower(${outbox.to}) = ${s.email}`, isIn(outbox.id, copies))!,
      };
    },
  },
  outgoingEmails: {
    log: (db, s) => ({
      where: or(
        inJsonList(outgoingEmails.id, s.mailIds),
        // Queued between the read and this batch: found by its recipient all the same.
        sql`lower(${outgoingEmails.to}) = ${s.email}`,
        ...documentMailIds(db, s).map((ids) => isIn(outgoingEmails.id, ids)),
      )!,
    }),
  },
  campaignRecipients: {
    recipient: (_db, s) => ({ where: sql`lower(${campaignRecipients.email}) = ${s.email}` }),
  },
  emailSubscribers: {
    signup: (_db, s) => ({ where: sql`lower(${emailSubscribers.email}) = ${s.email}` }),
  },
  accountSignInLinks: {
    links: (_db, s) => ({ where: sql`lower(${accountSignInLinks.email}) = ${s.email}` }),
  },
  accountSessions: {
    sessions: (_db, s) => ({ where: sql`lower(${accountSessions.email}) = ${s.email}` }),
  },
  chatMessages: {
    handedOver: (db, s) => ({ where: isIn(chatMessages.sessionId, accountChats(db, s.email)) }),
  },
  bookings: {
    bookings: (_db, s) => ({
      where: or(
        sql`lower(${bookings.email}) = ${s.email}`,
        isIn(bookings.customerId, s.customerIds),
        isIn(bookings.serviceRecordId, s.visitIds),
      )!,
    }),
  },
  serviceReminders: {
    reminders: (_db, s) => ({
      where: or(isIn(serviceReminders.customerId, s.customerIds), isIn(serviceReminders.serviceRecordId, s.visitIds))!,
    }),
  },
  smsMessages: { texts: (_db, s) => ({ where: textsOfAccount(s.customerIds, s.visitIds) }) },
  smsOptOuts: { optOut: (db, s) => ({ where: optOutsOfAccount(db, s.customerIds) }) },
  testimonials: { given: (_db, s) => ({ where: sql`${testimonials.customerEmail} = ${s.email}` }) },
  serviceRecords: {
    visits: (_db, s) => ({ where: isIn(serviceRecords.id, s.visitIds) }),
  },
  enquiries: {
    requests: (_db, s) => ({ where: sql`lower(${enquiries.email}) = ${s.email}` }),
  },
  invoices: {
    drafts: (_db, s) => ({ where: and(isIn(invoices.id, s.invoiceIds), eq(invoices.status, "draft"))! }),
  },
  invoiceEvents: {
    sentTo: (_db, s) => ({ where: and(isIn(invoiceEvents.invoiceId, s.invoiceIds), eq(invoiceEvents.kind, "sent"))! }),
  },
  gasSafetyRecords: { drafts: paperDrafts(gasSafetyRecords) },
  serviceSheets: { drafts: paperDrafts(serviceSheets) },
  unventedRecords: { drafts: paperDrafts(unventedRecords) },
  benchmarkRecords: { drafts: paperDrafts(benchmarkRecords) },
  quotes: {
    unaccepted: (_db, s) => ({ where: and(isIn(quotes.id, s.quoteIds), not(accepted))! }),
    reasons: (_db, s) => ({ where: isIn(quotes.id, s.keptQuoteIds) }),
  },
  quoteAcceptances: {
    evidence: (_db, s) => ({ where: isIn(quoteAcceptances.quoteId, s.keptQuoteIds) }),
  },
  quoteEvents: {
    words: (_db, s) => ({
      where: and(
        isIn(quoteEvents.quoteId, s.keptQuoteIds),
        or(eq(quoteEvents.kind, "declined"), eq(quoteEvents.kind, "cancelled")),
      )!,
    }),
  },
  properties: {
    asTenant: (_db, s) => ({
      where: and(sql`lower(${properties.tenantEmail}) = ${s.email}`, not(isIn(properties.customerId, s.customerIds)))!,
      also: { tenantGetsCopies: false },
    }),
    named: (db, s) => ({
      where: and(isIn(properties.customerId, s.customerIds), namedByKeptRecord(db))!,
      also: { tenantGetsCopies: false },
    }),
    others: (db, s) => ({ where: and(isIn(properties.customerId, s.customerIds), not(namedByKeptRecord(db)))! }),
  },
  customerMerges: {
    merges: (_db, s) => ({
      where: or(isIn(customerMerges.keptCustomerId, s.customerIds), sql`lower(${customerMerges.mergedEmail}) = ${s.email}`)!,
    }),
  },
  customers: {
    free: (_db, s) => ({ where: and(ofAccount(s.email), not(isIn(customers.id, s.keptCustomerIds)))! }),
    kept: (_db, s) => ({
      where: isIn(customers.id, s.keptCustomerIds),
      // Nothing is sent to them again: no address, and the reminders' own opt-out set as well.
      also: { remindersOptedOutAt: s.settledAt },
    }),
  },
  orders: {
    contact: (_db, s) => ({ where: sql`lower(${orders.customerEmail}) = ${s.email}` }),
  },
  accountErasureRequests: {
    request: (_db, s) => ({
      where: and(eq(req.id, s.requestId), eq(req.status, "open"))!,
      also: { email: `sha256:${s.addressHash}`, status: "done", settledAt: s.settledAt, outcome: s.outcome },
    }),
  },
};

/** A blanked column: NULL, or where the column requires a value, "(erased <row id>)", unique as an address was. */
function blanked(table: SQLiteTable, columns: readonly Column[]): Record<string, unknown> {
  const keys = Object.entries(getTableColumns(table));
  const id = keys.find(([key]) => key === "id")?.[1];
  return Object.fromEntries(
    columns.map((column) => {
      const key = keys.find(([, c]) => c === column)?.[0];
      if (!key) throw new Error(`${column.name} is not a column of its table`);
      return [key, column.notNull ? sql`'(erased ' || ${id ?? sql`rowid`} || ')'` : null];
    }),
  );
}

/** The statements of an erasure, from the list: one per rule that acts, in the list's order. */
export function erasureStatements(db: Db, scope: Scope): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (const [name, entry] of Object.entries(personalData)) {
    for (const [ruleName, rule] of Object.entries(entry.rules) as [string, ErasureRule][]) {
      if (rule.action === "keep" || (rule.action === "delete" && rule.cascade)) continue;
      const build = (plan as Record<string, Record<string, (db: Db, s: Scope) => Step>>)[name]?.[ruleName];
      if (!build) throw new Error(`No erasure statement for ${name}.${ruleName}`);
      const { where, also } = build(db, scope);
      const table = entry.table as SQLiteTable;
      statements.push(
        rule.action === "delete"
          ? db.delete(table).where(where)
          : db
              .update(table)
              .set({ ...blanked(table, rule.columns), ...also })
              .where(where),
      );
    }
  }
  return statements;
}

/** What the law makes the business keep of the account, counted for the answer. */
export function keptCounts(db: Db, s: ReturnType<typeof accountScope>) {
  const n = { n: count() };
  const issuedInvoices = and(isIn(invoices.customerId, s.customerIds), ne(invoices.status, "draft"));
  return [
    db.select(n).from(invoices).where(issuedInvoices),
    db
      .select(n)
      .from(creditNotes)
      .where(isIn(creditNotes.invoiceId, db.select({ id: invoices.id }).from(invoices).where(issuedInvoices))),
    db.select(n).from(warningNotices).where(isIn(warningNotices.customerId, s.customerIds)),
    db.select(n).from(quotes).where(isIn(quotes.id, s.keptQuoteIds)),
    db.select(n).from(orders).where(sql`lower(${orders.customerEmail}) = ${s.email}`),
  ] as const;
}

/** Each paper's issued ones of the account, counted for the answer in its kind's place (documents/visit-paper.ts). */
export function keptPaperCounts(db: Db, s: ReturnType<typeof accountScope>) {
  return visitPaperKinds.map(({ paper: { table: t, keptAs } }) => ({
    keptAs,
    read: db
      .select({ n: count() })
      .from(t)
      .where(and(isIn(t.customerId, s.customerIds), eq(t.status, "issued"))),
  }));
}
