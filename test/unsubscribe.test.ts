import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUnsubscribeToken, verifyUnsubscribeToken } from "../worker/lib/unsubscribe-token";
import { addSubscriber } from "./helpers/factories-campaigns";
import { call, callJson } from "./helpers/http";

const isActive = async (email: string) =>
  (await env.DB.prepare("SELECT status FROM email_subscribers WHERE email = ?1").bind(email).first("status")) === "active";

/** Flips one character of the signature: what a tampered or mistyped link looks like. */
function tamper(token: string) {
  const last = token.at(-1) === "A" ? "B" : "A";
  return token.slice(0, -1) + last;
}

describe("unsubscribe tokens", () => {
  it("verify for the address they were made for, whatever its letter case", async () => {
    const token = await createUnsubscribeToken(env, "Jo.Bloggs@Example.com");
    expect(await verifyUnsubscribeToken(env, token)).toBe("jo.bloggs@example.com");
    expect(await createUnsubscribeToken(env, "jo.bloggs@example.com")).toBe(token);
  });

  it("are refused when tampered with, swapped to another address or signed with another secret", async () => {
    const token = await createUnsubscribeToken(env, "jo@example.com");
    const other = await createUnsubscribeToken(env, "someone@example.com");
    const swapped = `${other.split(".")[0]}.${token.split(".")[1]}`;
    const foreign = await createUnsubscribeToken(
      { ...env, JWT_SECRET: "another-deployment-secret-0123456789abcdef" },
      "jo@example.com",
    );
    // A different spelling of the same signature bytes (the last character's unused bits changed).
    const lastIndex = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(token.at(-1)!);
    const respelled = token.slice(0, -1) + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[lastIndex ^ 1];
    for (const bad of [tamper(token), respelled, swapped, foreign, "", "abc", "a.b.c", `${token}.x`, "!!!.???"]) {
      expect(await verifyUnsubscribeToken(env, bad)).toBeNull();
    }
  });
});

describe("GET /unsubscribe", () => {
  it("shows a confirm page with the address and a button, and unsubscribes nobody", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    const res = await call(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(email);
    expect(html).toContain('<form method="post" action="/api/unsubscribe">');
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain('<button type="submit">Unsubscribe</button>');
    expect(html).toContain("0161 496 0123");
    expect(await isActive(email)).toBe(true);
  });

  it("refuses a tampered link with a 400 page", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    const res = await call(`/unsubscribe?token=${encodeURIComponent(tamper(token))}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("This link isn't valid");
    expect(html).not.toContain("<form");
    expect(await isActive(email)).toBe(true);
  });

  it("refuses a link without a token", async () => {
    const res = await call("/unsubscribe");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("missing its token");
  });

  it("tells an unsubscribed address it is already unsubscribed", async () => {
    const email = await addSubscriber(undefined, false);
    const res = await call(`/unsubscribe?token=${await createUnsubscribeToken(env, email)}`);
    expect(await res.text()).toContain("You're already unsubscribed");
  });
});

describe("POST /api/unsubscribe", () => {
  it("accepts the RFC 8058 one-click POST (token in the URL, List-Unsubscribe=One-Click body)", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    const res = await call(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true, email });
    expect(await isActive(email)).toBe(false);
    expect(
      await env.DB.prepare("SELECT unsubscribed_at FROM email_subscribers WHERE email = ?1").bind(email).first("unsubscribed_at"),
    ).toBeTruthy();
  });

  it("accepts the confirm page's form and answers with a page", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    const res = await call("/api/unsubscribe", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You're unsubscribed");
    expect(await isActive(email)).toBe(false);
  });

  it("accepts a JSON body and is harmless to repeat", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    for (let i = 0; i < 2; i++) {
      const { status, body } = await callJson("/api/unsubscribe", { method: "POST", json: { token } });
      expect(status).toBe(200);
      expect(body.unsubscribed).toBe(true);
    }
    expect(await isActive(email)).toBe(false);
  });

  it("refuses a tampered token with a clear 400 and leaves the subscriber alone", async () => {
    const email = await addSubscriber();
    const token = await createUnsubscribeToken(env, email);
    const { status, body } = await callJson("/api/unsubscribe", { method: "POST", json: { token: tamper(token) } });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "VALIDATION_FAILED",
      error: "This unsubscribe link is not valid. Please use the link from one of our e-mails.",
    });

    const page = await call("/api/unsubscribe", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ token: tamper(token) }).toString(),
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("This link isn't valid");
    expect(await isActive(email)).toBe(true);
  });

  it("refuses a request without a token", async () => {
    const { status, body } = await callJson("/api/unsubscribe", { method: "POST", json: {} });
    expect(status).toBe(400);
    expect(body.error).toBe("The unsubscribe link is missing its token.");
  });
});
