import { parsePriceToPence } from "../format";
import { customerInputSchema } from "./customers";
import { isoDate, optionalText } from "./fields";
import { adminListQuerySchema } from "./lists";
import { z } from "./z";

/** Service records (visits): the form's contract, the list's tabs and what it answers. */

export type AdminServiceRecord = {
  id: number;
  customerId: number | null;
  /** "First Last" of the linked customer; null when none (the screen shows "Unknown Customer"). */
  customerName: string | null;
  customerEmail: string | null;
  serviceType: string;
  equipmentType: string | null;
  equipmentModel: string | null;
  status: "completed" | "in-progress" | "scheduled" | "pending";
  /** ISO date, yyyy-mm-dd. */
  serviceDate: string;
  technicianName: string | null;
  /** Decimal text ("85.00"), or null when not recorded. */
  cost: string | null;
  workCompleted: string | null;
  partsUsed: string | null;
  nextServiceDue: string | null;
  description: string | null;
  notes: string | null;
  quoteId: number | null;
};

export const serviceRecordTabs = ["active", "scheduled", "pending"] as const;

export const serviceRecordListQuerySchema = adminListQuerySchema.extend({
  tab: z.enum(serviceRecordTabs, { error: "The tab must be active, scheduled or pending" }).optional(),
  customerId: z.coerce.number().int().positive().optional(),
});

export type ServiceRecordCounts = { all: number; active: number; scheduled: number; pending: number };

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
export { serviceTypes } from "../business";
