import type { Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  adminAccounts,
  adminDevices,
  adminRecoveryCodes,
  adminSessions,
  adminSignIns,
  adminUsers,
  auditLog,
  buildingRegsNotifications,
  campaigns,
  cartItems,
  chatMessages,
  customers,
  emailSubscribers,
  engineerBlocks,
  engineerHours,
  enquiries,
  jobs,
  numberSeriesCounters,
  orderLines,
  orders,
  ownerSettings,
  products,
  rateLimits,
  reviewRequests,
  serviceRecords,
  sheetSyncs,
  stockMovements,
  stripeEvents,
  unventedServices,
  visitConfirmations,
  xeroAuthStates,
  xeroConnection,
  xeroContactChanges,
  xeroSync,
} from ".";
import { contactData } from "./personal-data-contact";
import { documentData } from "./personal-data-documents";
import { peopleData } from "./personal-data-people";
import type { PersonalTable } from "./personal-data-rules";

export { type ErasureRule, type KeptRecord, keptForTheLaw, type PersonalTable } from "./personal-data-rules";

/**
 * Every place a person's data lives (UK GDPR art. 30's record, and the plan of an erasure): each
 * table with the text columns that hold a person's data (`personal`) and those that do not
 * (`other`), how a person's rows are found, and what erasing an account does to them. A person is
 * an account: every customer with one e-mail address (docs/decisions/019-customer-account.md).
 *
 * worker/services/account/erasure-plan.ts runs it: one statement per `delete` or `blank` rule, in the
 * order written here (a row found through another comes before it), the blanked columns taken from
 * the rule. `cascade` rules go with their parent row; `keep` rules are what the law makes the business
 * keep, and the answer e-mail names them (`keptForTheLaw`).
 *
 * test/erasure-personal-data-list.test.ts holds every table and text column of the migrated database to this file
 * (here, in `noPersonalData`, or a search index), and seeds a person in every table listed here.
 */

export const personalData = { ...contactData, ...documentData, ...peopleData } as const satisfies Record<string, PersonalTable>;

/** R2 objects that hold a person's data, by key prefix; test/erasure-everywhere.test.ts holds every object to one. */
export const personalObjects = [
  {
    bucket: "IMAGES",
    prefix: "visits/",
    holds: "a visit's photos (visits/<visit id>/<name>): the boiler, the flue, the meter, the house",
    action: "delete",
    rows: "with the visit (every object under the visit's prefix, a photo never named by a sheet included)",
  },
  {
    bucket: "DOCUMENTS",
    prefix: "",
    holds: "issued documents' PDFs (<kind>s/<number>.pdf): the name and address they print",
    action: "keep",
    rows: "all of them: only issued documents and accepted quotes have one",
  },
  { bucket: "IMAGES", prefix: "product-images/", holds: "the shop's product images", action: "none", rows: "no personal data" },
] as const;

/** Tables that hold no one's personal data, and why. */
export const noPersonalData = [
  {
    table: products,
    why: "the shop's catalogue",
    other: [
      products.name,
      products.description,
      products.image,
      products.editedImage,
      products.condition,
      products.brand,
      products.category,
      products.lowStockAlertedAt,
      products.createdAt,
    ],
  },
  {
    table: stockMovements,
    why: "stock counts; a visit or an order named only by its id",
    other: [stockMovements.reason, stockMovements.orderId, stockMovements.createdAt],
  },
  {
    table: cartItems,
    why: "an anonymous cart's lines, emptied after 30 days",
    other: [cartItems.sessionId, cartItems.createdAt, cartItems.updatedAt],
  },
  {
    table: orderLines,
    why: "what an order bought, at what price",
    other: [orderLines.orderId, orderLines.name, orderLines.brand, orderLines.image],
  },
  {
    table: stripeEvents,
    why: "Stripe event ids already handled",
    other: [stripeEvents.id, stripeEvents.type, stripeEvents.processedAt],
  },
  {
    table: jobs,
    why: "which customer's visits, quote and invoices belong together: ids only (a job whose visits are erased and that no kept invoice bills goes with its last visit)",
    other: [jobs.createdAt, jobs.quoteStatus, jobs.quoteValidUntil, jobs.installations],
  },
  {
    table: buildingRegsNotifications,
    why: "a job's Building Regulations notification: who notified it, when, and the scheme's reference and certificate numbers; goes with its job",
    other: [
      buildingRegsNotifications.notifiedBy,
      buildingRegsNotifications.notifiedOn,
      buildingRegsNotifications.reference,
      buildingRegsNotifications.certificateNumber,
      buildingRegsNotifications.recordedAt,
      buildingRegsNotifications.updatedAt,
    ],
  },
  {
    table: unventedServices,
    why: "a cylinder's annual services after its commissioning record: the readings, checks, parts and the engineer who did them; kept with the issued record they are appended to, which is kept",
    other: [unventedServices.servicedOn, unventedServices.nextDue, unventedServices.details, unventedServices.createdAt],
  },
  {
    table: sheetSyncs,
    why: "idempotency keys of the phone's syncs, kept 30 days",
    other: [sheetSyncs.key, sheetSyncs.bodySha256, sheetSyncs.createdAt],
  },
  {
    table: campaigns,
    why: "what a campaign said to everyone",
    other: [
      campaigns.subject,
      campaigns.title,
      campaigns.content,
      campaigns.offer,
      campaigns.ctaText,
      campaigns.ctaLink,
      campaigns.status,
      campaigns.sendAt,
      campaigns.startedAt,
      campaigns.createdAt,
    ],
  },
  { table: numberSeriesCounters, why: "the last number of each document series", other: [numberSeriesCounters.series] },
  {
    table: ownerSettings,
    why: "the company's facts and settings",
    other: [ownerSettings.key, ownerSettings.value, ownerSettings.updatedAt],
  },
  {
    table: xeroConnection,
    why: "the link to the business's Xero organisation: its name and sealed tokens",
    other: [
      xeroConnection.status,
      xeroConnection.tenantId,
      xeroConnection.tenantName,
      xeroConnection.connectionId,
      xeroConnection.organisations,
      xeroConnection.accessToken,
      xeroConnection.refreshToken,
      xeroConnection.expiresAt,
      xeroConnection.mapping,
      xeroConnection.lastSyncAt,
      xeroConnection.lastError,
      xeroConnection.connectedAt,
      xeroConnection.updatedAt,
    ],
  },
  {
    table: xeroAuthStates,
    why: "Xero consents under way: a hash and a time",
    other: [xeroAuthStates.stateHash, xeroAuthStates.expiresAt],
  },
  {
    table: xeroSync,
    why: "which document went to Xero, by id, with Xero's id and its words on a failure",
    other: [
      xeroSync.tenantId,
      xeroSync.kind,
      xeroSync.xeroId,
      xeroSync.state,
      xeroSync.lastError,
      xeroSync.idempotencyKey,
      xeroSync.claimedUntil,
      xeroSync.createdAt,
      xeroSync.updatedAt,
    ],
  },
  {
    table: xeroContactChanges,
    why: "that a customer's name or e-mail changed, by id and time: what changed is read from the customer",
    other: [xeroContactChanges.createdAt],
  },
  { table: rateLimits, why: "counters; an address appears only as its SHA-256, for an hour or a day", other: [rateLimits.key] },
  {
    table: adminAccounts,
    why: "the back office's own sign-in, not a customer's",
    other: [
      adminAccounts.username,
      adminAccounts.totpSecret,
      adminAccounts.totpEnabledAt,
      adminAccounts.totpPendingSecret,
      adminAccounts.passwordHash,
      adminAccounts.passwordChangedAt,
      adminAccounts.updatedAt,
    ],
  },
  {
    table: adminUsers,
    why: "the firm's own people (the owner removes them from the team screen), not a customer's",
    other: [
      adminUsers.username,
      adminUsers.name,
      adminUsers.email,
      adminUsers.phone,
      adminUsers.role,
      adminUsers.gasSafeLicence,
      adminUsers.qualifications,
      adminUsers.status,
      adminUsers.inviteHash,
      adminUsers.inviteExpiresAt,
      adminUsers.suspendedAt,
      adminUsers.removedAt,
      adminUsers.createdAt,
      adminUsers.updatedAt,
    ],
  },
  {
    table: auditLog,
    why: "who in the firm did what, when: the firm's own people, named as adminUsers are; a record is named by its kind and id, the summary is written from the route (never from what was typed), before/after hold only amounts, statuses, numbers and dates, and a subscriber's address in a path is left out, so no customer is named in it",
    other: [
      auditLog.at,
      auditLog.username,
      auditLog.userName,
      auditLog.method,
      auditLog.route,
      auditLog.path,
      auditLog.recordKind,
      auditLog.recordId,
      auditLog.summary,
      auditLog.before,
      auditLog.after,
    ],
  },
  {
    table: engineerHours,
    why: "the firm's own people's working week",
    other: [engineerHours.weekday, engineerHours.start, engineerHours.end],
  },
  {
    table: engineerBlocks,
    why: "when the firm's own people are not to be booked, and why in the office's words",
    other: [engineerBlocks.startsAt, engineerBlocks.endsAt, engineerBlocks.reason, engineerBlocks.createdAt],
  },
  {
    table: adminSessions,
    why: "the back office's own sessions",
    other: [adminSessions.jti, adminSessions.username, adminSessions.expiresAt, adminSessions.revokedAt, adminSessions.createdAt],
  },
  {
    table: adminRecoveryCodes,
    why: "the back office's own recovery codes",
    other: [adminRecoveryCodes.username, adminRecoveryCodes.codeHash, adminRecoveryCodes.usedAt, adminRecoveryCodes.createdAt],
  },
  {
    table: adminSignIns,
    why: "the back office's own sign-ins (kept 180 days)",
    other: [adminSignIns.username, adminSignIns.address, adminSignIns.userAgent, adminSignIns.outcome, adminSignIns.createdAt],
  },
  {
    table: adminDevices,
    why: "the back office's own browsers",
    other: [
      adminDevices.id,
      adminDevices.username,
      adminDevices.lastUsedAt,
      adminDevices.secondFactorUntil,
      adminDevices.revokedAt,
      adminDevices.createdAt,
    ],
  },
  {
    table: visitConfirmations,
    why: "when a visit was confirmed by a C in reply to its reminder (the text itself is in sms_messages)",
    other: [visitConfirmations.confirmedAt],
  },
  {
    table: reviewRequests,
    why: "which paid job's customer was invited to review, when and how (the words are the same for everyone)",
    other: [reviewRequests.channel, reviewRequests.sentAt],
  },
] as const satisfies readonly { table: SQLiteTable; why: string; other: readonly Column[] }[];

/**
 * FTS5 search indexes (migrations 0002, 0003, 0008), each a copy of some of its table's columns,
 * kept in step by triggers: erasing or blanking the row does the same to its entry.
 */
export const searchIndexes = {
  customers_search: customers,
  quotes_search: enquiries,
  orders_search: orders,
  subscribers_search: emailSubscribers,
  service_records_search: serviceRecords,
  chat_messages_search: chatMessages,
  products_search: products,
} as const satisfies Record<string, SQLiteTable>;
