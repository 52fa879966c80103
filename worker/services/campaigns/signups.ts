import { and, eq, ne, sql } from "drizzle-orm";
import { type ConfirmSignupResult, type EmailSignupResult, SIGNUP_CHECK_INBOX } from "../../../schema/api/signups";
import { signupConsentText } from "../../../schema/business";
import { emailSubscribers } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { createSignupToken, verifySignupToken } from "../../lib/signup-token";
import { siteUrl } from "../../lib/site-url";
import { alreadySubscribedMail, signupConfirmationMail } from "../mail/signup-emails";
import type { MailMessage } from "../mail/types";
import { unsubscribeLinks } from "./unsubscribe";

/** A confirmation link works for a week. */
export const CONFIRMATION_VALID_DAYS = 7;
/** One confirmation e-mail per address per 5 minutes, however often the form is sent for it. */
export const CONFIRMATION_RESEND_MINUTES = 5;

/**
 * A sign-up request (confirmed opt-in). A new address is stored as pending with the consent
 * evidence of this request; a pending or unsubscribed one gets this request's evidence and a new
 * confirmation link, and stays as it is until the link is followed; an active one is left alone
 * and told so by e-mail. The read of the previous state and the upsert run in one batch. The
 * answer is the same for every address; the e-mail (if any) says the rest.
 */
export async function signUp(
  env: AppEnv,
  db: Db,
  email: string,
  source: string | undefined,
  now = Date.now(),
): Promise<{ result: EmailSignupResult; mail: MailMessage | null }> {
  const nowIso = new Date(now).toISOString();
  const resendAfter = new Date(now - CONFIRMATION_RESEND_MINUTES * 60_000).toISOString();
  const [[before], [after]] = await db.batch([
    db
      .select({ status: emailSubscribers.status, requestedAt: emailSubscribers.confirmationRequestedAt })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, email)),
    db
      .insert(emailSubscribers)
      .values({
        email,
        status: "pending",
        signedUpAt: nowIso,
        confirmationRequestedAt: nowIso,
        consentSource: source ?? null,
        consentText: signupConsentText,
      })
      .onConflictDoUpdate({
        target: emailSubscribers.email,
        set: {
          confirmationRequestedAt: sql`excluded.confirmation_requested_at`,
          consentSource: sql`excluded.consent_source`,
          consentText: sql`excluded.consent_text`,
        },
        setWhere: and(
          ne(emailSubscribers.status, "active"),
          sql`COALESCE(${emailSubscribers.confirmationRequestedAt}, '') < ${resendAfter}`,
        ),
      })
      .returning({ requestedAt: emailSubscribers.confirmationRequestedAt }),
  ]);
  const result: EmailSignupResult = { status: "confirmation_sent", message: SIGNUP_CHECK_INBOX };
  if (before?.status === "active") {
    const { pageUrl } = await unsubscribeLinks(env, email);
    return { result, mail: alreadySubscribedMail(email, pageUrl) };
  }
  // No row came back: a confirmation went to this address minutes ago; one is enough.
  if (!after?.requestedAt) return { result, mail: null };
  const token = await createSignupToken(env, email, after.requestedAt);
  const confirmUrl = siteUrl(env, `/confirm-subscription?token=${encodeURIComponent(token)}`);
  return { result, mail: signupConfirmationMail(email, confirmUrl) };
}

export const INVALID_CONFIRMATION =
  "This confirmation link is not valid or has already been used. Please sign up again from our website.";

/**
 * The person followed the link: the address becomes active, with the time of the request it answered
 * as its sign-up date and now as the proof of consent. Only the latest request's link works, once.
 */
export async function confirmSignup(env: AppEnv, db: Db, token: string, now = Date.now()): Promise<ConfirmSignupResult> {
  const claims = await verifySignupToken(env, token);
  if (!claims) throw new ApiError("VALIDATION_FAILED", INVALID_CONFIRMATION);
  if (now - Date.parse(claims.requestedAt) > CONFIRMATION_VALID_DAYS * 86_400_000) {
    throw new ApiError("VALIDATION_FAILED", "This confirmation link has expired. Please sign up again from our website.");
  }
  const nowIso = new Date(now).toISOString();
  const [confirmed, [current]] = await db.batch([
    db
      .update(emailSubscribers)
      .set({
        status: "active",
        confirmedAt: nowIso,
        signedUpAt: claims.requestedAt,
        unsubscribedAt: null,
        confirmationRequestedAt: null,
      })
      .where(and(eq(emailSubscribers.email, claims.email), eq(emailSubscribers.confirmationRequestedAt, claims.requestedAt)))
      .returning({ email: emailSubscribers.email }),
    db
      .select({ status: emailSubscribers.status, confirmedAt: emailSubscribers.confirmedAt })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, claims.email)),
  ]);
  if (confirmed.length > 0) return { status: "confirmed", email: claims.email };
  // A second click on the link that confirmed the address is still a success.
  if (current?.status === "active" && current.confirmedAt && current.confirmedAt >= claims.requestedAt) {
    return { status: "already_confirmed", email: claims.email };
  }
  throw new ApiError("VALIDATION_FAILED", INVALID_CONFIRMATION);
}
