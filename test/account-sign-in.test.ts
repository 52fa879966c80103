import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../worker/app";
import { account, asCustomer, landlord, outgoingLinks, signIn } from "./helpers/account";
import { guardedEnv } from "./helpers/d1-guard";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";

/** The answer's time without the work it left for after the answer (the e-mail). */
async function timedSignIn(email: string) {
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(
    new Request("http://localhost/api/account/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify({ email }),
    }),
    guardedEnv(env),
    ctx,
  );
  const ms = performance.now() - started;
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, body, ms };
}

describe("signing in to the account", () => {
  it("answers the same, as fast, for a customer's address and a stranger's, and e-mails only the customer", async () => {
    const { email } = await landlord("Known");
    const stranger = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timedSignIn(email);
      const b = await timedSignIn(stranger);
      expect(a.status).toBe(202);
      expect(b).toMatchObject({ status: 202, body: a.body });
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
    expect((await outgoingLinks(email)).length).toBe(3);
    expect(await outgoingLinks(stranger)).toEqual([]);
    const bad = await callAppJson("/api/account/sign-in", { method: "POST", json: { email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please enter a valid email address");
  });

  it("stops e-mailing one address after five links in an hour and one client after ten requests, answering the same", async () => {
    const { email } = await landlord("Busy");
    const ip = `10.77.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < 7; i++) {
      const res = await callApp("/api/account/sign-in", { method: "POST", json: { email }, ip: `${ip}${i}` });
      expect(res.status).toBe(202);
    }
    expect((await outgoingLinks(email)).length).toBe(5);
    for (let i = 0; i < 10; i++)
      await callApp("/api/account/sign-in", { method: "POST", json: { email: `x${i}@example.com` }, ip });
    const refused = await callAppJson("/api/account/sign-in", { method: "POST", json: { email: "y@example.com" }, ip });
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("Retry-After")).toBeTruthy();
  });

  it("opens a session once per link, within 15 minutes, in a cookie scripts cannot read", async () => {
    const { email } = await landlord("Once");
    await callApp("/api/account/sign-in", { method: "POST", json: { email } });
    const [token] = await outgoingLinks(email);
    const first = await callApp("/api/account/session", { method: "POST", json: { token } });
    expect(first.status).toBe(200);
    const [cookie, hint] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-account=[\w-]{43};/);
    // The page's flag that a session may exist: no secret in it, readable by the page.
    expect(hint).toMatch(/^account_hint=1;/);
    // The whole site's: /book reads it, so "Book the check" books as the account.
    expect(hint).toContain("Path=/;");
    expect(hint).not.toContain("HttpOnly");
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/api/account");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Lax");
    const again = await callAppJson("/api/account/session", { method: "POST", json: { token } });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("This sign-in link has expired or was already used. Please ask for a new one.");

    // A link 16 minutes old.
    await callApp("/api/account/sign-in", { method: "POST", json: { email }, ip: "10.66.1.1" });
    const [late] = await outgoingLinks(email);
    expect(late).not.toBe(token);
    await query(
      "UPDATE account_sign_in_links SET expires_at = ?1 WHERE email = ?2 AND used_at IS NULL",
      new Date(Date.now() - 60_000).toISOString(),
      email,
    );
    expect((await callApp("/api/account/session", { method: "POST", json: { token: late } })).status).toBe(401);
    expect((await callApp("/api/account/session", { method: "POST", json: { token: "short" } })).status).toBe(400);
  });

  it("signs out this browser, or every browser", async () => {
    const { email } = await landlord("Leaving");
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const tablet = await signIn(email);
    expect((await account(phone)).status).toBe(200);
    const out = await callApp("/api/account/session", { method: "DELETE", headers: asCustomer(phone) });
    expect(out.status).toBe(204);
    expect(out.headers.get("Set-Cookie")).toMatch(/__Secure-account=;.*Max-Age=0/);
    expect((await account(phone)).status).toBe(401);
    expect((await account(laptop)).status).toBe(200);
    await callApp("/api/account/session?everywhere=1", { method: "DELETE", headers: asCustomer(laptop) });
    expect((await account(laptop)).status).toBe(401);
    expect((await account(tablet)).status).toBe(401);
    expect((await callAppJson("/api/account")).body.error).toBe("Please sign in to see your account.");
  });
});
