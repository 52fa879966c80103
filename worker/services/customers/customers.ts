import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type {
  AdminCustomer,
  AdminCustomerListItem,
  CustomerChanges,
  NewCustomer,
  TimelineEntry,
} from "../../../schema/api/customers";
import type { AdminListQuery } from "../../../schema/api/lists";
import { allEnquiryServiceLabels } from "../../../schema/business";
import {
  chatMessages,
  customerMerges,
  customers,
  emailSubscribers,
  enquiries,
  orders,
  properties,
  serviceRecords,
} from "../../../schema/db";
import { formatPence } from "../../../schema/format";
import { formatDate } from "../../../schema/london-time-text";
import { orderNumberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { notFound } from "../../lib/errors";
import { customerTextsQuery, textEntry } from "../sms/timeline";
import { hasPossibleDuplicate } from "./duplicate-match";
import { requireCustomer } from "./merged-customers";
import { firstPropertyStatement } from "./properties";

/**
 * The customers of an account (one address, any letter case): the scope of every account read, and
 * of the account's bookings.
 */
export const ofAccount = (email: string) => sql`lower(${customers.email}) = ${email}`;

type CustomerRow = typeof customers.$inferSelect;

export const toAdminCustomer = (row: CustomerRow): AdminCustomer => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  address: row.address,
  postcode: row.postcode,
  isLandlord: row.isLandlord,
  contactChannel: row.contactChannel,
  checkReason: row.checkReason,
  createdAt: row.createdAt,
});

/**
 * Customers by name, matching any part of a name, e-mail, phone or postcode; a page with the full
 * count, each marked when another customer shares its e-mail or phone (from the indexes: one trip).
 */
export async function listCustomers(db: Db, { q, limit, offset }: AdminListQuery) {
  // Named, so the duplicate check's subqueries compare with this row and not their own.
  const listed = alias(customers, "listed");
  const where = searchCondition(q, "customers_search", listed.id, [listed.firstName, listed.lastName, listed.email]);
  const [rows, [total]] = await db.batch([
    db
      .select({ customer: listed, isPossibleDuplicate: hasPossibleDuplicate(db, listed) })
      .from(listed)
      .where(where)
      .orderBy(asc(listed.lastName), asc(listed.firstName), asc(listed.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(listed).where(where),
  ]);
  const items: AdminCustomerListItem[] = rows.map((r) => ({
    ...toAdminCustomer(r.customer),
    isPossibleDuplicate: Boolean(r.isPossibleDuplicate),
  }));
  return { items, total: total?.n ?? 0 };
}

/** The customer just inserted in the same batch (one writer at a time: the newest row is ours). */
const newestCustomer = sql`(SELECT MAX(${customers.id}) FROM ${customers})`;

/** Adds the customer and, when they give an address or postcode, that home as their first property: one batch. */
export async function createCustomer(db: Db, input: NewCustomer): Promise<AdminCustomer> {
  const [[row]] = await db.batch([db.insert(customers).values(input).returning(), firstPropertyStatement(db, newestCustomer)]);
  return toAdminCustomer(row!);
}

/**
 * Changes the customer. A property that is the customer's own address (their home, made from it)
 * follows a change of that address, in the same batch, so a home owner's details stay one.
 */
export async function updateCustomer(db: Db, id: number, changes: CustomerChanges): Promise<AdminCustomer> {
  const movesHome = "address" in changes || "postcode" in changes;
  const current = (column: typeof customers.address | typeof customers.postcode) =>
    sql`(SELECT ${column} FROM ${customers} WHERE ${customers.id} = ${id})`;
  const home = () =>
    db
      .update(properties)
      .set({
        ...("address" in changes
          ? { address: sql`COALESCE(${changes.address ?? null}, ${changes.postcode ?? null}, ${properties.address})` }
          : {}),
        ...("postcode" in changes ? { postcode: changes.postcode ?? null } : {}),
      })
      .where(
        and(
          eq(properties.customerId, id),
          sql`${properties.address} IS COALESCE(NULLIF(TRIM(${current(customers.address)}), ''), ${current(customers.postcode)})`,
          sql`${properties.postcode} IS NULLIF(TRIM(${current(customers.postcode)}), '')`,
        ),
      );
  const update = db.update(customers).set(changes).where(eq(customers.id, id)).returning();
  const [row] = movesHome ? (await db.batch([home(), update]))[1] : await update;
  if (!row) throw notFound("Customer");
  return toAdminCustomer(row);
}

/** The customer; an id merged into another answers 404 naming that one (merged-customers.ts). */
export async function getCustomer(db: Db, id: number): Promise<AdminCustomer> {
  return toAdminCustomer(await requireCustomer(db, id));
}

/**
 * Everything the business has had with one person, newest first, in one D1 batch: quotes, orders
 * and chats matched by e-mail (the customer record may come later than a quote), service records by
 * customer id, the state of their subscription to the deals list, the customers merged into this
 * one (whose e-mail addresses count as this customer's: what they sent is theirs too), and the
 * texts sent to them and received from them, with their delivery states.
 */
export async function customerTimeline(db: Db, id: number): Promise<TimelineEntry[]> {
  const addresses = sql`SELECT lower(email) AS address FROM customers WHERE id = ${id}
    UNION SELECT lower(merged_email) FROM customer_merges WHERE kept_customer_id = ${id}`;
  const sameEmail = (column: typeof enquiries.email | typeof orders.customerEmail | typeof emailSubscribers.email) =>
    sql`lower(${column}) IN (${addresses})`;
  const [[customer], enquiryRows, orderRows, recordRows, chatRows, subscription, merges, texts] = await db.batch([
    db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)),
    db.select().from(enquiries).where(sameEmail(enquiries.email)).orderBy(desc(enquiries.createdAt)),
    db.select().from(orders).where(sameEmail(orders.customerEmail)).orderBy(desc(orders.createdAt)),
    db.select().from(serviceRecords).where(eq(serviceRecords.customerId, id)).orderBy(desc(serviceRecords.serviceDate)),
    // A chat is the customer's when its visitor left one of these e-mail addresses in a message.
    db
      .select({
        sessionId: chatMessages.sessionId,
        startedAt: sql<string>`MIN(${chatMessages.createdAt})`.as("started_at"),
        messages: sql<number>`COUNT(*)`.as("messages"),
      })
      .from(chatMessages)
      .where(
        sql`${chatMessages.sessionId} IN (SELECT m.session_id FROM chat_messages m JOIN (${addresses}) a ON instr(lower(m.message), a.address) > 0)`,
      )
      .groupBy(chatMessages.sessionId),
    db.select().from(emailSubscribers).where(sameEmail(emailSubscribers.email)),
    db.select().from(customerMerges).where(eq(customerMerges.keptCustomerId, id)),
    customerTextsQuery(db, id),
  ]);
  if (!customer) throw notFound("Customer");
  const entries: TimelineEntry[] = [
    ...enquiryRows.map((q) => ({
      kind: "quote" as const,
      at: q.createdAt,
      title: `Quote request: ${allEnquiryServiceLabels[q.service]}`,
      detail: q.message,
      status: q.repliedAt ? "replied" : q.isRead ? "pending" : "new",
      ref: String(q.id),
    })),
    ...orderRows.map((o) => ({
      kind: "order" as const,
      at: o.createdAt,
      title: `Order ${orderNumberText(o.number) ?? o.id}: ${formatPence(o.totalPence)}`,
      detail: o.paymentMethod === "card" ? "Card payment" : "Checkout form",
      status: o.fulfilmentStatus === "new" ? o.paymentStatus : o.fulfilmentStatus,
      // What the orders search finds it by: its number, or the id of an order made before numbers.
      ref: orderNumberText(o.number) ?? o.id,
    })),
    ...recordRows.map((r) => ({
      kind: "service" as const,
      at: r.serviceDate,
      title: r.serviceType,
      detail: [r.equipmentType, r.equipmentModel].filter(Boolean).join(" ") || r.description,
      status: r.status,
      ref: String(r.id),
    })),
    ...chatRows.map((c) => ({
      kind: "chat" as const,
      at: c.startedAt,
      title: "Chat with the assistant",
      detail: `${c.messages} messages`,
      status: null,
      ref: c.sessionId,
    })),
    ...subscription.map((s) => ({
      kind: "subscription" as const,
      at: s.confirmedAt ?? s.signedUpAt,
      title: "Deals list",
      detail: s.consentSource ? `Signed up on ${s.consentSource}` : null,
      status: s.status,
      ref: null,
    })),
    ...merges.map(mergeEntry),
    ...texts.map(textEntry),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** A merge on the kept customer's timeline: who, and their details as they were, so none is lost. */
function mergeEntry(m: typeof customerMerges.$inferSelect): TimelineEntry {
  const details = [
    m.mergedEmail && `e-mail ${m.mergedEmail}`,
    m.mergedPhone && `phone ${m.mergedPhone}`,
    [m.mergedAddress, m.mergedPostcode].filter(Boolean).join(", ") &&
      `address ${[m.mergedAddress, m.mergedPostcode].filter(Boolean).join(", ")}`,
  ].filter(Boolean);
  return {
    kind: "merge",
    at: m.mergedAt,
    title: `Merged with ${m.mergedFirstName} ${m.mergedLastName} (#${m.mergedCustomerId}) on ${formatDate(m.mergedAt)}`,
    detail: details.length > 0 ? `Their details on file: ${details.join("; ")}` : null,
    status: null,
    ref: String(m.mergedCustomerId),
  };
}
