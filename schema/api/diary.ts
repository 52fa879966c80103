import { WEEKDAYS, type Weekday } from "../london-time";
import type { BookableService } from "./bookings";
import { isoDateTime } from "./fields";
import { z } from "./z";

/**
 * Each engineer's diary (issue 46): who a visit is with, what a kind of work needs, each engineer's
 * week and blocked times (GET/PUT /api/admin/engineers/:id/hours, …/blocks), and the filters by
 * engineer. Shared by the Worker's validators and the diary screen.
 */

/**
 * The work an engineer is qualified for, as schema/db/team.ts lists it (schema/db/diary.ts holds the
 * two to the same words; the browser's bundle cannot import the database's schema).
 */
export type Qualification = "gas-domestic" | "unvented" | "plumbing" | "oil";

/** Who a visit is with, as every answer about a visit names them. */
export type VisitEngineer = { id: number; name: string };

/** What each online service needs of the engineer who does it: gas work on a boiler, or a G3 ticket for the cylinder. */
export const bookableServiceQualifications: Record<BookableService, Qualification> = {
  "annual-service": "gas-domestic",
  "boiler-repair": "gas-domestic",
  "gas-safety": "gas-domestic",
  "unvented-check": "unvented",
};

/**
 * What a kind of visit (schema/business.ts serviceTypes, or the owner's own words) needs: an
 * unvented cylinder is its own qualification (G3), oil is OFTEC's, plumbing needs no gas ticket;
 * anything else the firm sells is gas work.
 */
export function qualificationOf(serviceType: string): Qualification {
  const kind = serviceType.toLowerCase();
  if (/unvented|cylinder|\bg3\b/.test(kind)) return "unvented";
  if (/\boil\b/.test(kind)) return "oil";
  if (/plumb|leak|tap|toilet|bathroom|pipe/.test(kind)) return "plumbing";
  return "gas-domestic";
}

/** The engineers a visit is assigned to: at least one, each once. */
export const engineerIdsSchema = z
  .array(z.number({ error: "An engineer is chosen by their id" }).int().positive("An engineer is chosen by their id"), {
    error: "engineers is a list of the engineers' ids",
  })
  .min(1, "Choose at least one engineer")
  .max(6, "A visit has at most six engineers")
  .transform((ids) => [...new Set(ids)]);

/** `engineer=<id>` on the lists and the diary: only that engineer's visits. */
export const engineerFilterSchema = z.coerce
  .number({ error: "engineer is an engineer's id" })
  .int("engineer is an engineer's id")
  .positive("engineer is an engineer's id")
  .optional();

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are 24-hour, like 08:00 or 17:30");

/** One weekday: its hours, `null` for a day off every week; a weekday left out follows the business's hours. */
const workingDay = z
  .object({ start: time, end: time })
  .refine((d) => d.start < d.end, { message: "The day must end after it starts", path: ["end"] })
  .nullable();

export const engineerHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, workingDay.optional()])) as Record<Weekday, z.ZodOptional<typeof workingDay>>,
);
export type EngineerHoursInput = z.output<typeof engineerHoursSchema>;

/** An engineer's week as the diary shows it: own hours (or null off), `undefined`: the business's. */
export type EngineerWeek = Partial<Record<Weekday, { start: string; end: string } | null>>;

export const engineerBlockSchema = z
  .object({
    start: isoDateTime("The start"),
    end: isoDateTime("The end"),
    reason: z.string({ error: "The reason is text" }).trim().max(200, "Keep the reason under 200 characters").default(""),
  })
  .refine((b) => Date.parse(b.end) > Date.parse(b.start), { message: "The end must be after the start", path: ["end"] })
  .refine((b) => Date.parse(b.end) - Date.parse(b.start) <= 62 * 86_400_000, {
    message: "Block at most two months at a time",
    path: ["end"],
  });

export type EngineerBlock = { id: number; userId: number; start: string; end: string; reason: string };

/** The people the diary has columns for: who can be sent to a visit. */
export type DiaryEngineer = {
  id: number;
  name: string;
  role: "owner" | "office" | "engineer";
  qualifications: Qualification[];
  hours: EngineerWeek;
};

export const blockParamSchema = z.object({
  id: z.coerce.number({ error: "id is a number" }).int().positive("id is a number"),
  blockId: z.coerce.number({ error: "blockId is a number" }).int().positive("blockId is a number"),
});

/** GET /api/admin/engineers/:id/blocks: the blocked times that meet these London days. */
export const blocksQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "from must be a date (yyyy-mm-dd)")
    .optional(),
  days: z.coerce.number().int().min(1, "days is between 1 and 62").max(62, "days is between 1 and 62").default(14),
});
