import type { BenchmarkServiceEntry } from "./benchmark-records";
import { type ContactChannel, contactChannels, customerFields } from "./customers";
import { emailAddress } from "./fields";
import type { AccountNotification } from "./installations";
import type { PaymentMethod } from "./payment-methods";
import { z } from "./z";

/**
 * The customer's own page (/account): signed in by a link e-mailed to their address, every
 * customer with that address is one account. Contracts of /api/account.
 */
export const accountSignInSchema = z.object({ email: emailAddress() });

export const accountSessionSchema = z.object({
  token: z
    .string({ error: "The sign-in link is incomplete. Please open it again from the e-mail." })
    .regex(/^[\w-]{43}$/, "The sign-in link is incomplete. Please open it again from the e-mail."),
});

/** PATCH /api/account/properties/:id/tenant: the landlord lets the tenant book the check, or stops. */
export const accountTenantSchema = z.object({
  mayBook: z.boolean({ error: "Whether the tenant may book must be yes or no" }),
});

export const accountPreferencesSchema = z
  .object({
    /** Service reminders by e-mail (the annual service, the gas safety check). */
    reminders: z.boolean({ error: "Reminders must be on or off" }).optional(),
    /** The deals list: on sends the confirmation e-mail (confirmed opt-in); off leaves the list. */
    deals: z.boolean({ error: "The deals list must be on or off" }).optional(),
    /** How service messages reach every customer of the account: e-mail, text, or both. */
    channel: z.enum(contactChannels, { error: "Choose e-mail, text or both" }).optional(),
  })
  .refine((p) => p.reminders !== undefined || p.deals !== undefined || p.channel !== undefined, "Say which preference to change");

export const accountErasureSchema = z.object({
  reason: z.string().trim().max(1000, "Please keep the reason under 1,000 characters").optional(),
});

export type AccountVisit = {
  /** The visit's own id (a service record). */
  id: number;
  service: string;
  date: string;
  start: string | null;
  end: string | null;
  status: "completed" | "in-progress" | "scheduled" | "pending";
  address: string | null;
  /** What was done (past visits). */
  notes: string | null;
  /** The booking's page to move or cancel it (its own rules: not within 24 hours). */
  manageUrl: string | null;
  reference: string | null;
};

export type AccountDocument = {
  /** The kind's name, as registered, and what it is for people ("Gas safety record"). */
  kind: string;
  title: string;
  number: string | null;
  date: string;
  nextDueDate: string | null;
  /** A warning notice's classification, for people ("Immediately Dangerous", "At Risk"). */
  classification: string | null;
  pdfUrl: string;
  /** A Benchmark checklist's service record: its boiler's later services, oldest first. */
  serviceRecord?: BenchmarkServiceEntry[];
};

export type AccountProperty = {
  id: number;
  address: string;
  postcode: string | null;
  appliances: { location: string; type: string; make: string | null; model: string | null }[];
  /** The latest gas safety record and service sheet, each with its PDF. */
  lastGasSafetyRecord: AccountDocument | null;
  lastServiceSheet: AccountDocument | null;
  documents: AccountDocument[];
  /** The next gas safety check (12 months from the last), when there has been one. */
  nextDeadline: string | null;
  /** /book for the check at this property, filled in. */
  bookUrl: string;
  /** Its tenant, when they have an e-mail (so an account of their own): whether they may book the check. */
  tenant: { name: string | null; mayBook: boolean } | null;
};

/**
 * A home the signed-in address rents (it is the property's tenant's e-mail): its address and the gas
 * safety paperwork its tenant sees, read-only. Nothing of the landlord.
 */
export type AccountHome = {
  id: number;
  address: string;
  postcode: string | null;
  /** Its gas safety records and their warning notices, newest first, each with its PDF. */
  documents: AccountDocument[];
  /** The next gas safety check, from the latest record shown. */
  nextDeadline: string | null;
  /** /book for the check here, filled in, when the landlord lets the tenant book it; else null. */
  bookUrl: string | null;
};

export type AccountQuote = {
  number: string | null;
  title: string;
  status: "sent" | "viewed" | "accepted" | "declined" | "expired" | "cancelled";
  validUntil: string;
  sentAt: string | null;
  /** The quote's page (see, accept, pay the deposit). */
  url: string;
};

export type AccountInvoice = {
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  grossPence: number;
  balancePence: number;
  status: "issued" | "void";
  paid: boolean;
  overdue: boolean;
  /** The invoice's page (pay by card) and its PDF. */
  url: string;
  pdfUrl: string;
  /** Credit notes issued against it, oldest first, each with its PDF. */
  creditNotes: AccountCreditNote[];
  /** The payments on it, oldest first (each was e-mailed its receipt; a receipt has no PDF of its own). */
  payments: AccountPayment[];
};

export type AccountCreditNote = { number: string; issueDate: string; grossPence: number; reason: string; pdfUrl: string };

export type AccountPayment = { id: number; amountPence: number; method: PaymentMethod; paidOn: string };

export type AccountOrder = {
  number: string | null;
  placedAt: string;
  totalPence: number;
  paymentStatus: string;
  fulfilmentStatus: string;
  courier: string | null;
  trackingReference: string | null;
  items: { name: string; quantity: number }[];
};

/**
 * The customer's own name and phone number, changed from the account: on every customer record
 * under the address (the e-mail address is the sign-in, and changes through the office).
 */
export const accountDetailsSchema = z.object({
  firstName: customerFields.firstName,
  lastName: customerFields.lastName,
  phone: customerFields.phone,
});

export type AccountDetails = { firstName: string; lastName: string; phone: string | null };

export type AccountSummary = {
  email: string;
  name: string;
  /**
   * The address is a customer's: the customer's view (visits, properties, money, details). False for
   * a tenant who is no customer of ours: then only `homes` (and their data) is theirs.
   */
  isCustomer: boolean;
  /** The homes the address rents from a landlord who is our customer (the tenant's view). */
  homes: AccountHome[];
  /** Null when the address has no customer record left (the office deleted it after sign-in). */
  details: AccountDetails | null;
  upcoming: AccountVisit[];
  past: AccountVisit[];
  properties: AccountProperty[];
  quotes: AccountQuote[];
  /** The Building Regulations notifications of the work we fitted, once their reference or certificate is known. */
  buildingRegs: AccountNotification[];
  invoices: AccountInvoice[];
  orders: AccountOrder[];
  preferences: {
    reminders: boolean;
    /** The deals list: active, pending (confirmation e-mail sent), or not on it. */
    deals: "active" | "pending" | "off";
    /** Service messages (booking, visit reminders, On my way, the review request): the account's first customer's choice. */
    channel: ContactChannel;
  };
  /** An open "Delete my account" request, when there is one. */
  erasureRequestedAt: string | null;
};

/** The back office's list of "Delete my account" requests (GET /api/admin/erasure-requests). */
export type AdminErasureRequest = {
  id: number;
  email: string;
  status: "open" | "done" | "refused";
  reason: string | null;
  requestedAt: string;
  settledAt: string | null;
  outcome: string | null;
  /** How many customers have the address (all of them are the account). */
  customers: number;
};

/** POST /api/admin/erasure-requests/:id/refuse: why, in words the customer is sent. */
export const refuseErasureSchema = z.object({
  outcome: z
    .string({ error: "Say why, for the customer" })
    .trim()
    .min(10, "Say why, for the customer")
    .max(2000, "Please keep it under 2,000 characters"),
});
