import { londonToday } from "../london-time";
import { isoDate, optionalText } from "./fields";
import { z } from "./z";

/**
 * Testimonials (schema/db/testimonials.ts): the owner's form and the Worker validate with the same
 * schema. Only a testimonial with the customer's consent can be published, and the site shows
 * nothing else (DMCC Act 2024, Schedule 20: no fake or edited reviews).
 */

/** How a customer agreed to their words being published on the site. */
export const consentMethods = ["email", "text", "in-writing", "in-person", "phone"] as const;
export type ConsentMethod = (typeof consentMethods)[number];

export const consentMethodLabels: Record<ConsentMethod, string> = {
  email: "By e-mail",
  text: "By text",
  "in-writing": "In writing",
  "in-person": "In person",
  phone: "On the phone",
};

const required = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `That is too long (at most ${max} characters)`);

const notAhead = (label: string) => isoDate(label).refine((v) => v <= londonToday(), `${label} cannot be in the future`);

const fields = {
  words: required("the customer's words", 1000),
  shownName: required("the name to show, for example Sarah, Stockport", 80),
  source: required("where they said it, for example Google review", 80),
  sourceUrl: z
    .string({ error: "Please enter the address of the review" })
    .trim()
    .max(500, "That address is too long")
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https$/, error: "Please enter an https:// address" })]))
    .nullish()
    .transform((v) => v || null),
  givenOn: notAhead("The date given"),
  consentOn: z
    .union([z.literal("").transform(() => null), notAhead("The date of consent")])
    .nullish()
    .transform((v) => v ?? null),
  consentMethod: z
    .union([z.literal("").transform(() => null), z.enum(consentMethods, { error: "Choose how they agreed" })])
    .nullish()
    .transform((v) => v ?? null),
  customerEmail: optionalText("The customer's e-mail", 254)
    .transform((v) => v?.toLowerCase() ?? null)
    .pipe(z.email("Please enter a valid email address").nullable()),
  isPublished: z.boolean({ error: "Published must be yes or no" }),
};

type Consent = { consentOn?: string | null; consentMethod?: string | null; isPublished?: boolean };

/**
 * Consent is recorded whole (when and how), and nothing is published without it: the form's check,
 * and the Worker's on a stored testimonial with a change applied.
 */
export function consentProblems(v: Consent): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if ((v.consentOn == null) !== (v.consentMethod == null)) {
    problems.push({
      path: v.consentOn == null ? "consentOn" : "consentMethod",
      message: "Record both when and how the customer agreed",
    });
  }
  if (v.isPublished && (v.consentOn == null || v.consentMethod == null)) {
    problems.push({ path: "isPublished", message: "Only a testimonial the customer agreed to publish can be shown on the site" });
  }
  return problems;
}

const checkConsent = (v: Consent, ctx: z.RefinementCtx) => {
  for (const { path, message } of consentProblems(v)) ctx.addIssue({ code: "custom", path: [path], message });
};

export const testimonialSchema = z.object(fields).superRefine(checkConsent);
export type TestimonialInput = z.input<typeof testimonialSchema>;

/** PATCH: any of the fields; the consent rule is checked again on the stored row with the change (services). */
export const testimonialPatchSchema = z
  .object(fields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to change" });

/** A testimonial as the back office lists it. */
export type Testimonial = {
  id: number;
  words: string;
  shownName: string;
  source: string;
  sourceUrl: string | null;
  givenOn: string;
  consentOn: string | null;
  consentMethod: ConsentMethod | null;
  customerEmail: string | null;
  isPublished: boolean;
  /** Shown on the site: published, with consent. */
  isShown: boolean;
  updatedAt: string;
};
