import { z } from "./z";

/**
 * POST /api/email-signups. `source` is the page the visitor signed up on (a path such as "/store"),
 * kept with the consent wording as evidence of consent (UK PECR/GDPR).
 */
export const emailSignupSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  source: z
    .string({ error: "The sign-up page is not valid" })
    .max(200, "The sign-up page is not valid")
    .regex(/^\/[A-Za-z0-9\-._~/]*$/, "The sign-up page is not valid")
    .optional(),
});
export type EmailSignupRequest = z.input<typeof emailSignupSchema>;

/** A new address, a repeat of an active one, or a re-activated unsubscribed one: all successes. */
export type EmailSignupResult = {
  status: "subscribed" | "already_subscribed" | "resubscribed";
  message: string;
};
