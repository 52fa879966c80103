import { and, eq, getTableColumns, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { AccountDetails } from "../../../schema/api/account";
import type { ContactChannel } from "../../../schema/api/customers";
import type { InstallationKind } from "../../../schema/api/installations";
import {
  accountErasureRequests,
  appliances,
  bookings,
  buildingRegsNotifications,
  chatMessages,
  creditNotes,
  customerMerges,
  customers,
  emailSubscribers,
  enquiries,
  invoicePayments,
  invoiceRefunds,
  invoices,
  jobs,
  orderLines,
  orders,
  outgoingEmails,
  properties,
  quoteAcceptances,
  quotes,
  quoteVersions,
  reviewRequests,
  serviceRecords,
  serviceReminders,
  smsMessages,
  visitSheets,
  warningNotices,
} from "../../../schema/db";
import type { Db } from "../../db/client";
import { insertWhen } from "../../db/insert-when";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { signUp } from "../campaigns/signups";
import { unsubscribeSubscriber } from "../campaigns/subscribers";
import { ofAccount } from "../customers/customers";
import { visitPaperKinds } from "../document-kinds";
import { completedOnSql, installationsSql } from "../jobs/building-regs";
import { jobTitleSql } from "../jobs/job-state";
import { type MailMessage, ownerEmail } from "../mail";
import { erasureRequestedMail } from "../mail/account-emails";
import { textableNumber } from "../sms/phone";
import { accountCustomerIds } from "./customer-ids";
import { accountChats } from "./sessions";
import { isSentQuoteVersion, sentQuoteTitle, sentQuoteVersion } from "./summary";
import { ofTenant } from "./tenants";

/**
 * The customer's rights over their data (UK GDPR): a copy of everything the product holds about
 * the account ("Download my data"), their preferences, and a request to erase it, which the owner
 * settles (records the law requires are kept for their periods: the privacy page says which).
 */

/**
 * The Building Regulations notifications recorded for the account's jobs (issue 47), each named by its
 * job: its title, what it fitted, the day its work completed, and what the owner recorded and when.
 */
const notificationsHeld = (db: Db, ids: ReturnType<typeof accountCustomerIds>) =>
  db
    .select({
      jobId: jobs.id,
      title: jobTitleSql,
      installations: installationsSql,
      completedOn: completedOnSql,
      notifiedBy: buildingRegsNotifications.notifiedBy,
      notifiedOn: buildingRegsNotifications.notifiedOn,
      reference: buildingRegsNotifications.reference,
      certificateNumber: buildingRegsNotifications.certificateNumber,
      recordedAt: buildingRegsNotifications.recordedAt,
      updatedAt: buildingRegsNotifications.updatedAt,
    })
    .from(buildingRegsNotifications)
    .innerJoin(jobs, eq(jobs.id, buildingRegsNotifications.jobId))
    .where(inArray(jobs.customerId, ids))
    .orderBy(buildingRegsNotifications.recordedAt, jobs.id);

/**
 * Everything held about the account, table by table, each read scoped to it. Documents as the
 * account page shows them: quotes once sent (as sent: the versions sent, the title sent), invoices
 * once issued, records and sheets issued. A draft, or an edit not sent yet, is the office's
 * work in progress, not yet something said to the customer.
 */
export async function exportAccount(db: Db, email: string) {
  const ids = accountCustomerIds(db, email);
  const ofProperties = db.select({ id: properties.id }).from(properties).where(inArray(properties.customerId, ids));
  const sentQuote = and(inArray(quotes.customerId, ids), ne(quotes.status, "draft"));
  const ofQuotes = db.select({ id: quotes.id }).from(quotes).where(sentQuote);
  const issuedInvoice = and(inArray(invoices.customerId, ids), ne(invoices.status, "draft"));
  const ofInvoices = db.select({ id: invoices.id }).from(invoices).where(issuedInvoice);
  const ofVisits = db.select({ id: serviceRecords.id }).from(serviceRecords).where(inArray(serviceRecords.customerId, ids));
  const handedOver = accountChats(db, email);
  const ofOrders = db.select({ id: orders.id }).from(orders).where(sql`lower(${orders.customerEmail}) = ${email}`);
  const fixed = [
    db.select().from(customers).where(inArray(customers.id, ids)),
    db.select().from(properties).where(inArray(properties.customerId, ids)),
    db.select().from(appliances).where(inArray(appliances.propertyId, ofProperties)),
    db.select().from(serviceRecords).where(inArray(serviceRecords.customerId, ids)),
    db.select().from(visitSheets).where(inArray(visitSheets.serviceRecordId, ofVisits)),
    db.select().from(bookings).where(sql`${bookings.customerId} IN (${ids}) OR lower(${bookings.email}) = ${email}`),
    db.select().from(enquiries).where(sql`lower(${enquiries.email}) = ${email}`),
    db
      .select({ ...getTableColumns(quotes), title: sentQuoteTitle.as("title"), version: quotes.sentVersion })
      .from(quotes)
      .leftJoin(sentQuoteVersion, isSentQuoteVersion)
      .where(sentQuote),
    db
      .select()
      .from(quoteVersions)
      .where(and(inArray(quoteVersions.quoteId, ofQuotes), isNotNull(quoteVersions.sentAt))),
    db.select().from(quoteAcceptances).where(inArray(quoteAcceptances.quoteId, ofQuotes)),
    db.select().from(invoices).where(issuedInvoice),
    db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ofInvoices)),
    db.select().from(invoiceRefunds).where(inArray(invoiceRefunds.invoiceId, ofInvoices)),
    db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, ofInvoices)),
    db.select().from(warningNotices).where(inArray(warningNotices.customerId, ids)),
    notificationsHeld(db, ids),
    db.select().from(orders).where(sql`lower(${orders.customerEmail}) = ${email}`),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ofOrders)),
    db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email)),
    db.select().from(serviceReminders).where(inArray(serviceReminders.customerId, ids)),
    // The chats handed over to a person from this address (their call-back names the conversation).
    db
      .select({
        conversation: chatMessages.sessionId,
        sender: chatMessages.sender,
        message: chatMessages.message,
        at: chatMessages.timestamp,
      })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, handedOver))
      .orderBy(chatMessages.id),
    // The e-mails sent to the address: what they were and when, not every copy of their text.
    db
      .select({
        kind: outgoingEmails.kind,
        subject: outgoingEmails.subject,
        status: outgoingEmails.status,
        sentAt: outgoingEmails.sentAt,
        createdAt: outgoingEmails.createdAt,
      })
      .from(outgoingEmails)
      .where(sql`lower(${outgoingEmails.to}) = ${email}`),
    // The texts sent to and received from the account's numbers, about it or its visits.
    db
      .select({
        direction: smsMessages.direction,
        kind: smsMessages.kind,
        phone: smsMessages.phone,
        text: smsMessages.body,
        status: smsMessages.status,
        at: smsMessages.createdAt,
      })
      .from(smsMessages)
      .where(or(inArray(smsMessages.customerId, ids), inArray(smsMessages.visitId, ofVisits)))
      .orderBy(smsMessages.id),
    db
      .select({ jobId: reviewRequests.jobId, channel: reviewRequests.channel, sentAt: reviewRequests.sentAt })
      .from(reviewRequests)
      .where(inArray(reviewRequests.customerId, ids)),
    // The homes the address rents from another customer: what the office holds of the tenant there
    // (the landlord's property and its records stay the landlord's).
    db
      .select({
        propertyId: properties.id,
        address: properties.address,
        postcode: properties.postcode,
        tenantName: properties.tenantName,
        tenantEmail: properties.tenantEmail,
        tenantPhone: properties.tenantPhone,
        tenantGetsCopies: properties.tenantGetsCopies,
      })
      .from(properties)
      .where(and(ofTenant(email), sql`(${properties.customerId} IS NULL OR ${properties.customerId} NOT IN (${ids}))`)),
    // Customers the office merged into the account's, as they were, and this address merged elsewhere.
    db
      .select()
      .from(customerMerges)
      .where(sql`${customerMerges.keptCustomerId} IN (${ids}) OR lower(${customerMerges.mergedEmail}) = ${email}`),
  ] as const;
  // Each paper drafted at a visit (documents/visit-paper.ts): its issued ones, then what hangs on them.
  const issuedPapers = visitPaperKinds.map(({ paper: { table: t } }) =>
    db
      .select({ id: t.id })
      .from(t)
      .where(and(inArray(t.customerId, ids), eq(t.status, "issued"))),
  );
  const paperReads = visitPaperKinds.flatMap(({ paper }, i) => [
    {
      key: paper.key,
      read: db
        .select()
        .from(paper.table)
        .where(and(inArray(paper.table.customerId, ids), eq(paper.table.status, "issued"))),
    },
    ...(paper.related ?? []).map(({ key, table, parent }) => ({
      key,
      read: db.select().from(table).where(inArray(parent, issuedPapers[i]!)),
    })),
  ]);
  const answers = await db.batch([...fixed, ...paperReads.map((p) => p.read)] as unknown as Parameters<Db["batch"]>[0]);
  const [
    customerRows,
    propertyRows,
    applianceRows,
    visitRows,
    jobSheetRows,
    bookingRows,
    enquiryRows,
    quoteRows,
    quoteVersionRows,
    acceptanceRows,
    invoiceRows,
    paymentRows,
    refundRows,
    creditNoteRows,
    noticeRows,
    notificationRows,
    orderRows,
    orderLineRows,
    subscriberRows,
    reminderRows,
    chatRows,
    emailRows,
    textRows,
    reviewRequestRows,
    tenancyRows,
    mergeRows,
  ] = answers.slice(0, fixed.length) as unknown as { [K in keyof typeof fixed]: Awaited<(typeof fixed)[K]> };
  const paperKeys = paperReads.map((p) => p.key);
  const paperAnswers = answers.slice(fixed.length);
  // The cart session an order was placed from is the shop's own key, not the customer's data.
  const withoutSession = orderRows.map(({ sessionId: _, ...order }) => order);
  return {
    exportedAt: new Date().toISOString(),
    account: email,
    customers: customerRows,
    properties: propertyRows,
    appliances: applianceRows,
    visits: visitRows,
    jobSheets: jobSheetRows,
    bookings: bookingRows,
    enquiries: enquiryRows,
    quotes: quoteRows,
    quoteVersions: quoteVersionRows,
    quoteAcceptances: acceptanceRows,
    invoices: invoiceRows,
    payments: paymentRows,
    refunds: refundRows,
    creditNotes: creditNoteRows,
    warningNotices: noticeRows,
    // Each paper drafted at a visit, issued, and what hangs on it (a G3's annual services).
    ...Object.fromEntries(paperKeys.map((key, i) => [key, paperAnswers[i]])),
    buildingRegsNotifications: notificationRows.map((row) => ({
      ...row,
      installations: JSON.parse(row.installations) as InstallationKind[],
    })),
    orders: withoutSession,
    orderLines: orderLineRows,
    dealsList: subscriberRows,
    reminders: reminderRows,
    chats: chatRows,
    emails: emailRows,
    texts: textRows,
    reviewRequests: reviewRequestRows,
    tenancies: tenancyRows,
    mergedCustomers: mergeRows,
  };
}

/**
 * The customer's own name and phone number, on every customer record under the address (the owner
 * sees the change on the customer's screen). A conflict when the office has deleted them meanwhile.
 */
export async function setDetails(db: Db, email: string, details: AccountDetails): Promise<AccountDetails> {
  const changed = await db
    .update(customers)
    .set({ firstName: details.firstName, lastName: details.lastName, phone: details.phone })
    .where(ofAccount(email))
    .returning({ id: customers.id });
  if (changed.length === 0)
    throw new ApiError(
      "CONFLICT",
      "We hold no details for this address any more, so there is nothing to change. Please call us if that is wrong.",
    );
  return details;
}

/**
 * Reminders for every customer of the account; the deals list on (a confirmation e-mail) or off;
 * the channel of service messages for every customer of the account. Texts need a mobile number
 * on file: without one, text is refused, saying so, rather than chosen and never sent.
 */
export async function setPreferences(
  env: AppEnv,
  db: Db,
  email: string,
  change: { reminders?: boolean; deals?: boolean; channel?: ContactChannel },
): Promise<MailMessage[]> {
  const mails: MailMessage[] = [];
  if (change.channel !== undefined) {
    if (change.channel !== "email") {
      const phones = await db.select({ phone: customers.phone }).from(customers).where(ofAccount(email));
      if (!phones.some((p) => textableNumber(p.phone).ok))
        throw new ApiError("CONFLICT", "Texts need a UK mobile number: please add yours to your details first.", {
          details: [{ path: "channel", message: "Texts need a UK mobile number in your details" }],
        });
    }
    await db.update(customers).set({ contactChannel: change.channel }).where(ofAccount(email));
  }
  if (change.reminders !== undefined) {
    await db
      .update(customers)
      .set({
        remindersOptedOutAt: change.reminders
          ? null
          : sql`COALESCE(${customers.remindersOptedOutAt}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      })
      .where(ofAccount(email));
  }
  if (change.deals === true) {
    const { mail } = await signUp(env, db, email, "/account");
    if (mail) mails.push(mail);
  } else if (change.deals === false) {
    await unsubscribeSubscriber(db, email);
  }
  return mails;
}

/** "Delete my account": one open request at a time, the owner told. */
export async function requestErasure(
  env: AppEnv,
  db: Db,
  email: string,
  reason: string | undefined,
): Promise<{ requestedAt: string; mails: MailMessage[] }> {
  const requestedAt = new Date().toISOString();
  const [inserted] = await insertWhen(
    db,
    accountErasureRequests,
    { email, reason: reason || null, requestedAt },
    {
      where: sql`NOT EXISTS (SELECT 1 FROM ${accountErasureRequests} WHERE ${accountErasureRequests.email} = ${email}
        AND ${accountErasureRequests.status} = 'open')`,
    },
  ).returning({ requestedAt: accountErasureRequests.requestedAt });
  if (!inserted) throw new ApiError("CONFLICT", "You have already asked us to delete your account: we'll be in touch.");
  return { requestedAt, mails: [erasureRequestedMail(ownerEmail(env), email, reason ?? null)] };
}
