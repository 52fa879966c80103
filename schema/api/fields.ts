import { z } from "./z";

/** Field builders the request contracts share (each form and the Worker validate with the same schema). */

/** An e-mail address someone types into a public form: required, trimmed, lower case. */
export const emailAddress = () =>
  z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

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

/** How far ahead any date the product takes may be (a next service, a valid-until), in years. */
export const MAX_YEARS_AHEAD = 10;
const EARLIEST_DATE = "1900-01-01";
const latestDate = () => `${new Date().getUTCFullYear() + MAX_YEARS_AHEAD}-12-31`;

/**
 * A calendar date (yyyy-mm-dd) that exists and lies between 1900 and ten years from now: nothing
 * later in the code meets a year 0 or 9999.
 */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} is not a real date`,
    )
    .refine(
      (v) => v >= EARLIEST_DATE && v <= latestDate(),
      `${label} must be between 1900 and ${MAX_YEARS_AHEAD} years from now`,
    );

/** An ISO date and time (with its offset, as the browser sends it), within the same years as `isoDate`. */
export const isoDateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .refine((v) => {
      const at = Date.parse(v);
      return at >= Date.parse(`${EARLIEST_DATE}T00:00:00Z`) && at <= Date.parse(`${latestDate()}T23:59:59Z`);
    }, `${label} must be between 1900 and ${MAX_YEARS_AHEAD} years from now`)
    .transform((v) => new Date(v).toISOString());

/**
 * A UK postcode (outward code, optional space, inward code), after the usual letter rules of Royal
 * Mail's format, including GIR 0AA.
 */
export const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRV-Y]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** "m32  0zz" → "M32 0ZZ": upper case with one space before the inward code. */
export function normalisePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

const POSTCODE_MESSAGE = "Please enter a valid UK postcode, for example M32 0ZZ";

/**
 * The one postcode rule, wherever a postcode is typed: a real UK postcode, written the one way
 * ("m32  0zz" → "M32 0ZZ"). `missing` is the message for an empty field.
 */
export const ukPostcode = (missing = POSTCODE_MESSAGE) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(10, POSTCODE_MESSAGE)
    .transform(normalisePostcode)
    .pipe(z.string().regex(UK_POSTCODE, POSTCODE_MESSAGE));

/** A postcode the owner may leave empty (null), checked the same way when given. */
export const optionalUkPostcode = () =>
  z
    .string({ error: POSTCODE_MESSAGE })
    .trim()
    .max(10, POSTCODE_MESSAGE)
    .nullish()
    .transform((v) => (v ? normalisePostcode(v) : null))
    .refine((v) => v === null || UK_POSTCODE.test(v), POSTCODE_MESSAGE);

/** A yes/no answer not given yet (null) or given. */
export const yesNoField = (label: string) =>
  z
    .boolean({ error: `${label} must be yes or no` })
    .nullish()
    .transform((v) => v ?? null);

/** A signature drawn on screen (signature_pad's PNG data URL), at most `maxChars` long. */
export const drawnSignature = (maxChars: number) =>
  z
    .string({ error: "The signature must be a drawn image" })
    .max(maxChars, "The signature is too large; please clear it and sign again")
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "The signature must be a drawn image")
    .nullish()
    .transform((v) => v ?? null);
