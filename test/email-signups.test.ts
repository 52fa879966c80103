import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signupConsentText } from "../schema/business";
import { API_BODY_LIMIT_BYTES } from "../worker/app";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

let counter = 0;
const newEmail = () => `deals-${Date.now()}-${++counter}@example.com`;
const subscriber = (email: string) =>
  query<Record<string, any>>("SELECT * FROM email_subscribers WHERE email = ?1", email).then((rows) => rows[0]);

describe("POST /api/email-signups", () => {
  it("signs up a new address, normalised, with the consent evidence", async () => {
    const email = newEmail();
    const before = new Date().toISOString();
    const { status, body } = await callAppJson("/api/email-signups", {
      method: "POST",
      json: { email: `  ${email.toUpperCase()} `, source: "/store" },
    });
    expect(status).toBe(201);
    expect(body).toEqual({ status: "subscribed", message: "You're signed up for exclusive heating deals and tips!" });
    const row = await subscriber(email);
    expect(row).toMatchObject({ is_active: 1, consent_source: "/store", consent_text: signupConsentText, unsubscribed_at: null });
    expect(row!.signed_up_at >= before).toBe(true);
  });

  it("treats a repeat sign-up of an active address as a friendly success and keeps the first consent", async () => {
    const email = newEmail();
    await callApp("/api/email-signups", { method: "POST", json: { email, source: "/" } });
    const first = await subscriber(email);
    const { status, body } = await callAppJson("/api/email-signups", { method: "POST", json: { email, source: "/store" } });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "already_subscribed",
      message: "You're already signed up, so you won't miss a deal. Thank you!",
    });
    expect(await subscriber(email)).toEqual(first);
    expect(await query("SELECT id FROM email_subscribers WHERE email = ?1", email)).toHaveLength(1);
  });

  it("re-activates an unsubscribed address with fresh consent", async () => {
    const email = newEmail();
    await env.DB.prepare(
      "INSERT INTO email_subscribers (email, is_active, signed_up_at, unsubscribed_at, consent_source, consent_text) VALUES (?1, 0, '2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '/', 'old words')",
    )
      .bind(email)
      .run();
    const { status, body } = await callAppJson("/api/email-signups", {
      method: "POST",
      json: { email, source: "/boiler-pricing" },
    });
    expect(status).toBe(200);
    expect(body.status).toBe("resubscribed");
    expect(body.message).toMatch(/^Welcome back!/);
    expect(await subscriber(email)).toMatchObject({
      is_active: 1,
      unsubscribed_at: null,
      consent_source: "/boiler-pricing",
      consent_text: signupConsentText,
    });
    expect((await subscriber(email))!.signed_up_at > "2024-02-01").toBe(true);
  });

  it("accepts a sign-up without a source page", async () => {
    const email = newEmail();
    expect((await callApp("/api/email-signups", { method: "POST", json: { email } })).status).toBe(201);
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
