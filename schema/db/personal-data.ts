import type { Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountErasureRequests,
  accountSessions,
  accountSignInLinks,
  adminAccounts,
  adminDevices,
  adminRecoveryCodes,
  adminSessions,
  adminSignIns,
  appliances,
  bookingCells,
  bookings,
  campaignRecipients,
  campaigns,
  cartItems,
  chatMessages,
  creditNotes,
  customers,
  emailSubscribers,
  enquiries,
  gasSafetyRecords,
  invoiceEvents,
  invoicePayments,
  invoiceRefunds,
  invoices,
  numberSeriesCounters,
  orderLines,
  orders,
  outbox,
  outgoingEmails,
  ownerSettings,
  products,
  properties,
  quoteAcceptances,
  quoteEvents,
  quotePayments,
  quotes,
  quoteVersions,
  rateLimits,
  serviceRecords,
  serviceReminders,
  serviceSheets,
  sheetSyncs,
  stockMovements,
  stripeEvents,
  visitSheets,
  warningNotices,
} from ".";

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
 * test/erasure.test.ts holds every table and text column of the migrated database to this file
 * (here, in `noPersonalData`, or a search index), and seeds a person in every table listed here.
 */

/** What erasing an account does to some of a table's rows. */
export type ErasureRule =
  /** The rows are deleted; `cascade`: by the database, with the row they belong to. */
  | { action: "delete"; rows: string; cascade?: string }
  /** The rows stay with these columns emptied (NULL, or "(erased <id>)" where a value is required). */
  | { action: "blank"; rows: string; columns: readonly Column[]; why: string }
  /** The rows stay as they are, for the reason given. */
  | { action: "keep"; rows: string; why: string };

export type PersonalTable = {
  table: SQLiteTable;
  personal: readonly Column[];
  other: readonly Column[];
  /** How the person's rows are found. */
  found: string;
  rules: Readonly<Record<string, ErasureRule>>;
};

/** Why a record the law requires is kept, in the words the answer e-mail uses. */
export const keptForTheLaw = {
  invoices: {
    what: "invoices and credit notes",
    kept: "your name and address as printed on them, and the payments",
    period: "six years",
    rule: "HMRC requires business and VAT records to be kept that long",
  },
  safetyRecords: {
    what: "gas safety records and warning notices",
    kept: "your name and the property's address as printed on them",
    period: "at least two years",
    rule: "the Gas Safety (Installation and Use) Regulations 1998 (regulation 36) require them",
  },
  serviceSheets: {
    what: "service sheets of gas work we did",
    kept: "your name and the property's address as printed on them",
    period: "six years",
    rule: "the time in which a claim about that work can be made (Limitation Act 1980)",
  },
  acceptedQuotes: {
    what: "accepted quotes",
    kept: "what was agreed, the name it was accepted under and when, and any deposit",
    period: "six years",
    rule: "the time in which either side can bring a claim under the contract (Limitation Act 1980)",
  },
  orders: {
    what: "shop orders",
    kept: "your name and delivery address, what you bought and what you paid",
    period: "six years",
    rule: "HMRC requires sales records to be kept that long",
  },
} as const;

export type KeptRecord = keyof typeof keptForTheLaw;

const whyRecord = (record: KeptRecord) =>
  `${keptForTheLaw[record].what}: kept ${keptForTheLaw[record].period}, as ${keptForTheLaw[record].rule}`;

/** Issued documents and accepted quotes: a customer with one keeps name and address, nothing else. */
const KEPT_CUSTOMER =
  "customers with an issued invoice, gas safety record, warning notice or service sheet, or an accepted quote";

export const personalData = {
  outbox: {
    table: outbox,
    personal: [outbox.to, outbox.subject, outbox.html, outbox.text, outbox.headers, outbox.attachments],
    other: [outbox.kind, outbox.createdAt],
    found:
      "as the mail log, and the delivered copies of her documents' e-mails (local delivery only: a deploy sends through the provider and writes nothing here)",
    rules: { delivered: { action: "delete", rows: "all of them" } },
  },
  outgoingEmails: {
    table: outgoingEmails,
    personal: [
      outgoingEmails.to,
      outgoingEmails.subject,
      outgoingEmails.html,
      outgoingEmails.text,
      outgoingEmails.headers,
      outgoingEmails.attachments,
    ],
    other: [
      outgoingEmails.kind,
      outgoingEmails.status,
      outgoingEmails.lastError,
      outgoingEmails.providerMessageId,
      outgoingEmails.sentAt,
      outgoingEmails.createdAt,
      outgoingEmails.updatedAt,
    ],
    found:
      "sent to the address; naming it as a whole address (not inside a longer one: erasing v@example.co leaves anna.v@example.com's mail); or the copies of her documents e-mailed to others (a tenant's copy of a gas safety record)",
    rules: {
      log: { action: "delete", rows: "all of them (the answer to the request is sent after, and forgets the address once sent)" },
    },
  },
  campaignRecipients: {
    table: campaignRecipients,
    personal: [campaignRecipients.email],
    other: [
      campaignRecipients.status,
      campaignRecipients.lastError,
      campaignRecipients.queuedAt,
      campaignRecipients.sentAt,
      campaignRecipients.providerMessageId,
      campaignRecipients.updatedAt,
    ],
    found: "by the address",
    rules: {
      recipient: {
        action: "blank",
        rows: "all of them",
        columns: [campaignRecipients.email],
        why: "the campaign's counts (sent, failed) stay true without saying who",
      },
    },
  },
  emailSubscribers: {
    table: emailSubscribers,
    personal: [emailSubscribers.email, emailSubscribers.consentSource, emailSubscribers.consentText],
    other: [
      emailSubscribers.status,
      emailSubscribers.signedUpAt,
      emailSubscribers.confirmedAt,
      emailSubscribers.confirmationRequestedAt,
      emailSubscribers.unsubscribedAt,
    ],
    found: "by the address",
    rules: { signup: { action: "delete", rows: "the entry, with its consent evidence" } },
  },
  accountSignInLinks: {
    table: accountSignInLinks,
    personal: [accountSignInLinks.email],
    other: [accountSignInLinks.tokenHash, accountSignInLinks.expiresAt, accountSignInLinks.usedAt, accountSignInLinks.createdAt],
    found: "by the address",
    rules: { links: { action: "delete", rows: "all of them" } },
  },
  accountSessions: {
    table: accountSessions,
    personal: [accountSessions.email],
    other: [accountSessions.tokenHash, accountSessions.expiresAt, accountSessions.revokedAt, accountSessions.createdAt],
    found: "by the address",
    rules: { sessions: { action: "delete", rows: "all of them: every browser is signed out" } },
  },
  chatMessages: {
    table: chatMessages,
    personal: [chatMessages.message],
    other: [chatMessages.sessionId, chatMessages.sender, chatMessages.timestamp, chatMessages.createdAt],
    found:
      "the conversations handed over to a person from the address (its call-back requests name them); a conversation never handed over names nobody, and goes 12 months after its last message",
    rules: { handedOver: { action: "delete", rows: "those conversations" } },
  },
  bookings: {
    table: bookings,
    personal: [
      bookings.name,
      bookings.email,
      bookings.phone,
      bookings.postcode,
      bookings.address,
      bookings.notes,
      bookings.reference,
    ],
    other: [
      bookings.service,
      bookings.startsAt,
      bookings.endsAt,
      bookings.status,
      bookings.source,
      bookings.cancelledAt,
      bookings.createdAt,
      bookings.updatedAt,
    ],
    found: "by the address, the account's customers or their visits",
    rules: { bookings: { action: "delete", rows: "all of them, past and future" } },
  },
  serviceReminders: {
    table: serviceReminders,
    personal: [serviceReminders.reason],
    other: [serviceReminders.kind, serviceReminders.dueDate, serviceReminders.outcome, serviceReminders.createdAt],
    found: "by the account's customers and visits",
    rules: { reminders: { action: "delete", rows: "all of them" } },
  },
  serviceRecords: {
    table: serviceRecords,
    personal: [serviceRecords.workCompleted, serviceRecords.partsUsed, serviceRecords.description, serviceRecords.notes],
    other: [
      serviceRecords.serviceType,
      serviceRecords.equipmentType,
      serviceRecords.equipmentModel,
      serviceRecords.status,
      serviceRecords.serviceDate,
      serviceRecords.technicianName,
      serviceRecords.nextServiceDue,
      serviceRecords.visitStart,
      serviceRecords.visitEnd,
      serviceRecords.createdAt,
    ],
    found: "the account's customers', at their properties, or booked from their quote requests",
    rules: {
      visits: {
        action: "delete",
        rows: "all of them, past and future (a booked time is freed); the issued documents and invoices of a visit keep what they say",
      },
    },
  },
  visitSheets: {
    table: visitSheets,
    personal: [
      visitSheets.workDone,
      visitSheets.advice,
      visitSheets.signature,
      visitSheets.signedName,
      visitSheets.photos,
      visitSheets.parts,
    ],
    other: [visitSheets.arrivedAt, visitSheets.finishedAt, visitSheets.updatedAt],
    found: "the account's visits'; its photos are R2 objects (personalObjects)",
    rules: { sheets: { action: "delete", rows: "with the visit", cascade: "service_records" } },
  },
  bookingCells: {
    table: bookingCells,
    personal: [],
    other: [bookingCells.cell],
    found: "the account's visits'",
    rules: { time: { action: "delete", rows: "with the visit: the time is free again", cascade: "service_records" } },
  },
  enquiries: {
    table: enquiries,
    personal: [
      enquiries.name,
      enquiries.phone,
      enquiries.email,
      enquiries.postcode,
      enquiries.message,
      enquiries.notes,
      enquiries.urgentReason,
    ],
    other: [enquiries.service, enquiries.repliedAt, enquiries.chatSessionId, enquiries.createdAt],
    found: "by the address",
    rules: { requests: { action: "delete", rows: "all of them" } },
  },
  invoices: {
    table: invoices,
    personal: [invoices.lines, invoices.notes, invoices.snapshot, invoices.voidReason],
    other: [
      invoices.status,
      invoices.supplyDate,
      invoices.issueDate,
      invoices.dueDate,
      invoices.paidAt,
      invoices.checkoutSessionId,
      invoices.voidedAt,
      invoices.pdfKey,
      invoices.pdfSha256,
      invoices.issuedAt,
      invoices.createdAt,
      invoices.updatedAt,
    ],
    found: "the account's customers'",
    rules: {
      drafts: { action: "delete", rows: "drafts (never sent to anyone)" },
      issued: { action: "keep", rows: "issued and void ones", why: whyRecord("invoices") },
    },
  },
  invoicePayments: {
    table: invoicePayments,
    personal: [invoicePayments.reference],
    other: [
      invoicePayments.method,
      invoicePayments.paidOn,
      invoicePayments.stripeSessionId,
      invoicePayments.refundReason,
      invoicePayments.createdAt,
    ],
    found: "the account's invoices'",
    rules: { payments: { action: "keep", rows: "all of them (a draft has none)", why: whyRecord("invoices") } },
  },
  invoiceRefunds: {
    table: invoiceRefunds,
    personal: [invoiceRefunds.reference],
    other: [invoiceRefunds.method, invoiceRefunds.refundedOn, invoiceRefunds.stripeRefundId, invoiceRefunds.createdAt],
    found: "the account's invoices'",
    rules: { refunds: { action: "keep", rows: "all of them", why: whyRecord("invoices") } },
  },
  creditNotes: {
    table: creditNotes,
    personal: [creditNotes.lines, creditNotes.reason, creditNotes.snapshot],
    other: [creditNotes.issueDate, creditNotes.pdfKey, creditNotes.pdfSha256, creditNotes.issuedAt, creditNotes.createdAt],
    found: "the account's invoices'",
    rules: { notes: { action: "keep", rows: "all of them (always issued)", why: whyRecord("invoices") } },
  },
  invoiceEvents: {
    table: invoiceEvents,
    personal: [invoiceEvents.detail],
    other: [invoiceEvents.kind, invoiceEvents.at],
    found: "the account's invoices'",
    rules: {
      sentTo: {
        action: "blank",
        rows: "of a kept invoice, each 'sent' (its detail is the address it went to)",
        columns: [invoiceEvents.detail],
        why: "the invoice's history keeps when it was sent, not to which address",
      },
      history: { action: "keep", rows: "the rest of a kept invoice's history", why: whyRecord("invoices") },
    },
  },
  gasSafetyRecords: {
    table: gasSafetyRecords,
    personal: [gasSafetyRecords.details, gasSafetyRecords.snapshot],
    other: [
      gasSafetyRecords.status,
      gasSafetyRecords.checkDate,
      gasSafetyRecords.previousDeadline,
      gasSafetyRecords.nextDueDate,
      gasSafetyRecords.tenantCopyGivenAt,
      gasSafetyRecords.pdfKey,
      gasSafetyRecords.pdfSha256,
      gasSafetyRecords.issuedAt,
      gasSafetyRecords.createdAt,
      gasSafetyRecords.updatedAt,
    ],
    found: "the account's customers' or at their properties",
    rules: {
      drafts: { action: "delete", rows: "drafts" },
      issued: { action: "keep", rows: "issued ones", why: whyRecord("safetyRecords") },
    },
  },
  warningNotices: {
    table: warningNotices,
    personal: [warningNotices.snapshot],
    other: [
      warningNotices.classification,
      warningNotices.pdfKey,
      warningNotices.pdfSha256,
      warningNotices.issuedAt,
      warningNotices.createdAt,
    ],
    found: "the account's customers'",
    rules: { notices: { action: "keep", rows: "all of them (always issued)", why: whyRecord("safetyRecords") } },
  },
  serviceSheets: {
    table: serviceSheets,
    personal: [serviceSheets.details, serviceSheets.snapshot],
    other: [
      serviceSheets.status,
      serviceSheets.serviceDate,
      serviceSheets.nextServiceDate,
      serviceSheets.pdfKey,
      serviceSheets.pdfSha256,
      serviceSheets.issuedAt,
      serviceSheets.createdAt,
      serviceSheets.updatedAt,
    ],
    found: "the account's customers' or at their properties",
    rules: {
      drafts: { action: "delete", rows: "drafts" },
      issued: { action: "keep", rows: "issued ones", why: whyRecord("serviceSheets") },
    },
  },
  quotes: {
    table: quotes,
    personal: [quotes.title, quotes.declineReason, quotes.cancelReason],
    other: [
      quotes.status,
      quotes.validUntil,
      quotes.sentAt,
      quotes.viewedAt,
      quotes.declinedAt,
      quotes.cancelledAt,
      quotes.createdAt,
      quotes.updatedAt,
    ],
    found: "the account's customers'",
    rules: {
      unaccepted: {
        action: "delete",
        rows: "every quote never accepted (drafts, sent, declined, expired), with its versions and history",
      },
      reasons: {
        action: "blank",
        rows: "accepted ones (cancelled later or not)",
        columns: [quotes.declineReason, quotes.cancelReason],
        why: "the contract needs the fact and date of a cancellation, not the customer's words",
      },
    },
  },
  quoteVersions: {
    table: quoteVersions,
    personal: [quoteVersions.content],
    other: [quoteVersions.sentAt, quoteVersions.createdAt],
    found: "the account's quotes'",
    rules: {
      unaccepted: { action: "delete", rows: "with a quote never accepted", cascade: "estimates" },
      contract: { action: "keep", rows: "of an accepted quote", why: whyRecord("acceptedQuotes") },
    },
  },
  quoteAcceptances: {
    table: quoteAcceptances,
    personal: [
      quoteAcceptances.name,
      quoteAcceptances.signature,
      quoteAcceptances.ipAddress,
      quoteAcceptances.userAgent,
      quoteAcceptances.snapshot,
    ],
    other: [
      quoteAcceptances.optionId,
      quoteAcceptances.optionalLineIds,
      quoteAcceptances.contentSha256,
      quoteAcceptances.noticeVersion,
      quoteAcceptances.acceptedAt,
      quoteAcceptances.pdfKey,
      quoteAcceptances.pdfSha256,
      quoteAcceptances.depositSessionId,
    ],
    found: "the account's quotes'",
    rules: {
      evidence: {
        action: "blank",
        rows: "all of them (only an accepted quote has one)",
        columns: [quoteAcceptances.signature, quoteAcceptances.ipAddress, quoteAcceptances.userAgent],
        why: "the contract is what was agreed, by which name, when (its PDF prints those, not the drawn signature); where it was signed from is not needed to keep it",
      },
      contract: { action: "keep", rows: "the name, what was accepted and when, the PDF", why: whyRecord("acceptedQuotes") },
    },
  },
  quoteEvents: {
    table: quoteEvents,
    personal: [quoteEvents.detail],
    other: [quoteEvents.kind, quoteEvents.at],
    found: "the account's quotes'",
    rules: {
      unaccepted: { action: "delete", rows: "of a quote never accepted", cascade: "estimates" },
      words: {
        action: "blank",
        rows: "of an accepted quote, each 'declined' or 'cancelled' (its detail is the customer's reason)",
        columns: [quoteEvents.detail],
        why: "as the quote's own reasons",
      },
      history: { action: "keep", rows: "the rest of an accepted quote's history", why: whyRecord("acceptedQuotes") },
    },
  },
  quotePayments: {
    table: quotePayments,
    personal: [quotePayments.reference, quotePayments.refundReference],
    other: [
      quotePayments.method,
      quotePayments.paidOn,
      quotePayments.stripeSessionId,
      quotePayments.stripePaymentIntent,
      quotePayments.refundReason,
      quotePayments.refundedAt,
      quotePayments.refundMethod,
      quotePayments.createdAt,
    ],
    found: "the account's quotes'",
    rules: {
      unaccepted: { action: "delete", rows: "with a quote never accepted (none is ever paid)", cascade: "estimates" },
      deposits: { action: "keep", rows: "of an accepted quote", why: whyRecord("invoices") },
    },
  },
  properties: {
    table: properties,
    personal: [properties.address, properties.postcode, properties.tenantName, properties.tenantEmail, properties.tenantPhone],
    other: [properties.createdAt],
    found: "the account's customers'; also another customer's property whose tenant has the address",
    rules: {
      asTenant: {
        action: "blank",
        rows: "another customer's property whose tenant's e-mail is the address",
        columns: [properties.tenantName, properties.tenantEmail, properties.tenantPhone],
        why: "the landlord's property stays theirs; the tenant's details were hers",
      },
      named: {
        action: "blank",
        rows: "the account's properties that a kept record names (by its property)",
        columns: [properties.tenantName, properties.tenantEmail, properties.tenantPhone],
        why: "the address stays beside the records that print it; the tenant's details are not needed to keep them",
      },
      others: { action: "delete", rows: "the account's other properties, with their appliances" },
    },
  },
  appliances: {
    table: appliances,
    personal: [],
    other: [
      appliances.location,
      appliances.type,
      appliances.make,
      appliances.model,
      appliances.serial,
      appliances.flueType,
      appliances.createdAt,
    ],
    found: "the account's properties'",
    rules: {
      withProperty: { action: "delete", rows: "with a deleted property", cascade: "properties" },
      kept: {
        action: "keep",
        rows: "of a kept property",
        why: "a boiler's make, model and serial number say nothing about a person; they stay with the address they are at",
      },
    },
  },
  customers: {
    table: customers,
    personal: [
      customers.firstName,
      customers.lastName,
      customers.email,
      customers.phone,
      customers.address,
      customers.postcode,
      customers.checkReason,
    ],
    other: [customers.remindersOptedOutAt, customers.createdAt],
    found: "by the address, in any letter case: they are the account",
    rules: {
      free: { action: "delete", rows: `every customer of the account but ${KEPT_CUSTOMER}` },
      kept: {
        action: "blank",
        rows: KEPT_CUSTOMER,
        columns: [customers.email, customers.phone, customers.checkReason],
        why: "the name and address stay, as those records print them, to find them; the e-mail address and phone number go, and no reminder is sent again",
      },
    },
  },
  orders: {
    table: orders,
    personal: [orders.customerName, orders.customerEmail, orders.customerPhone, orders.shippingAddress, orders.notes],
    other: [
      orders.id,
      orders.sessionId,
      orders.paymentMethod,
      orders.paymentStatus,
      orders.fulfilmentStatus,
      orders.stripeSessionId,
      orders.paidAt,
      orders.paidBy,
      orders.courier,
      orders.trackingReference,
      orders.stockState,
      orders.holdExpiresAt,
      orders.createdAt,
      orders.updatedAt,
    ],
    found: "by the address",
    rules: {
      contact: {
        action: "blank",
        rows: "all of them",
        columns: [orders.customerEmail, orders.customerPhone, orders.notes],
        why: whyRecord("orders"),
      },
      sale: { action: "keep", rows: "the name, delivery address and what was sold", why: whyRecord("orders") },
    },
  },
  accountErasureRequests: {
    table: accountErasureRequests,
    personal: [accountErasureRequests.email, accountErasureRequests.reason],
    other: [
      accountErasureRequests.status,
      accountErasureRequests.requestedAt,
      accountErasureRequests.settledAt,
      accountErasureRequests.outcome,
    ],
    found: "the request being settled",
    rules: {
      request: {
        action: "blank",
        rows: "the request being settled: its address becomes the address's SHA-256",
        columns: [accountErasureRequests.email, accountErasureRequests.reason],
        why: "what was erased and when stays as evidence (accountability, art. 5(2)); the hash tells the address again only to someone who already has it, so an erasure can be applied again to a backup restored from before it",
      },
    },
  },
} as const satisfies Record<string, PersonalTable>;

/** R2 objects that hold a person's data, by key prefix; test/erasure.test.ts holds every object to one. */
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
