import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type {
  AccountDocument,
  AccountOrder,
  AccountProperty,
  AccountQuote,
  AccountSummary,
  AccountVisit,
} from "../../../schema/api/account";
import { classificationLabels } from "../../../schema/api/gas-safety";
import type { AccountNotification } from "../../../schema/api/installations";
import {
  accountErasureRequests,
  applianceSummaryColumns,
  appliances,
  benchmarkRecords,
  bookings,
  buildingRegsNotifications,
  customers,
  emailSubscribers,
  invoices,
  jobs,
  orderLines,
  orders,
  properties,
  quotes,
  quoteVersions,
  serviceRecords,
} from "../../../schema/db";
import { londonToday } from "../../../schema/london-time";
import { numberText, orderNumberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { benchmarkKind } from "../benchmark/document-kind";
import { serviceRecordRead, serviceRecordsById } from "../benchmark/service-record";
import { ofAccount } from "../customers/customers";
import { listAllDocuments } from "../document-kinds";
import { installationsSql } from "../jobs/building-regs";
import { jobTitleSql } from "../jobs/job-state";
import { quoteLink } from "../quotes/quotes";
import { manageUrl } from "../visits/book";
import { accountCustomerIds } from "./customer-ids";
import { accountInvoiceColumns, accountInvoices, creditNotesOf, paymentsOf } from "./invoices";
import { tenantHomes } from "./tenants";

/**
 * What the customer sees on /account, read in two D1 round trips (the account's rows, then its
 * documents). Every statement is scoped to the account in its own SQL: the customers whose e-mail
 * is the account's address (`accountCustomerIds`), or the orders placed with that address. Links
 * open the pages the e-mails already use (the quote, the invoice, the booking, the PDF), each with
 * its own signed token, so the rules of those pages (accepting, paying, moving) are the same here.
 * The homes the address rents as a tenant are read beside them (tenants.ts).
 */
const r = serviceRecords;

/** The account's customers, oldest first (the first names the account). */
const peopleOf = (db: Db, ids: ReturnType<typeof accountCustomerIds>) =>
  db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      optedOut: customers.remindersOptedOutAt,
      channel: customers.contactChannel,
    })
    .from(customers)
    .where(inArray(customers.id, ids))
    .orderBy(asc(customers.id));

/** The account's properties, or the one of them with id `only`. */
const placesOf = (db: Db, ids: ReturnType<typeof accountCustomerIds>, only?: number) =>
  db
    .select({
      id: properties.id,
      address: properties.address,
      postcode: properties.postcode,
      tenantName: properties.tenantName,
      tenantEmail: properties.tenantEmail,
      tenantMayBook: properties.tenantMayBook,
    })
    .from(properties)
    .where(and(only === undefined ? undefined : eq(properties.id, only), inArray(properties.customerId, ids)))
    .orderBy(asc(properties.id));

/** What is fitted at the account's properties, or at the one with id `only`. */
const kitOf = (db: Db, ids: ReturnType<typeof accountCustomerIds>, only?: number) =>
  db
    .select(applianceSummaryColumns)
    .from(appliances)
    .where(
      and(
        only === undefined ? undefined : eq(appliances.propertyId, only),
        inArray(
          appliances.propertyId,
          db.select({ id: properties.id }).from(properties).where(inArray(properties.customerId, ids)),
        ),
      ),
    )
    .orderBy(asc(appliances.id));

/**
 * A quote's version as it was sent, joined beside the quote: the row's own title follows the version
 * the office is editing, which the customer has not been sent, and neither the account nor its
 * export shows that. At most one row (a quote's versions are unique by number).
 */
export const sentQuoteVersion = alias(quoteVersions, "sent_quote_version");
export const isSentQuoteVersion = and(eq(sentQuoteVersion.quoteId, quotes.id), eq(sentQuoteVersion.version, quotes.sentVersion));
export const sentQuoteTitle = sql<string>`COALESCE(json_extract(${sentQuoteVersion.content}, '$.title'), ${quotes.title})`;

/**
 * The Building Regulations notifications of the account's jobs, once their reference or certificate
 * number is known (issue 47): the job's title and what it fitted, each job the account's own.
 */
const notificationsOf = (db: Db, ids: ReturnType<typeof accountCustomerIds>) =>
  db
    .select({
      title: jobTitleSql,
      installations: installationsSql,
      notifiedOn: buildingRegsNotifications.notifiedOn,
      reference: buildingRegsNotifications.reference,
      certificateNumber: buildingRegsNotifications.certificateNumber,
    })
    .from(buildingRegsNotifications)
    .innerJoin(jobs, eq(jobs.id, buildingRegsNotifications.jobId))
    .where(
      and(
        inArray(jobs.customerId, ids),
        or(isNotNull(buildingRegsNotifications.reference), isNotNull(buildingRegsNotifications.certificateNumber)),
      ),
    )
    .orderBy(desc(buildingRegsNotifications.recordedAt))
    .limit(LISTED);

type Person = Awaited<ReturnType<typeof peopleOf>>[number];
type Place = Awaited<ReturnType<typeof placesOf>>[number];
type Kit = Awaited<ReturnType<typeof kitOf>>[number];
type IssuedDocument = Awaited<ReturnType<typeof issuedDocuments>>[number];

/**
 * The account's issued documents that have a PDF (each property shows its own), a Benchmark with
 * its boiler's service record (every Benchmark's in one statement, read beside the list).
 */
async function issuedDocuments(env: AppEnv, db: Db, ids: ReturnType<typeof accountCustomerIds>) {
  const [documents, services] = await Promise.all([
    listAllDocuments(env, db, { customerIds: ids }),
    serviceRecordRead(db, sql`${benchmarkRecords.customerId} IN (${ids})`),
  ]);
  const history = serviceRecordsById(services);
  return documents
    .filter((d) => d.status === "issued" && d.pdfUrl)
    .map((d) => (d.kind === benchmarkKind.name ? { ...d, serviceRecord: history.get(d.id) ?? [] } : d));
}

/** The deals list's entry for the address, if any. */
const subscriberOf = (db: Db, email: string) =>
  db.select({ status: emailSubscribers.status }).from(emailSubscribers).where(eq(emailSubscribers.email, email));

/** Reminders are on when every customer of the account has them on; the deals list as it stands; the first customer's channel. */
function preferencesOf(
  people: Pick<Person, "optedOut" | "channel">[],
  subscriber: { status: string } | undefined,
): AccountSummary["preferences"] {
  return {
    reminders: people.length > 0 && people.every((p) => p.optedOut === null),
    deals: subscriber?.status === "active" ? "active" : subscriber?.status === "pending" ? "pending" : "off",
    channel: people[0]?.channel ?? "email",
  };
}

/** The account's two settings, read alone (PATCH /api/account/preferences answers with them). */
export async function accountPreferences(db: Db, email: string): Promise<AccountSummary["preferences"]> {
  const [people, [subscriber]] = await db.batch([
    db
      .select({ optedOut: customers.remindersOptedOutAt, channel: customers.contactChannel })
      .from(customers)
      .where(ofAccount(email))
      .orderBy(asc(customers.id)),
    subscriberOf(db, email),
  ]);
  return preferencesOf(people, subscriber);
}

const toDocument = (d: IssuedDocument): AccountDocument => ({
  kind: d.kind,
  title: d.title,
  number: d.number,
  date: d.date,
  nextDueDate: d.nextDueDate,
  classification: d.classification ? classificationLabels[d.classification] : null,
  pdfUrl: d.pdfUrl!,
  ...("serviceRecord" in d ? { serviceRecord: d.serviceRecord } : {}),
});

/** One property as the account shows it: appliances, its issued documents and "Book the check" filled in. */
function toProperty(
  p: Place,
  kit: Kit[],
  documents: IssuedDocument[],
  first: Person | undefined,
  email: string,
): AccountProperty {
  const here = documents.filter((d) => d.propertyId === p.id);
  const lastRecord = here.find((d) => d.kind === "gas-safety-record");
  const lastSheet = here.find((d) => d.kind === "service-sheet");
  const book = new URLSearchParams({
    service: "gas-safety",
    property: String(p.id),
    postcode: p.postcode ?? "",
    address: p.address,
    ...(first ? { name: `${first.firstName} ${first.lastName}`.trim() } : {}),
    ...(first?.phone ? { phone: first.phone } : {}),
    email,
  });
  return {
    id: p.id,
    address: p.address,
    postcode: p.postcode,
    appliances: kit.filter((a) => a.propertyId === p.id).map(({ propertyId: _, ...a }) => a),
    lastGasSafetyRecord: lastRecord ? toDocument(lastRecord) : null,
    lastServiceSheet: lastSheet ? toDocument(lastSheet) : null,
    documents: here.map(toDocument),
    nextDeadline: lastRecord?.nextDueDate ?? null,
    bookUrl: `/book?${book}`,
    tenant: p.tenantEmail ? { name: p.tenantName, mayBook: p.tenantMayBook } : null,
  };
}

const VISITS = 100;
const LISTED = 100;

export async function accountSummary(env: AppEnv, db: Db, email: string): Promise<AccountSummary> {
  const ids = accountCustomerIds(db, email);
  const today = londonToday();
  const [people, places, kit, visits, quoteRows, notificationRows, invoiceRows, orderRows, lines, [subscriber], [erasure]] =
    await db.batch([
      peopleOf(db, ids),
      placesOf(db, ids),
      kitOf(db, ids),
      // Visits: the record and its booking (for the link to move or cancel), column names kept apart.
      db
        .select({
          id: r.id,
          serviceType: r.serviceType,
          status: r.status,
          date: r.serviceDate,
          start: r.visitStart,
          end: r.visitEnd,
          workCompleted: r.workCompleted,
          propertyAddress: sql<string | null>`(SELECT ${properties.address} || COALESCE(', ' || ${properties.postcode}, '')
          FROM ${properties} WHERE ${properties.id} = ${sql.raw('"service_records"."property_id"')})`.as("property_address"),
          reference: sql<string | null>`${bookings.reference}`.as("booking_reference"),
          bookingStatus: sql<string | null>`${bookings.status}`.as("booking_status"),
          bookingLinkVersion: sql<number | null>`${bookings.linkVersion}`.as("booking_link_version"),
        })
        .from(r)
        .leftJoin(bookings, eq(bookings.serviceRecordId, r.id))
        .where(inArray(r.customerId, ids))
        .orderBy(desc(r.serviceDate), desc(r.id))
        .limit(VISITS),
      db
        .select({
          id: quotes.id,
          linkVersion: quotes.linkVersion,
          number: quotes.number,
          title: sentQuoteTitle.as("title"),
          status: quotes.status,
          validUntil: quotes.validUntil,
          sentAt: quotes.sentAt,
          sentVersion: quotes.sentVersion,
        })
        .from(quotes)
        .leftJoin(sentQuoteVersion, isSentQuoteVersion)
        .where(and(inArray(quotes.customerId, ids), ne(quotes.status, "draft")))
        .orderBy(desc(quotes.id))
        .limit(LISTED),
      notificationsOf(db, ids),
      db
        .select(accountInvoiceColumns)
        .from(invoices)
        .where(and(inArray(invoices.customerId, ids), ne(invoices.status, "draft")))
        .orderBy(desc(invoices.id))
        .limit(LISTED),
      db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          totalPence: orders.totalPence,
          paymentStatus: orders.paymentStatus,
          fulfilmentStatus: orders.fulfilmentStatus,
          courier: orders.courier,
          trackingReference: orders.trackingReference,
        })
        .from(orders)
        .where(sql`lower(${orders.customerEmail}) = ${email}`)
        .orderBy(desc(orders.createdAt))
        .limit(LISTED),
      db
        .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            db.select({ id: orders.id }).from(orders).where(sql`lower(${orders.customerEmail}) = ${email}`),
          ),
        )
        .orderBy(asc(orderLines.id)),
      subscriberOf(db, email),
      db
        .select({ requestedAt: accountErasureRequests.requestedAt })
        .from(accountErasureRequests)
        .where(and(eq(accountErasureRequests.email, email), eq(accountErasureRequests.status, "open"))),
    ]);
  // The second round trip: the account's documents, its invoices' credit notes and payments, and the
  // homes the address rents as a tenant, each scoped to the address on its own.
  const [documents, [noteRows, paymentRows], tenancy] = await Promise.all([
    issuedDocuments(env, db, ids),
    db.batch([creditNotesOf(db, ids), paymentsOf(db, ids)]),
    tenantHomes(env, db, email),
  ]);

  const toVisit = async (v: (typeof visits)[number]): Promise<AccountVisit> => ({
    id: v.id,
    service: v.serviceType,
    date: v.date,
    start: v.start,
    end: v.end,
    status: v.status,
    address: v.propertyAddress,
    notes: v.status === "completed" ? v.workCompleted : null,
    manageUrl:
      v.reference && v.bookingStatus === "booked" && v.status !== "completed"
        ? await manageUrl(env, v.reference, v.bookingLinkVersion ?? 1)
        : null,
    reference: v.reference,
  });
  const upcoming = visits.filter((v) => v.status !== "completed" && v.date >= today).reverse();
  const past = visits.filter((v) => v.status === "completed");

  const first = people[0];
  const property = (p: (typeof places)[number]) => toProperty(p, kit, documents, first, email);

  return {
    email,
    name: first ? `${first.firstName} ${first.lastName}`.trim() : (tenancy.name ?? email),
    isCustomer: people.length > 0,
    homes: tenancy.homes,
    details: first ? { firstName: first.firstName, lastName: first.lastName, phone: first.phone } : null,
    upcoming: await Promise.all(upcoming.map(toVisit)),
    past: await Promise.all(past.map(toVisit)),
    properties: places.map(property),
    quotes: await Promise.all(
      quoteRows.map(
        async (q): Promise<AccountQuote> => ({
          number: q.number === null ? null : numberText("estimate", q.number),
          title: q.title,
          status: q.status as AccountQuote["status"],
          validUntil: q.validUntil,
          sentAt: q.sentAt,
          url: await quoteLink(env, q.id, q.sentVersion ?? 1, q.linkVersion),
        }),
      ),
    ),
    buildingRegs: notificationRows.map(({ installations, ...row }) => ({
      ...row,
      installations: JSON.parse(installations) as AccountNotification["installations"],
    })),
    invoices: await accountInvoices(env, invoiceRows, noteRows, paymentRows, today),
    orders: orderRows.map(
      (o): AccountOrder => ({
        number: orderNumberText(o.number),
        placedAt: o.createdAt,
        totalPence: o.totalPence,
        paymentStatus: o.paymentStatus,
        fulfilmentStatus: o.fulfilmentStatus,
        courier: o.courier,
        trackingReference: o.trackingReference,
        items: lines.filter((l) => l.orderId === o.id).map(({ name, quantity }) => ({ name, quantity })),
      }),
    ),
    preferences: preferencesOf(people, subscriber),
    erasureRequestedAt: erasure?.requestedAt ?? null,
  };
}

/** One of the account's properties by its id, or null when it is not the account's (GET /api/account/properties/:id). */
export async function accountProperty(env: AppEnv, db: Db, email: string, id: number): Promise<AccountProperty | null> {
  const ids = accountCustomerIds(db, email);
  // The account's documents (as the summary reads them, of which toProperty takes this property's),
  // read beside the property rather than after it: both are scoped to the account on their own.
  const [[[place], kit, [first]], documents] = await Promise.all([
    db.batch([placesOf(db, ids, id), kitOf(db, ids, id), peopleOf(db, ids).limit(1)]),
    issuedDocuments(env, db, ids),
  ]);
  return place ? toProperty(place, kit, documents, first, email) : null;
}
