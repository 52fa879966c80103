import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SIGNUP_CHECK_INBOX } from "../schema/api/signups";
import { signupConsentText } from "../schema/business";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { createSignupToken } from "../worker/lib/signup-token";
import { sendCampaign } from "../worker/services/campaigns/send";
import { callApp, callAppJson, outboxTo, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

let counter = 0;
const newEmail = () => `deals-${Date.now()}-${++counter}@example.com`;
const subscriber = (email: string) =>
  query<Record<string, any>>("SELECT * FROM email_subscribers WHERE email = ?1", email).then((rows) => rows[0]);

const signUp = (email: string, source?: string) => callAppJson("/api/email-signups", { method: "POST", json: { email, source } });
const confirm = (token: string) => callAppJson("/api/email-signups/confirm", { method: "POST", json: { token } });

/** The confirmation link of the newest mail to this address, as the person would click it. */
async function confirmationToken(email: string): Promise<string> {
  await drainMail();
  const mail = (await outboxTo(email)).at(-1);
  const link = /\/confirm-subscription\?token=([^"\s&]+)/.exec(mail?.text ?? "")?.[1];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return decodeURIComponent(link);
}

describe("POST /api/email-signups (confirmed opt-in)", () => {
  it("stores a new address as pending with the consent evidence and mails a confirmation link", async () => {
    const email = newEmail();
    const before = new Date().toISOString();
    const { status, body } = await callAppJson("/api/email-signups", {
      method: "POST",
      json: { email: `  ${email.toUpperCase()} `, source: "/store" },
    });
    expect(status).toBe(202);
    expect(body).toEqual({ status: "confirmation_sent", message: SIGNUP_CHECK_INBOX });
    const row = await subscriber(email);
    expect(row).toMatchObject({
      status: "pending",
      consent_source: "/store",
      consent_text: signupConsentText,
      confirmed_at: null,
    });
    expect(row!.signed_up_at >= before).toBe(true);
    await drainMail();
    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({ kind: "signup", subject: expect.stringContaining("confirm your sign-up") });
    expect(mail!.html).toContain("http://localhost:8787/confirm-subscription?token=");
  });

  it("activates the address only when the link is confirmed, once", async () => {
    const email = newEmail();
    await signUp(email, "/");
    const token = await confirmationToken(email);
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: "confirmed", email });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "active", confirmation_requested_at: null });
    expect(row!.confirmed_at).toBeTruthy();
    // A second click is still a success and changes nothing.
    expect((await confirm(token)).body).toEqual({ status: "already_confirmed", email });
    expect(await subscriber(email)).toEqual(row);
  });

  it("answers every address the same, and tells an active one by e-mail that it is already signed up", async () => {
    const email = newEmail();
    await signUp(email);
    await confirm(await confirmationToken(email));
    const before = await subscriber(email);
    // Later than the five minutes one address waits between such e-mails (settings.recipientLimits).
    await drainMail();
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'mail-to:%'").run();
    const again = await signUp(email, "/store");
    expect(again.body).toEqual({ status: "confirmation_sent", message: SIGNUP_CHECK_INBOX });
    expect(await subscriber(email)).toEqual(before);
    await drainMail();
    expect((await outboxTo(email)).at(-1)).toMatchObject({ subject: expect.stringContaining("already signed up") });
    // Sign-ups of the same address straight after get the same answer, and send it nothing more.
    const sentSoFar = (await outboxTo(email)).length;
    for (let i = 0; i < 3; i++) expect((await signUp(email, "/")).body.status).toBe("confirmation_sent");
    await drainMail();
    expect(await outboxTo(email)).toHaveLength(sentSoFar);
  });

  it("never re-activates an unsubscribed address by a sign-up alone; only its own confirmation does", async () => {
    const email = newEmail();
    await env.DB.prepare(
      "INSERT INTO email_subscribers (email, status, signed_up_at, confirmed_at, unsubscribed_at, consent_source, consent_text) VALUES (?1, 'unsubscribed', '2024-01-01T00:00:00.000Z', '2024-01-01T00:05:00.000Z', '2024-02-01T00:00:00.000Z', '/', 'old words')",
    )
      .bind(email)
      .run();
    await signUp(email, "/boiler-pricing");
    expect(await subscriber(email)).toMatchObject({ status: "unsubscribed", consent_source: "/boiler-pricing" });
    // A campaign now still skips it.
    const sent = await sendCampaign(env, {
      emails: [email, "someone-else@example.com"],
      campaign: { subject: "s", title: "t", content: "c", offer: null, ctaText: "Go", ctaLink: "tel:01614960000" },
    }).catch((error: Error) => error);
    expect(sent).toBeInstanceOf(Error);
    await confirm(await confirmationToken(email));
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "active", unsubscribed_at: null, consent_text: signupConsentText });
    expect(row!.signed_up_at > "2024-02-01").toBe(true);
  });

  it("refuses a forged, stale or superseded confirmation link and changes nothing", async () => {
    const email = newEmail();
    await signUp(email);
    const row = await subscriber(email);
    const forged = await createSignupToken(
      { ...env, JWT_SECRET: "someone-elses-secret-0123456789abcdef" },
      email,
      row!.confirmation_requested_at,
    );
    const wrongTime = await createSignupToken(env, email, "2020-01-01T00:00:00.000Z");
    for (const token of [forged, wrongTime, "not-a-token", `${await confirmationToken(email)}x`]) {
      const { status, body } = await confirm(token);
      expect(status, token).toBe(400);
      expect(body.code).toBe("VALIDATION_FAILED");
    }
    expect(await subscriber(email)).toMatchObject({ status: "pending", confirmed_at: null });
  });

  it("refuses a link older than a week", async () => {
    const email = newEmail();
    const requestedAt = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO email_subscribers (email, status, signed_up_at, confirmation_requested_at) VALUES (?1, 'pending', ?2, ?2)",
    )
      .bind(email, requestedAt)
      .run();
    const { status, body } = await confirm(await createSignupToken(env, email, requestedAt));
    expect(status).toBe(400);
    expect(body.error).toContain("expired");
    expect(await subscriber(email)).toMatchObject({ status: "pending" });
  });

  it("sends at most one confirmation per address every few minutes", async () => {
    const email = newEmail();
    await signUp(email);
    await signUp(email);
    await signUp(email);
    await drainMail();
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("accepts a sign-up without a source page", async () => {
    const email = newEmail();
    expect((await callApp("/api/email-signups", { method: "POST", json: { email } })).status).toBe(202);
    expect((await subscriber(email))!.consent_source).toBeNull();
  });

  it.each([
    [{ email: "" }, "Please enter your email address"],
    [{ email: "   " }, "Please enter your email address"],
    [{}, "Please enter your email address"],
    [{ email: "no-at-sign" }, "Please enter a valid email address"],
    [{ email: "a@b" }, "Please enter a valid email address"],
    [{ email: 42 }, "Please enter your email address"],
    [{ email: "ok@example.com", source: "https://evil.example/" }, "The sign-up page is not valid"],
    [{ email: "ok@example.com", source: `/${"a".repeat(300)}` }, "The sign-up page is not valid"],
  ])("refuses %j with 400 and the message to show", async (json, message) => {
    const { status, body } = await callAppJson("/api/email-signups", { method: "POST", json });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: message });
    const email = (json as { email?: unknown }).email;
    if (typeof email === "string") expect(await subscriber(email.trim().toLowerCase())).toBeUndefined();
  });

  it("answers malformed JSON and a wrong content type with a message, storing nothing", async () => {
    const malformed = await callAppJson("/api/email-signups", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "x@example.com"',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      code: "VALIDATION_FAILED",
      error: "The request body is not valid JSON.",
      requestId: expect.any(String),
    });
    const email = newEmail();
    const form = await callAppJson("/api/email-signups", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ email }),
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      error: "Please send the request as JSON (Content-Type: application/json).",
    });
    expect(await subscriber(email)).toBeUndefined();
  });

  it("answers an oversized body with 413 and stores nothing", async () => {
    const email = newEmail();
    const res = await callApp("/api/email-signups", {
      method: "POST",
      json: { email, padding: "x".repeat(API_BODY_LIMIT_BYTES) },
    });
    expect(res.status).toBe(413);
    expect(await subscriber(email)).toBeUndefined();
  });
});
