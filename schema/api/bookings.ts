import { londonToday, type Weekday } from "../london-time";
import { settings } from "../settings";
import { contactChannels } from "./customers";
import { isoDate, isoDateTime, ukPostcode } from "./fields";
import { idParamSchema } from "./lists";
import { z } from "./z";

/**
 * Online booking: the owner's availability (GET/PATCH /api/admin/calendar), the free slots
 * (GET /api/availability), a booking (POST /api/bookings) and the customer's own link to cancel or
 * move it. One schema per form, shared by the page and the Worker.
 */

export const bookableServiceValues = ["annual-service", "boiler-repair", "gas-safety", "unvented-check"] as const;
export type BookableService = (typeof bookableServiceValues)[number];

export const bookableServiceLabels: Record<BookableService, string> = {
  "annual-service": "Annual boiler service",
  "boiler-repair": "Boiler repair visit",
  "gas-safety": "Gas safety certificate (CP12)",
  "unvented-check": "Unvented cylinder annual check (G3)",
};

export const isBookableService = (service: string): service is BookableService =>
  (bookableServiceValues as readonly string[]).includes(service);

/** What a booked visit is called in e-mails and on its page: the online service's label, or the owner's kind of visit. */
export const visitLabel = (service: string): string => bookableServiceLabels[service as BookableService] ?? service;

/** The bookable service a kind of visit is, if it is one (what an owner-booked visit's link may move by). */
export const bookableServiceOf = (serviceType: string): BookableService | null =>
  (Object.entries(bookableServiceRecordTypes).find(([, type]) => type.toLowerCase() === serviceType.trim().toLowerCase())?.[0] as
    | BookableService
    | undefined) ?? null;

/** What the service record of a booking is called (schema/business.ts serviceTypes). */
export const bookableServiceRecordTypes: Record<BookableService, string> = {
  "annual-service": "Annual Boiler Service",
  "boiler-repair": "Boiler Repair",
  "gas-safety": "Gas Safety Certificate (CP12)",
  "unvented-check": "Unvented Cylinder Check",
};

const serviceSchema = z.enum(bookableServiceValues, { error: "Please choose a service to book" });

// ---- The owner's availability -----------------------------------------------------------------

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are 24-hour, like 08:00 or 17:30");
const workingDay = z
  .object({ start: time, end: time })
  .refine((d) => d.start < d.end, { message: "The day must end after it starts", path: ["end"] })
  .nullable();

/** Outward codes ("M33", "SK4") or whole areas ("M", "OL"), upper case. */
const outwardCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}(\d[A-Z\d]?)?$/, "An area is a postcode's first half, like M33 or SK4, or its letters, like M or OL");

export const calendarSettingsSchema = z.object({
  hours: z.object({
    monday: workingDay,
    tuesday: workingDay,
    wednesday: workingDay,
    thursday: workingDay,
    friday: workingDay,
    saturday: workingDay,
    sunday: workingDay,
  }),
  slotMinutes: z.object(
    Object.fromEntries(
      bookableServiceValues.map((s) => [
        s,
        z.coerce
          .number({ error: "Slot lengths are in minutes" })
          .int("Slot lengths are whole minutes")
          .min(15, "A slot is at least 15 minutes")
          .max(480, "A slot is at most 8 hours")
          .multipleOf(15, "Slot lengths go in steps of 15 minutes"),
      ]),
    ) as Record<BookableService, z.ZodCoercedNumber>,
  ),
  /** 1: the earliest visit is tomorrow (no same-day bookings). */
  minNoticeDays: z.coerce.number().int().min(0, "Notice cannot be negative").max(30, "At most 30 days' notice"),
  maxDaysAhead: z.coerce.number().int().min(1, "Allow at least a day ahead").max(365, "At most a year ahead"),
  blockedDays: z
    .array(
      z.object({
        // A day that has passed cannot be blocked (the Worker forgets past ones as it reads them).
        date: isoDate("A blocked day").refine((d) => d >= londonToday(), "That day has passed: block today or a day to come"),
        reason: z.string().trim().max(80, "Keep the reason short").default(""),
      }),
    )
    .max(366, "Too many blocked days"),
  outwardCodes: z.array(outwardCode).min(1, "List at least one area you cover").max(400, "Too many areas"),
});
export type CalendarSettingsInput = z.input<typeof calendarSettingsSchema>;
export type CalendarSettings = z.output<typeof calendarSettingsSchema>;
/** A change to some of the settings; slot lengths each on their own, so a page that knows fewer services changes only theirs. */
export const calendarPatchSchema = calendarSettingsSchema
  .extend({ slotMinutes: calendarSettingsSchema.shape.slotMinutes.partial() })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { message: "Nothing to change" });
export type CalendarPatch = z.output<typeof calendarPatchSchema>;

/** GET /api/admin/calendar: the settings and the private feed's address. */
export type AdminCalendar = { settings: CalendarSettings; feedUrl: string };

export type { Weekday };

// ---- Slots and bookings -----------------------------------------------------------------------

/** The longest a visit offered a slot may be, and the farthest ahead anyone may look, in days. */
const MAX_SLOT_MINUTES = 12 * 60;
export const MAX_AVAILABILITY_DAYS = 366;

/**
 * GET /api/availability: the free times of a service (its length is the owner's setting), or of a
 * visit of `minutes` (a booking the owner made, moved by its customer). Without `days`, as far
 * ahead as the owner's booking window allows.
 */
export const availabilityQuerySchema = z
  .object({
    service: serviceSchema.optional(),
    minutes: z.coerce
      .number({ error: "minutes must be a number" })
      .int()
      .min(15, "A visit is at least 15 minutes")
      .max(MAX_SLOT_MINUTES, "A visit is 12 hours at most")
      .refine((m) => m % 15 === 0, "A visit's length is a number of quarter hours")
      .optional(),
    from: isoDate("from").optional(),
    days: z.coerce
      .number({ error: "days must be a number" })
      .int()
      .min(1, `days is between 1 and ${MAX_AVAILABILITY_DAYS}`)
      .max(MAX_AVAILABILITY_DAYS, `days is between 1 and ${MAX_AVAILABILITY_DAYS}`)
      .optional(),
  })
  .refine((q) => (q.service === undefined) !== (q.minutes === undefined), {
    message: "Please choose a service to book",
    path: ["service"],
  });

/** GET /api/availability: free slots, ISO UTC. */
export type Slot = { start: string; end: string };

/** A slot's start as the browser sends it: a real instant in sane years (a year 0 is refused, not a 500). */
const slotStart = z.string({ error: "Please choose a time" }).pipe(isoDateTime("The time"));

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const bookingRequestSchema = z.object({
  service: serviceSchema,
  start: slotStart,
  name: required("Please enter your name").pipe(z.string().max(100, "Please keep your name under 100 characters")),
  email: required("Please enter your e-mail address")
    .toLowerCase()
    .pipe(z.email("Please enter a valid e-mail address").max(254, "Please enter a valid e-mail address")),
  phone: required("Please enter your phone number").pipe(
    z
      .string()
      .min(10, "Please enter a valid phone number")
      .max(20, "Please enter a valid phone number")
      .regex(/^\+?[0-9 ()-]+$/, "Please enter a valid phone number"),
  ),
  postcode: ukPostcode("Please enter your postcode"),
  address: required("Please enter the address of the visit").pipe(
    z.string().max(200, "Please keep the address under 200 characters"),
  ),
  notes: z
    .string({ error: "Notes must be text" })
    .trim()
    .max(1000, "Please keep your notes under 1000 characters")
    .nullish()
    .transform((n) => n || null),
  /**
   * How the visitor wants the booking's news and the visit's reminders: e-mail, text or both. Not
   * chosen: the customer's choice on file stands (e-mail for someone new).
   */
  contactChannel: z.enum(contactChannels, { error: "Choose e-mail, text or both" }).optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/**
 * POST /api/account/bookings ("Book the check" on the signed-in account): a visit at one of the
 * account's properties. Where the visit is and who is told come from the account (the property's
 * address and postcode, the signed-in address), so the page sends the service, the time, the name
 * and phone to ask for on the day, notes, and how the booking's news reach them (the account's
 * channel from now on; not chosen: it stands). An e-mail, address or postcode in the body is
 * dropped by this schema (ignored, not refused): a page opened before this form changed still sends
 * them, and a booking should not fail over fields that can no longer change anything.
 */
export const accountBookingRequestSchema = bookingRequestSchema
  .pick({ service: true, start: true, name: true, phone: true, notes: true, contactChannel: true })
  .extend({ propertyId: idParamSchema.shape.id });
export type AccountBooking = z.output<typeof accountBookingRequestSchema>;

/** 201 answer of POST /api/bookings. */
export type BookingCreated = { reference: string; start: string; end: string };

/** A booking's link works until this many days after the visit. */
export const MANAGE_LINK_DAYS_AFTER_VISIT = settings.documentLinks.bookingDaysAfterVisit;

/** The customer's link (from the confirmation e-mail) to see, cancel or move a booking. */
export const manageTokenSchema = z
  .string({ error: "The link is missing its token." })
  .trim()
  .min(1, "The link is missing its token.")
  .max(500, "This link is not valid.");

export const moveBookingSchema = z.object({
  token: manageTokenSchema,
  start: slotStart,
});

/** GET /api/bookings/manage?token=… */
export type ManagedBooking = {
  reference: string;
  /** The online service, or the owner's kind of visit. */
  service: string;
  serviceLabel: string;
  /** What a move offers times for: the online service, or (a visit the owner booked) its own length. */
  moveBy: BookableService | { minutes: number };
  start: string;
  end: string;
  status: "booked" | "cancelled";
  /** Where: only while the visit is booked (a cancelled booking's link shows nothing of the home). */
  address: string | null;
  postcode: string | null;
  /** Cancelling or moving is possible until 24 hours before the visit. */
  canChange: boolean;
  changeUntil: string;
};

/** GET /api/admin/bookings?from=&days=: the week view. */
export type CalendarEntry = {
  kind: "booking" | "service-record";
  id: number;
  serviceRecordId: number | null;
  title: string;
  customerName: string | null;
  /** ISO UTC; a service record without a time is the whole day (`allDay`). */
  start: string;
  end: string;
  allDay: boolean;
  reference: string | null;
  postcode: string | null;
  /** Who is on the visit (schema/api/diary.ts). */
  engineers: { id: number; name: string }[];
  /** When the customer confirmed the visit by answering C to its text reminder; null: not confirmed. */
  confirmedAt: string | null;
};

/** The manage link's token, in the query (to read the booking) or the body (to change it). */
export const manageTokenRequestSchema = z.object({ token: manageTokenSchema });

/** GET /api/admin/bookings: the diary from a London date, a week unless told. */
export const calendarWeekQuerySchema = z.object({
  from: isoDate("from").optional(),
  days: z.coerce.number().int().min(1, "days is between 1 and 31").max(31, "days is between 1 and 31").default(7),
  /** Only this engineer's visits. */
  engineer: z.coerce.number({ error: "engineer is an engineer's id" }).int().positive("engineer is an engineer's id").optional(),
});
