import { MAX_SHEET_PARTS, MAX_SHEET_PHOTOS } from "./constants";
import { isoDate, optionalText } from "./fields";
import { type InstallationKind, installationKinds } from "./installations";
import { idParamSchema } from "./lists";
import type { VisitPapers } from "./papers";
import { z } from "./z";

export { MAX_SHEET_PARTS, MAX_SHEET_PHOTOS };

/**
 * The engineer's day (GET /api/admin/today) and the job sheet the phone syncs (PUT
 * /api/admin/visits/:id/sheet, with an Idempotency-Key): everything needed on site, read in one
 * D1 round trip, and what was done there, saved whole by each sync.
 */
export const todayQuerySchema = z.object({
  date: isoDate("The day").optional(),
  /** The owner or the office looking at one engineer's day (an engineer always sees their own). */
  engineer: z.coerce.number({ error: "engineer is an engineer's id" }).int().positive("engineer is an engineer's id").optional(),
});

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
  /** The notifiable installations fitted (a boiler, a cylinder, a gas fire): the job then owes their paperwork. */
  installations: InstallationKind[];
  updatedAt: string;
  /** The name of whoever sent the sheet last (null for sheets from before the team). */
  by: string | null;
};

export type TodayVisit = {
  id: number;
  serviceType: string;
  status: "completed" | "in-progress" | "scheduled" | "pending";
  /** ISO times; null when the visit's time is still to be agreed. */
  start: string | null;
  end: string | null;
  customer: { id: number; name: string; phone: string | null; email: string | null } | null;
  /**
   * Who opens the door at a let property: its tenant, when the property has one on file. The
   * customer (the landlord) stays the contact for money. Absent in a day kept on the phone before
   * it was added.
   */
  tenant?: { name: string | null; phone: string | null } | null;
  /** The property's address (or the customer's), and a link that opens it in the phone's maps. */
  address: string | null;
  mapsUrl: string | null;
  appliances: { id: number; location: string; type: string; make: string | null; model: string | null }[];
  /** The customer's last completed visit before this one: what was done then. */
  lastVisit: { date: string; serviceType: string; notes: string | null } | null;
  /** What the customer owes on issued invoices. */
  owedPence: number;
  description: string | null;
  propertyId: number | null;
  sheet: JobSheet | null;
  /** The visit's version: a sync says which one it was made from, so an office edit since is a conflict. */
  version: string;
  /** Who is on the visit: the owner and the office see every visit of the day with its engineers' names. */
  engineers: { id: number; name: string }[];
  // And the latest paper of each kind started at this visit (./papers.ts).
} & VisitPapers;

export type TodayAnswer = { date: string; visits: TodayVisit[] };

const isoTime = (label: string) =>
  z
    .string({ error: `${label} must be a time` })
    .datetime({ offset: true, error: `${label} must be a time` })
    .nullish()
    .transform((v) => v ?? null);

/** A visit photo's name, made by the phone when the photo is taken: a random id and the extension. */
export const VISIT_PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}\.(jpg|png|webp)$/;
const VISIT_PHOTO_KEY = new RegExp(`^visits/\\d+/${VISIT_PHOTO_NAME.source.slice(1)}`);

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
    .array(z.string().regex(VISIT_PHOTO_KEY, "A photo is one uploaded for this visit"), {
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
  /**
   * Notifiable work fitted at the visit. A phone whose app predates the field sends none: the sheet
   * then keeps the ticks it has (a sheet queued offline by an older app clears nothing).
   */
  installations: z
    .array(z.enum(installationKinds, { error: "Notifiable work is a boiler, a cylinder or a gas fire" }), {
      error: "The notifiable work must be a list",
    })
    .max(installationKinds.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, "Each notifiable installation once")
    .optional(),
  /** Finish the visit: the service record becomes completed with the work done and parts used. */
  finish: z.boolean({ error: "Finish must be yes or no" }).default(false),
});

export type SheetInput = z.output<typeof sheetInputSchema>;

export const idempotencyKeySchema = z
  .string({ error: "Send an Idempotency-Key header with each sync" })
  .regex(/^[\w-]{8,100}$/, "The Idempotency-Key is 8 to 100 letters, digits, - or _");

/** A sync's answer: the sheet as saved and the visit's new version; `replayed` when it was applied before. */
export type SheetAnswer = { sheet: JobSheet; version: string; status: TodayVisit["status"]; replayed: boolean };

/** /visits/:id/:name, /visits/:id/photos/:name: the name is checked against VISIT_PHOTO_NAME where it is used (a 404). */
export const visitPhotoParamSchema = idParamSchema.extend({ name: z.string().max(100) });

/** POST /api/admin/visits/:id/photo-url: where the phone uploads the photo it named. */
export const visitPhotoUrlSchema = z.object({
  name: z.string({ error: "Name the photo" }).regex(VISIT_PHOTO_NAME, "A photo's name is a random id with .jpg, .png or .webp"),
});

/** `uploaded` when the photo is already in R2 (an earlier upload whose answer was lost). */
export type VisitPhotoUrl = { uploadURL: string; key: string; uploaded: boolean };

/** "On my way" from the engineer's day: the arrival estimated in minutes (the phone suggests one; the engineer may change it). */
export const onMyWaySchema = z.object({
  minutes: z
    .number({ error: "Say in how many minutes you will arrive" })
    .int("Say in how many whole minutes you will arrive")
    .min(1, "Say in how many minutes you will arrive")
    .max(240, "An arrival more than four hours away is not on the way"),
});

/** What happened to the text: handed to Twilio ("queued") or refused by it ("failed"); the number as on file. */
export type OnMyWayAnswer = { status: "queued" | "failed"; sentTo: string; arrivesAround: string };
