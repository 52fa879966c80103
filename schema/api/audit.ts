import { isoDate } from "./fields";
import { listQuerySchema } from "./lists";
import { type PaperName, paperNames, papers } from "./papers";
import { z } from "./z";

/**
 * Who did what (issue 46, part 5): the owner's search of the back office's audit log, and one
 * record's history on its own screen (worker/services/audit/).
 */

/** Each paper drafted at a visit (./papers.ts) by its label. */
const paperLabels = Object.fromEntries(paperNames.map((name) => [name, papers[name].label])) as {
  [K in PaperName]: (typeof papers)[K]["label"];
};

/**
 * The kinds of record the log names, as the screens call them (worker/services/audit/kinds.ts says
 * how each is read); a route of another area is named by its segment.
 */
export const AUDIT_KIND_LABELS = {
  invoice: "Invoice",
  quote: "Quote",
  job: "Job",
  ...paperLabels,
  "warning-notice": "Warning notice",
  visit: "Visit",
  customer: "Customer",
  property: "Property",
  appliance: "Appliance",
  enquiry: "Enquiry",
  booking: "Booking",
  order: "Order",
  product: "Product",
  campaign: "Campaign",
  settings: "Settings",
  "sign-in": "Sign-in security",
} as const;

export type AuditKindName = keyof typeof AUDIT_KIND_LABELS;

/** Where the back office opens a record of a kind (under /admin), when it has a screen of its own. */
export const AUDIT_KIND_SCREENS: Partial<Record<string, (id: string) => string>> = {
  invoice: (id) => `/invoices/${id}`,
  quote: (id) => `/estimates/${id}`,
  job: (id) => `/jobs/${id}`,
  ...Object.fromEntries(paperNames.map((name) => [name, (id: string) => `/${papers[name].segment}/${id}`])),
  customer: (id) => `/customers/${id}`,
};

const recordKind = z
  .string({ error: "The kind must be text" })
  .trim()
  .regex(/^[a-z][a-z-]{0,39}$/, "Unknown kind of record");
const recordId = z.string({ error: "The record must be text" }).trim().min(1, "Which record?").max(64, "The record is too long");

/** GET /api/admin/audit: newest first, by person, kind, record, words of the summary and days (London). */
export const auditQuerySchema = listQuerySchema({ max: 100, defaultLimit: 30 })
  .extend({
    user: z.coerce.number({ error: "Unknown person" }).int("Unknown person").positive("Unknown person").optional(),
    kind: recordKind.optional(),
    record: recordId.optional(),
    from: isoDate("The first day").optional(),
    to: isoDate("The last day").optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "The first day is after the last", path: ["from"] });

export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/admin/audit/:kind/:id: one record's history ("job" gathers its quote, visits, documents and invoices). */
export const auditRecordParamSchema = z.object({ kind: recordKind, id: recordId });

export type AuditSnapshot = Record<string, string | number | boolean | null | object>;

export type AuditEntry = {
  id: number;
  at: string;
  userId: number;
  username: string;
  userName: string;
  method: string;
  route: string;
  path: string;
  recordKind: string | null;
  recordId: string | null;
  status: number;
  summary: string;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
};

/** Everyone the owner can filter by: the team, removed people included (their history stays). */
export type AuditPerson = { id: number; name: string; username: string; status: string };
