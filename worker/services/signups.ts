import { eq, sql } from "drizzle-orm";
import type { EmailSignupResult } from "../../schema/api/signups";
import { signupConsentText } from "../../schema/business";
import { emailSubscribers } from "../../schema/db";
import type { Db } from "../db/client";

const messages: Record<EmailSignupResult["status"], string> = {
  subscribed: "You're signed up for exclusive heating deals and tips!",
  already_subscribed: "You're already signed up, so you won't miss a deal. Thank you!",
  resubscribed: "Welcome back! You're signed up again for exclusive heating deals and tips.",
};

/**
 * Signs an address up. A new or re-activated address records fresh consent evidence (when, which
 * page, the exact wording shown); a repeat of an active one keeps its original evidence and is a
 * friendly success. The read of the previous state and the upsert run in one batch (one transaction),
 * so two simultaneous sign-ups cannot both count as new.
 */
export async function signUp(db: Db, email: string, source: string | undefined): Promise<EmailSignupResult> {
  const now = new Date().toISOString();
  const [[before]] = await db.batch([
    db.select({ isActive: emailSubscribers.isActive }).from(emailSubscribers).where(eq(emailSubscribers.email, email)),
    db
      .insert(emailSubscribers)
      .values({ email, isActive: true, signedUpAt: now, consentSource: source ?? null, consentText: signupConsentText })
      .onConflictDoUpdate({
        target: emailSubscribers.email,
        set: {
          isActive: true,
          unsubscribedAt: null,
          signedUpAt: sql`excluded.signed_up_at`,
          consentSource: sql`excluded.consent_source`,
          consentText: sql`excluded.consent_text`,
        },
        setWhere: eq(emailSubscribers.isActive, false),
      }),
  ]);
  const status = !before ? "subscribed" : before.isActive ? "already_subscribed" : "resubscribed";
  return { status, message: messages[status] };
}
