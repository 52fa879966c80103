import { z } from "./z";

/** Field builders the request contracts share (each form and the Worker validate with the same schema). */

/** A code from the authenticator app (6 digits) or a one-time recovery code. */
export const secondFactorCode = z
  .string({ error: "Please enter the code from your authenticator app" })
  .trim()
  .min(1, "Please enter the code from your authenticator app")
  .max(40, "That code is too long");

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => v || null);

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} is not a real date`,
    );
