import { emailAddress } from "./fields";
import { z } from "./z";

/**
 * POST /api/email-signups. `source` is the page the visitor signed up on (a path such as "/store"),
 * kept with the consent wording as evidence of consent (UK PECR/GDPR).
 */
export const emailSignupSchema = z.object({
  email: emailAddress(),
  source: z
    .string({ error: "The sign-up page is not valid" })
    .max(200, "The sign-up page is not valid")
    .regex(/^\/[A-Za-z0-9\-._~/]*$/, "The sign-up page is not valid")
    .optional(),
});
export type EmailSignupRequest = z.input<typeof emailSignupSchema>;

/** What the modal tells every visitor, whoever the address belongs to (zod-free, so the modal can import it). */
export { SIGNUP_CHECK_INBOX } from "./constants";

/**
 * POST /api/email-signups answers the same for every address (new, pending, active or unsubscribed),
 * so the form never tells anyone whether an address is on the list; the e-mail that follows does.
 */
export type EmailSignupResult = { status: "confirmation_sent"; message: string };

/** POST /api/email-signups/confirm: the token from the confirmation link. */
export const confirmSignupSchema = z.object({
  token: z
    .string({ error: "The confirmation link is missing its token." })
    .trim()
    .min(1, "The confirmation link is missing its token.")
    .max(1000, "This confirmation link is not valid."),
});

export type ConfirmSignupResult = { status: "confirmed" | "already_confirmed"; email: string };

/**
 * A subscriber of the deals list. `isActive` ("true"/"false") is the field the list has always
 * had; `status` tells the pending sign-ups (not confirmed yet, never e-mailed) from the
 * unsubscribed.
 */
export type AdminSubscriber = {
  id: number;
  email: string;
  isActive: "true" | "false";
  status: "pending" | "active" | "unsubscribed";
  signedUpAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};

/** PATCH /api/admin/email-subscribers/:email/unsubscribe: Hono decodes the path, so "jo%40example.com" arrives as "jo@example.com". */
export const subscriberEmailParamSchema = z.object({
  email: z.string().trim().min(3, "That is not an e-mail address").max(254, "That is not an e-mail address"),
});
