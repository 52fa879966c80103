import { isoDate, optionalText } from "./fields";
import { z } from "./z";

/**
 * The engineer's day (GET /api/admin/today) and the job sheet the phone syncs (PUT
 * /api/admin/visits/:id/sheet, with an Idempotency-Key): everything needed on site, read in one
 * D1 round trip, and what was done there, saved whole by each sync.
 */
export const todayQuerySchema = z.object({ date: isoDate("The day").optional() });

export type SheetPart = { productId: number; name: string; quantity: number };

export type JobSheet = {
  arrivedAt: string | null;
  finishedAt: string | null;
  workDone: string | null;
  advice: string | null;
  labourMinutes: number | null;
  parts: SheetPart[];
  photos: string[];
  signature: string | null;
  signedName: string | null;
  updatedAt: string;
};

export type TodayVisit = {
  id: number;
  serviceType: string;
  status: "completed" | "in-progress" | "scheduled" | "pending";
  /** ISO times; null when the visit's time is still to be agreed. */
  start: string | null;
  end: string | null;
  customer: { id: number; name: string; phone: string | null; email: string | null } | null;
  /** The property's address (or the customer's), and a link that opens it in the phone's maps. */
  address: string | null;
  mapsUrl: string | null;
  appliances: { id: number; location: string; type: string; make: string | null; model: string | null }[];
  /** The customer's last completed visit before this one: what was done then. */
  lastVisit: { date: string; serviceType: string; notes: string | null } | null;
  /** What the customer owes on issued invoices. */
  owedPence: number;
  description: string | null;
  sheet: JobSheet | null;
  /** The visit's version: a sync says which one it was made from, so an office edit since is a conflict. */
  version: string;
};

export type TodayAnswer = { date: string; visits: TodayVisit[] };

const isoTime = (label: string) =>
  z
    .string({ error: `${label} must be a time` })
    .datetime({ offset: true, error: `${label} must be a time` })
    .nullish()
    .transform((v) => v ?? null);

export const MAX_SHEET_PARTS = 30;
export const MAX_SHEET_PHOTOS = 12;

export const sheetInputSchema = z.object({
  /** The visit's version the phone last had (TodayVisit.version). */
  baseVersion: z.string({ error: "Send the version of the visit the sheet was made from" }).min(1).max(40),
  arrivedAt: isoTime("The arrival time"),
  finishedAt: isoTime("The finishing time"),
  workDone: optionalText("The work done", 4000),
  advice: optionalText("The advice given", 2000),
  labourMinutes: z
    .number({ error: "The labour time must be minutes" })
    .int("The labour time is whole minutes")
    .min(0, "The labour time cannot be negative")
    .max(24 * 60, "At most a day of labour on one visit")
    .nullish()
    .transform((v) => v ?? null),
  parts: z
    .array(
      z.object({
        productId: z.number().int().positive("Pick the part from the catalogue"),
        quantity: z
          .number({ error: "The quantity must be a number" })
          .int("Parts are counted in whole units")
          .min(1, "At least 1")
          .max(999, "At most 999"),
      }),
      { error: "The parts must be a list" },
    )
    .max(MAX_SHEET_PARTS, `At most ${MAX_SHEET_PARTS} different parts`)
    .refine((parts) => new Set(parts.map((p) => p.productId)).size === parts.length, "Each part once, with its quantity")
    .default([]),
  photos: z
    .array(z.string().regex(/^visits\/\d+\/[\w.-]{1,80}$/, "A photo is one uploaded for this visit"), {
      error: "The photos must be a list",
    })
    .max(MAX_SHEET_PHOTOS, `At most ${MAX_SHEET_PHOTOS} photos`)
    .default([]),
  signature: z
    .string()
    .max(48_000, "The signature is too large; please clear it and sign again")
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "The signature must be a drawn image")
    .nullish()
    .transform((v) => v ?? null),
  signedName: optionalText("The customer's name", 120),
  /** Finish the visit: the service record becomes completed with the work done and parts used. */
  finish: z.boolean({ error: "Finish must be yes or no" }).default(false),
});

export type SheetInput = z.output<typeof sheetInputSchema>;

export const idempotencyKeySchema = z
  .string({ error: "Send an Idempotency-Key header with each sync" })
  .regex(/^[\w-]{8,100}$/, "The Idempotency-Key is 8 to 100 letters, digits, - or _");

/** A sync's answer: the sheet as saved and the visit's new version; `replayed` when it was applied before. */
export type SheetAnswer = { sheet: JobSheet; version: string; status: TodayVisit["status"]; replayed: boolean };
