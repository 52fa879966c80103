import { parsePriceToPence } from "../format";
import { londonToday } from "../london-time";
import { customerInputSchema } from "./customers";
import { engineerFilterSchema, engineerIdsSchema, type VisitEngineer } from "./diary";
import { isoDate, isoDateTime, optionalText } from "./fields";
import { adminListQuerySchema } from "./lists";
import type { VisitPapers } from "./papers";
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
  enquiryId: number | null;
  /** The visit's time (ISO UTC); null when it is still to be agreed. */
  visitStart: string | null;
  visitEnd: string | null;
  /** The customer's booking reference when they have a link to see and change the visit. */
  bookingReference: string | null;
  /** Who does the visit: one engineer, or more for a two-person job. */
  engineers: VisitEngineer[];
  /** Where the visit is, when the customer has properties. */
  propertyId: number | null;
  /** The job this visit is part of (schema/api/jobs.ts). */
  jobId: number | null;
  // And the visit's latest paper of each kind (./papers.ts), if one was started.
} & VisitPapers;

export const serviceRecordTabs = ["active", "scheduled", "pending"] as const;

export const serviceRecordListQuerySchema = adminListQuerySchema.extend({
  tab: z.enum(serviceRecordTabs, { error: "The tab must be active, scheduled or pending" }).optional(),
  customerId: z.coerce.number().int().positive().optional(),
  engineer: engineerFilterSchema,
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
  enquiryId: z.number().int().positive().nullable(),
  /** Which of the customer's properties the visit is at (their first, their home, when not said). */
  propertyId: z.number({ error: "Choose the property" }).int("Choose the property").positive("Choose the property").nullable(),
  /** The visit's time: both, or neither (the time is still to be agreed and holds no one's diary). */
  visitStart: isoDateTime("The start time").nullable(),
  visitEnd: isoDateTime("The end time").nullable(),
  /** A visit booked at a time e-mails the customer a confirmation (with a link to change it) unless this is false. */
  notifyCustomer: z.boolean({ error: "notifyCustomer must be true or false" }),
  /** Who does the visit; a new one without: the signed-in engineer, else the owner. */
  engineers: engineerIdsSchema,
};

/** A visit longer than this is two visits. */
export const MAX_VISIT_HOURS = 12;

type RecordRules = {
  status?: string;
  serviceDate?: string;
  nextServiceDue?: string | null;
  visitStart?: string | null;
  visitEnd?: string | null;
};

/**
 * What a record may not say, whatever else is sent: a completed visit in the future, a next due
 * date on or before the visit, a time with no end or ending before it starts. For an edit the
 * stored values fill in what is not sent (the Worker checks again with them).
 */
export function recordRuleProblems(v: RecordRules, today: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (v.status === "completed" && v.serviceDate && v.serviceDate > today)
    problems.push({ path: "serviceDate", message: "A completed visit cannot be in the future: check the date or the status" });
  if (v.nextServiceDue && v.serviceDate && v.nextServiceDue <= v.serviceDate)
    problems.push({ path: "nextServiceDue", message: "The next service must be after this visit" });
  if ((v.visitStart == null) !== (v.visitEnd == null))
    problems.push({
      path: v.visitStart == null ? "visitStart" : "visitEnd",
      message: "Give the visit a start and an end time, or neither",
    });
  else if (v.visitStart && v.visitEnd) {
    const length = Date.parse(v.visitEnd) - Date.parse(v.visitStart);
    if (length <= 0) problems.push({ path: "visitEnd", message: "The visit must end after it starts" });
    else if (length > MAX_VISIT_HOURS * 3_600_000)
      problems.push({ path: "visitEnd", message: `A visit can last ${MAX_VISIT_HOURS} hours at most` });
  }
  return problems;
}

const refineRecord = (v: RecordRules, ctx: z.RefinementCtx) => {
  for (const problem of recordRuleProblems(v, londonToday()))
    ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
};

/** A customer picked from the list (`customerId`) or created in the same form (`newCustomer`). */
export const serviceRecordInputSchema = z
  .object({
    ...serviceRecordFields,
    customerId: serviceRecordFields.customerId.optional(),
    equipmentType: serviceRecordFields.equipmentType.optional(),
    nextServiceDue: serviceRecordFields.nextServiceDue.optional(),
    enquiryId: serviceRecordFields.enquiryId.optional(),
    propertyId: serviceRecordFields.propertyId.optional(),
    visitStart: serviceRecordFields.visitStart.optional(),
    visitEnd: serviceRecordFields.visitEnd.optional(),
    notifyCustomer: serviceRecordFields.notifyCustomer.default(true),
    engineers: serviceRecordFields.engineers.optional(),
    newCustomer: customerInputSchema.optional(),
    /** Another visit of this job (its customer's, at its property unless another is chosen); else a job of its own. */
    jobId: z.number({ error: "Choose the job" }).int().positive("Choose the job").optional(),
  })
  .refine((v) => !(v.customerId && v.newCustomer), {
    message: "Choose a customer or create one, not both",
    path: ["newCustomer"],
  })
  .refine((v) => !(v.jobId && v.newCustomer), {
    message: "A job's visit is for the job's customer",
    path: ["jobId"],
  })
  .superRefine(refineRecord);

export const serviceRecordPatchSchema = z
  .object({ ...serviceRecordFields, newCustomer: customerInputSchema })
  .partial()
  .refine((v) => Object.keys(v).filter((k) => k !== "notifyCustomer").length > 0, "Nothing to change was sent.")
  .superRefine(refineRecord);

export type ServiceRecordInput = z.input<typeof serviceRecordInputSchema>;

export type NewServiceRecord = z.output<typeof serviceRecordInputSchema>;

export type ServiceRecordChanges = z.output<typeof serviceRecordPatchSchema>;
export { serviceTypes } from "../business";

/** GET /api/admin/service-records/free-times: the diary's free times for a visit of this length (anyone's, or the chosen engineers'). */
export const ownerFreeTimesQuerySchema = z.object({
  minutes: z.coerce
    .number({ error: "minutes must be a number" })
    .int()
    .min(15, "A visit is at least 15 minutes")
    .max(MAX_VISIT_HOURS * 60, `A visit is ${MAX_VISIT_HOURS} hours at most`)
    .refine((m) => m % 15 === 0, "A visit's length is a number of quarter hours"),
  from: isoDate("from").optional(),
  days: z.coerce.number().int().min(1, "days is between 1 and 31").max(31, "days is between 1 and 31").default(1),
  /**
   * `engineer=<id>`, repeated for a two-person job: the times every one of them is free; without
   * it, anyone's on the team who does the work.
   */
  engineer: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : [v]),
      z.array(engineerFilterSchema.unwrap()).max(6, "A visit has at most six engineers"),
    )
    .optional(),
});

/** How long a visit of each kind usually takes, in minutes: the first suggestion of the form. */
export const usualVisitMinutes: Record<string, number> = {
  "Annual Boiler Service": 60,
  "Gas Safety Certificate (CP12)": 45,
  "Boiler Repair": 90,
  "Boiler Installation": 480,
  "Power Flush": 240,
  "Radiator Replacement": 120,
  "Central Heating Upgrade": 480,
  "Emergency Call-out": 90,
  Plumbing: 90,
};
