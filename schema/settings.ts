import { signupModal } from "./signup-modal";

/**
 * The periods and thresholds the product runs by, in one place: the cron, the services, the
 * privacy page and the tests all read these same numbers. Browser-safe (plain constants).
 */
export const settings = {
  retention: {
    /** Chat transcripts are deleted this long after their last message. */
    chatMonths: 12,
    /** Local copies of sent e-mail (the outbox) are deleted after this many days. */
    outboxDays: 90,
    /** Sign-in records of the back office are kept this long. */
    signInDays: 180,
    /** Carts nobody has touched for this long are emptied. */
    cartDays: 30,
    /** Unconfirmed sign-ups to the deals list are forgotten after this many days. */
    pendingSignupDays: 30,
    /** Invoices, payments and credit notes: the tax records HMRC asks a business to keep. */
    invoiceYears: 6,
    /** Who did what in the back office: as long as the records it is the history of (invoices' six years). */
    auditYears: 6,
    /** Gas safety records (reg. 36 asks landlords for two years; we keep the engineer's copy as long). */
    safetyRecordYears: 2,
  },
  facts: {
    /**
     * How long a data centre serves the owner's facts (phone, hours, prices, offers) from its cache.
     * A save deletes the copy where it runs, so the next page there shows it; other locations catch
     * up within this time. E-mails and chat answers use a copy at most `memorySeconds` old.
     */
    cacheSeconds: 300,
    memorySeconds: 30,
    /**
     * A page, once filled in, is answered from the isolate's memory for this long before the facts'
     * version is looked up again (a save in the same isolate drops it at once).
     */
    pageMemorySeconds: 5,
  },
  catalogue: {
    /**
     * How long a data centre serves the whole catalogue from its cache. Every product or stock write
     * deletes the cached copy where it runs; other locations catch up within this time, and no
     * order depends on it (orders and holds check stock in D1).
     */
    cacheSeconds: 30,
    /**
     * GET /api/products without a query answers the newest this many, with the full count in
     * X-Total-Count: the whole catalogue of a shop this size, the first pages of a large one (whose
     * store then pages and filters on the server).
     */
    firstPage: 120,
    /** A sale that takes a counted product to this many or fewer tells the owner (unless set per product). */
    lowStockDefault: 3,
    /** How long a card payment holds stock when Stripe never reports back (its session expires first). */
    cardHoldMinutes: 35,
  },
  reminders: {
    /** A service or gas-safety certificate is due this many days ahead: the customer is reminded then. */
    leadDays: 30,
    /** Landlords get a second reminder this many days before the due date if no visit is booked. */
    landlordFinalDays: 7,
    /** The cron sends reminders only between these hours, UK time (from 08:00, before 20:00). */
    sendFromHour: 8,
    sendUntilHour: 20,
    /**
     * Reminders decided per run (each a few D1 queries, inside the 1,000 an invocation may make);
     * the cron's next run, five minutes later, takes the next share (235: every task's worst share
     * together stays under 900 of the 1,000, decision 014).
     */
    perRun: 235,
    /** Due reminders listed on the Reminders screen (the soonest; the tab counts them all). */
    listDue: 100,
  },
  mail: {
    /** A recipient left "sending" this long without an answer is marked "unknown", never re-sent by itself. */
    sendingUnknownAfterMinutes: 15,
    /** A waiting e-mail whose queue message went missing is enqueued again after this long. */
    requeueAfterMinutes: 15,
    /**
     * Messages handed to the Queue per invocation (a send, a cron run): each sendBatch carries 100,
     * so this many is 100 calls, far inside an invocation's subrequests. A larger campaign goes
     * out over the next cron runs, five minutes apart, as its rows wait "pending" in D1.
     */
    enqueuePerRun: 10_000,
  },
  campaigns: {
    /** "Customers with a service due": the customer's latest visit names a next service within this many days either side of today. */
    serviceDueDays: 60,
  },
  /**
   * Per-address limits on every public write, and on the payment check (each one asks Stripe). A
   * visitor adds a few dozen items, places an order or two and sends one quote; these numbers leave
   * room for several people behind one address (an office, a mobile network) while stopping a script
   * within seconds.
   */
  addressLimits: {
    "cart-add": { limit: 60, windowSeconds: 60 },
    order: { limit: 10, windowSeconds: 3600 },
    "checkout-session": { limit: 20, windowSeconds: 3600 },
    quote: { limit: 10, windowSeconds: 3600 },
    booking: { limit: 10, windowSeconds: 3600 },
    "email-signup": { limit: 10, windowSeconds: 3600 },
    "verify-payment": { limit: 30, windowSeconds: 600 },
    "account-sign-in": { limit: 10, windowSeconds: 3600 },
    "account-session": { limit: 30, windowSeconds: 600 },
    /** An invitation's link, looked up and used (/admin/join): a person tries a few passwords, a script many links. */
    "team-join": { limit: 30, windowSeconds: 600 },
  },
  /**
   * How long a public link to a document opens it (worker/services/documents/link-rules.ts): till
   * the end of a London day worked out from where the document stands when the link is opened, so a
   * link e-mailed before an invoice was paid ends a year after the payment. Each kind also has a
   * link version the owner bumps to revoke every link given before ("Revoke links").
   */
  documentLinks: {
    /** A sent quote's link, after its valid-until date: time to reread what was offered, and to ask for it again. */
    quoteDaysAfterValid: 30,
    /**
     * An accepted (or cancelled) quote's link, after the 14-day cancellation period ends: the
     * customer cancels from it, pays the deposit from it and sees the refund on it. The later of
     * this and `quoteDaysAfterValid` counts, so accepting never shortens a link.
     */
    acceptedQuoteDaysAfterCancellation: 30,
    /** A paid invoice's link (and a void one's), after the payment (the voiding); an unpaid invoice's never ends. */
    invoiceDaysAfterPaid: 365,
    /** A credit note's link, after its issue date, and never before its invoice's. */
    creditNoteDays: 365,
    /**
     * A service sheet's link, after its issue: past the next annual service, when a warranty claim
     * or the next engineer asks for it. Gas safety records and warning notices have no end (a
     * landlord shows them to tenants and inspectors for two years and more); the owner revokes them.
     */
    serviceSheetDays: 400,
    /** A booking's link to see, move or cancel the visit, after the visit (MANAGE_LINK_DAYS_AFTER_VISIT). */
    bookingDaysAfterVisit: 30,
    /**
     * Any link works at least this long after it was made, whatever the document's own end: the
     * owner's screens and the customer's account page make a fresh one each time they show it, and
     * the one the owner sends after revoking must reach the customer working.
     */
    newLinkDays: 30,
  },
  /** The customer's own page (/account), signed in by an e-mailed link. */
  account: {
    /** A sign-in link works once, for this long. */
    linkMinutes: 15,
    /** A session lasts this long (then the customer asks for a new link). */
    sessionDays: 30,
    /** Links e-mailed to one address; past it, the form answers the same and nothing is sent. */
    linksPerAddress: { limit: 5, windowSeconds: 3600 },
  },
  /**
   * The chat: generous for a person typing (a reply takes a few seconds), tight enough that a script
   * cannot run up the Workers AI bill or fill D1. The per-address limits allow for an office or
   * household sharing one address.
   */
  /**
   * E-mails a public form sends to the address typed into it (a sign-up's confirmation, "already
   * signed up", a quote's acknowledgement, a booking's confirmation): whoever sends the form, from
   * however many addresses, one address gets at most one a burst and a few a day.
   */
  recipientLimits: {
    burst: { limit: 1, windowSeconds: 5 * 60 },
    day: { limit: 4, windowSeconds: 24 * 3600 },
  },
  chatLimits: {
    message: { session: { limit: 30, windowSeconds: 60 }, ip: { limit: 60, windowSeconds: 60 } },
    reply: { session: { limit: 12, windowSeconds: 60 }, ip: { limit: 30, windowSeconds: 60 } },
  },
  signupModal,
  adminLogin: {
    /** Failed sign-ins from one address (an IPv6 /64 counts as one address) before it must wait. */
    perAddress: { limit: 5, windowSeconds: 15 * 60 },
    /** Failed sign-ins for one username, from anywhere, before that username must wait. */
    perAccount: { limit: 10, windowSeconds: 15 * 60 },
    /** A browser that signed in before is exempt from the per-account limit but has its own. */
    perDevice: { limit: 10, windowSeconds: 15 * 60 },
    /** How long a browser stays known after its last sign-in. */
    deviceDays: 90,
    /**
     * While the account is under attack, an unknown browser does a proof of work of this many bits
     * (about 65,000 hashes: a second or two on a phone) instead of being refused; it is good for
     * `challengeSeconds`, once.
     */
    challengeBits: 16,
    challengeSeconds: 300,
    /** How long a browser the owner ticks "Remember this browser" on skips the code. */
    rememberSecondFactorDays: 30,
    /** The owner hears of an attack at most once in this many seconds. */
    attackAlertSeconds: 3600,
    /** How many sign-ins the Security screen lists. */
    recentSignIns: 20,
  },
  reviews: {
    /** A customer is invited to review at most once in this many days, whatever jobs they have. */
    daysBetween: 90,
    /** Only jobs begun this recently are asked about: the first run after set-up asks nobody from years ago. */
    jobsFromDays: 60,
    /** Requests sent per cron run (at most four D1 queries each), in the texting hours: 60 an hour. */
    perRun: 5,
  },
  sms: {
    /**
     * The most parts (each charged as one text: worker/services/sms/segments.ts) a text may take; a
     * longer one is not sent. Two parts hold 306 plain characters, enough for every service text.
     */
    maxSegments: 2,
    /** Texts are sent only between these hours, UK time (from 08:00, before 21:00). */
    sendFromHour: 8,
    sendUntilHour: 21,
    /**
     * Day-before reminders sent per cron run: one request to Twilio each, five D1 queries for the
     * whole share (three inserts of at most eleven rows: worker/services/sms/visit-reminders.ts).
     */
    remindersPerRun: 24,
    /**
     * A text Twilio could not take for a passing reason (its 5xx or 429, or no answer reached it) is
     * tried again after these minutes, one wait each, then given up (worker/services/sms/retries.ts);
     * never later than `retryWithinMinutes` after it was first sent (an "On my way" within
     * `onMyWayWithinMinutes`: later it would mislead). A refusal for good (an invalid number, one
     * that opted out at Twilio) is never tried again.
     */
    retryAfterMinutes: [5, 15, 45],
    retryWithinMinutes: 180,
    onMyWayWithinMinutes: 15,
    /** Texts tried again per cron run: two D1 queries for the whole share, one request each. */
    retriesPerRun: 10,
  },
} as const;
