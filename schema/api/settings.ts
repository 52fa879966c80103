import { type BusinessFacts, packageIds, repairBands } from "../facts";
import { parsePriceToPence } from "../format";
import { londonToday } from "../london-time";
import { isoDate as boundedDate, ukPostcode } from "./fields";
import { z } from "./z";

/**
 * GET /api/admin/settings answers the facts (schema/facts.ts); PATCH /api/admin/settings takes any
 * subset of them, checked by this schema, which the settings form uses too. Prices come as the
 * owner types them ("£1,899", "85.00") or as pence from the API.
 */

/** A UK number as people write it: 01…, 02…, 03…, 07… or 08…, or +44, ten or eleven digits. */
const ukPhone = (label: string) =>
  z
    .string({ error: `Please enter the ${label}` })
    .trim()
    .min(1, `Please enter the ${label}`)
    .refine((value) => {
      if (!/^\+?[0-9 ()-]+$/.test(value)) return false;
      const digits = value.replace(/\D/g, "");
      const national = value.trim().startsWith("+") ? digits.replace(/^44/, "0") : digits;
      return /^0[1-9]\d{8,9}$/.test(national);
    }, `Please enter a UK phone number for the ${label}, for example 0161 496 0123`);

/** Pence as a whole number, or a price in pounds and pence as text. */
const price = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `Please enter the ${label} in pounds, for example 85.00` })
    .transform((value, ctx) => {
      const pence = typeof value === "number" ? value : parsePriceToPence(value);
      if (pence === null || !Number.isInteger(pence) || pence < 0 || pence > 100_000_000) {
        ctx.addIssue({ code: "custom", message: `Please enter the ${label} in pounds, for example 85.00` });
        return z.NEVER;
      }
      return pence;
    });

const optionalPrice = (label: string) => z.union([price(label), z.null(), z.literal("").transform(() => null)]);

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are 24-hour, like 08:00 or 17:30");
const dayHours = z
  .object({ opens: time, closes: time })
  .refine((h) => h.opens < h.closes, { message: "Closing time must be after opening time", path: ["closes"] })
  .nullable();

/** An offer's or a blocked day's date: a real one in sane years (fields.ts), named as the form names it. */
const isoDate = (label: string) => boundedDate(`The ${label}`);

export const offerSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, "The offer id is lower-case letters, digits and dashes")
      .optional(),
    title: z
      .string({ error: "Please give the offer a title" })
      .trim()
      .min(1, "Please give the offer a title")
      .max(40, "Keep the title under 40 characters"),
    text: z.string().trim().max(140, "Keep the offer's line under 140 characters").default(""),
    pricePence: price("offer price"),
    wasPence: optionalPrice("normal price").default(null),
    startsAt: isoDate("start date"),
    endsAt: isoDate("end date"),
  })
  .refine((o) => o.startsAt <= o.endsAt, { message: "The offer must end on or after the day it starts", path: ["endsAt"] })
  .refine((o) => o.wasPence === null || o.wasPence > o.pricePence, {
    message: "The normal price must be more than the offer price",
    path: ["wasPence"],
  });

const pricePair = (label: string) =>
  z.object({ pricePence: price(`${label} price`), wasPence: optionalPrice(`${label} "was" price`) });
const band = (label: string) =>
  z
    .object({ fromPence: price(`${label} "from" price`), toPence: optionalPrice(`${label} "to" price`) })
    .refine((b) => b.toPence === null || b.toPence > b.fromPence, {
      message: "The top of a range must be above its bottom",
      path: ["toPence"],
    });

/**
 * The firm's review rating as the owner read it (schema/facts.ts ReviewRating): the stars as the
 * site shows them ("4.9"), the number of reviews, the site's name, the day it was checked (not in
 * the future) and whether that site checks its reviewers were customers. Null: no rating claimed.
 */
export const reviewRatingSchema = z.object({
  value: z
    .union([z.number(), z.string().trim()], { error: "Please enter the rating, for example 4.9" })
    .transform((value, ctx) => {
      const rating = typeof value === "number" ? value : value === "" ? Number.NaN : Number(value);
      if (!Number.isFinite(rating) || rating < 1 || rating > 5 || Math.abs(Math.round(rating * 10) - rating * 10) > 1e-9) {
        ctx.addIssue({ code: "custom", message: "The rating is from 1 to 5 with one decimal, for example 4.9" });
        return z.NEVER;
      }
      return Math.round(rating * 10) / 10;
    }),
  count: z
    .union([z.number(), z.string().trim()], { error: "Please enter how many reviews there are" })
    .transform((value, ctx) => {
      const count = typeof value === "number" ? value : /^\d[\d,]*$/.test(value) ? Number(value.replace(/,/g, "")) : Number.NaN;
      if (!Number.isSafeInteger(count) || count < 1 || count > 10_000_000) {
        ctx.addIssue({ code: "custom", message: "Please enter how many reviews there are, a whole number" });
        return z.NEVER;
      }
      return count;
    }),
  source: z
    .string({ error: "Please name the review site, for example Google" })
    .trim()
    .min(1, "Please name the review site, for example Google")
    .max(40, "Keep the site's name under 40 characters"),
  checkedOn: isoDate("date you checked the rating").refine((d) => d <= londonToday(), "That day has not come yet"),
  verified: z.boolean({ error: "Say whether the site checks its reviewers" }).default(false),
});

export const businessFactsSchema = z.object({
  phone: ukPhone("phone number"),
  emergencyPhone: ukPhone("emergency number"),
  email: z.email("Please enter a valid e-mail address").max(254, "Please enter a valid e-mail address"),
  address: z.object({
    street: z.string().trim().min(1, "Please enter the street address").max(120, "The street address is too long"),
    locality: z.string().trim().min(1, "Please enter the town").max(60, "The town is too long"),
    region: z.string().trim().max(60, "The region is too long"),
    postcode: ukPostcode(),
  }),
  gasSafeNumber: z
    .string({ error: "Please enter the Gas Safe registration number" })
    .trim()
    .regex(/^\d{6,7}$/, "A Gas Safe registration number has 6 or 7 digits"),
  openingHours: z.object({ weekdays: dayHours, saturday: dayHours, sunday: dayHours }),
  packages: z.object(
    Object.fromEntries(packageIds.map((id) => [id, pricePair(`${id[0]!.toUpperCase()}${id.slice(1)} package`)])) as Record<
      (typeof packageIds)[number],
      ReturnType<typeof pricePair>
    >,
  ),
  service: z.object({ oneOffPence: price("one-off service price"), annualPlanPence: price("annual plan price") }),
  repairs: z.object(
    Object.fromEntries(repairBands.map((b) => [b, band(`${b} repairs`)])) as Record<
      (typeof repairBands)[number],
      ReturnType<typeof band>
    >,
  ),
  offers: z.array(offerSchema).max(10, "Up to 10 offers at a time"),
  reviewUrl: z
    .string({ error: "Please enter the address of your reviews page" })
    .trim()
    .max(500, "That address is too long")
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https$/, error: "Please enter an https:// address" })]))
    .nullable()
    .transform((v) => v || null),
  rating: reviewRatingSchema.nullable(),
});

/** PATCH /api/admin/settings: any of the top-level groups, each given whole. */
export const businessFactsPatchSchema = businessFactsSchema.partial().refine((patch) => Object.keys(patch).length > 0, {
  message: "Nothing to change",
});
export type BusinessFactsPatch = z.input<typeof businessFactsPatchSchema>;

/** GET and PATCH answer the facts and when they were last changed. */
export type BusinessSettings = { facts: BusinessFacts; updatedAt: string | null };
