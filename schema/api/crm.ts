import { serviceTypes } from "../business";
import { parsePriceToPence } from "../format";
import { listQuerySchema } from "./lists";
import { normalisePostcode } from "./quotes";
import { z } from "./z";

/**
 * The back office's working lists and records: search and paging for every list, customers,
 * service records, quote notes and bulk replies, the home screen's counts. One zod schema per form,
 * shared by the screen and the Worker.
 */

/** ?q=&limit=&offset= on every admin list; the answer stays an array, the full count in X-Total-Count. */
export const adminListQuerySchema = listQuerySchema();
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const quoteStates = ["new", "pending", "replied"] as const;
export const quoteListQuerySchema = adminListQuerySchema.extend({
  state: z.enum(quoteStates, { error: "The state must be new, pending or replied" }).optional(),
});
export type QuoteCounts = { new: number; pending: number; replied: number; all: number };

export const serviceRecordTabs = ["active", "scheduled", "pending"] as const;
export const serviceRecordListQuerySchema = adminListQuerySchema.extend({
  tab: z.enum(serviceRecordTabs, { error: "The tab must be active, scheduled or pending" }).optional(),
  customerId: z.coerce.number().int().positive().optional(),
});
export type ServiceRecordCounts = { all: number; active: number; scheduled: number; pending: number };

export const orderListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(["new", "confirmed", "dispatched", "completed", "cancelled"], { error: "Unknown order status" }).optional(),
});

// ---- Customers -----------------------------------------------------------------------------

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => v || null);

export const customerFields = {
  firstName: z
    .string({ error: "Please enter a first name" })
    .trim()
    .min(1, "Please enter a first name")
    .max(60, "The first name is too long"),
  lastName: z
    .string({ error: "Please enter a last name" })
    .trim()
    .min(1, "Please enter a last name")
    .max(60, "The last name is too long"),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  phone: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .max(20, "Please enter a valid phone number")
    .regex(/^(\+?[0-9 ()-]{10,20})?$/, "Please enter a valid phone number")
    .nullish()
    .transform((v) => v || null),
  address: optionalText("The address", 300),
  postcode: z
    .string({ error: "Please enter a valid UK postcode" })
    .trim()
    .max(10, "Please enter a valid UK postcode")
    .nullish()
    .transform((v) => (v ? normalisePostcode(v) : null)),
  isLandlord: z.boolean({ error: "Landlord must be true or false" }),
};

export const customerInputSchema = z.object({ ...customerFields, isLandlord: customerFields.isLandlord.default(false) });
export const customerPatchSchema = z
  .object(customerFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");
export type CustomerInput = z.input<typeof customerInputSchema>;
export type NewCustomer = z.output<typeof customerInputSchema>;
export type CustomerChanges = z.output<typeof customerPatchSchema>;

/** One thing the business has had with a customer, for the customer page's timeline (newest first). */
export type TimelineEntry = {
  kind: "quote" | "order" | "service" | "chat" | "subscription";
  at: string;
  title: string;
  detail: string | null;
  /** State words: "new", "replied", "paid", "scheduled", "active"… */
  status: string | null;
  /** The record's id where the screen can open it (a quote id, an order id, a service record id). */
  ref: string | null;
};

// ---- Service records -----------------------------------------------------------------------

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} is not a real date`,
    );

export const serviceRecordStatusList = ["completed", "in-progress", "scheduled", "pending"] as const;

export const serviceRecordFields = {
  customerId: z.number({ error: "Please choose a customer" }).int().positive().nullable(),
  serviceType: z
    .string({ error: "Please choose the kind of visit" })
    .trim()
    .min(1, "Please choose the kind of visit")
    .max(100, "The kind of visit is too long"),
  equipmentType: optionalText("The equipment type", 100),
  equipmentModel: optionalText("The equipment model", 100),
  status: z.enum(serviceRecordStatusList, { error: "The status must be completed, in-progress, scheduled or pending" }),
  serviceDate: isoDate("The service date"),
  technicianName: optionalText("The technician's name", 100),
  cost: z
    .union([z.string(), z.number()], { error: "The cost must be an amount in pounds, like 85.00" })
    .nullish()
    .transform((v) => (v == null || String(v).trim() === "" ? null : String(v).trim()))
    .refine((v) => v === null || parsePriceToPence(v) !== null, "The cost must be an amount in pounds, like 85.00")
    .transform((v) => (v === null ? null : parsePriceToPence(v))),
  workCompleted: optionalText("The work completed", 2000),
  partsUsed: optionalText("The parts used", 1000),
  nextServiceDue: isoDate("The next service date").nullable(),
  description: optionalText("The description", 2000),
  notes: optionalText("The notes", 2000),
  quoteId: z.number().int().positive().nullable(),
};

/** A customer picked from the list (`customerId`) or created in the same form (`newCustomer`). */
export const serviceRecordInputSchema = z
  .object({
    ...serviceRecordFields,
    customerId: serviceRecordFields.customerId.optional(),
    equipmentType: serviceRecordFields.equipmentType.optional(),
    nextServiceDue: serviceRecordFields.nextServiceDue.optional(),
    quoteId: serviceRecordFields.quoteId.optional(),
    newCustomer: customerInputSchema.optional(),
  })
  .refine((v) => !(v.customerId && v.newCustomer), {
    message: "Choose a customer or create one, not both",
    path: ["newCustomer"],
  });
export const serviceRecordPatchSchema = z
  .object({ ...serviceRecordFields, newCustomer: customerInputSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");
export type ServiceRecordInput = z.input<typeof serviceRecordInputSchema>;
export type NewServiceRecord = z.output<typeof serviceRecordInputSchema>;
export type ServiceRecordChanges = z.output<typeof serviceRecordPatchSchema>;
export { serviceTypes };

// ---- Quotes --------------------------------------------------------------------------------

export const quoteNotesSchema = z.object({ notes: optionalText("The notes", 2000) });
export const quoteIdsSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: "Choose the quotes" })
    .min(1, "Choose the quotes")
    .max(500, "At most 500 quotes at a time"),
});
/** POST /api/admin/quotes/replied and /unreplied: the quotes changed (for the Undo). */
export type QuotesChanged = { ids: number[] };

// ---- Orders --------------------------------------------------------------------------------

export { orderNumberText } from "../numbers";

// ---- Home screen ---------------------------------------------------------------------------

/** GET /api/admin/summary: what needs the owner today, each a count linking to its list. */
export type AdminSummary = {
  newQuotes: number;
  ordersToConfirm: number;
  ordersToDispatch: number;
  visitsThisWeek: number;
  remindersDue: number;
  lowStockProducts: number;
  failedCampaignSends: number;
};

// ---- Reminders -----------------------------------------------------------------------------

export type ReminderKind = "service" | "gas_safety" | "gas_safety_final";

/** GET /api/admin/reminders: what is due now (and what the next run will do), and the latest decisions. */
export type ReminderList = {
  due: {
    serviceRecordId: number;
    customerId: number;
    customerName: string;
    email: string;
    kind: ReminderKind;
    dueDate: string;
    /** Null when the next run will send it; otherwise why it will be skipped. */
    willSkipBecause: string | null;
  }[];
  sent: ReminderRecord[];
  skipped: ReminderRecord[];
};

export type ReminderRecord = {
  id: number;
  kind: ReminderKind;
  dueDate: string;
  outcome: "sent" | "skipped";
  reason: string | null;
  at: string;
  customerId: number | null;
  customerName: string | null;
  email: string | null;
  /** The e-mail's delivery state (queued, sending, sent, failed, unknown), for a sent reminder. */
  delivery: string | null;
};

/** The token of a reminder's opt-out link (GET /reminders/opt-out, POST /api/reminders/opt-out). */
export const reminderOptOutTokenSchema = z
  .string({ error: "The link is missing its token." })
  .trim()
  .min(1, "The link is missing its token.")
  .max(1000, "This link is not valid.");

/** POST /api/admin/reminders/run: how many were sent and skipped by this run. */
export type ReminderRunResult = { sent: number; skipped: number };
