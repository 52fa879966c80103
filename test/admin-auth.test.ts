import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { base64url, decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import app from "../worker/app";
import type { AppEnv } from "../worker/env";
import { ADMIN_AUDIENCE, issueAdminToken } from "../worker/lib/admin-token";
import { hashPassword, parsePasswordHash, verifyPassword } from "../worker/lib/password";
import { JWT_ISSUER, requireJwtSecret } from "../worker/lib/signing-secret";
import { signUploadToken } from "../worker/lib/upload-token";
import { adminHeaders } from "./helpers/admin";
import { createEnquiry } from "./helpers/factories-admin";
import { call, callJson } from "./helpers/http";

const DEV = { username: "admin", password: "admin-dev-password" };
let ipCounter = 0;
/** Each test logs in from its own address, so throttling counts never leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/**
 * Failed logins also count against the username, from any address: every test here signs in as
 * "admin", so each starts with the sign-in counters cleared.
 */
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'login:%'").run();
});

function login(body: unknown, ip = freshIp()) {
  return callJson("/api/admin/login", { method: "POST", json: body, headers: { "CF-Connecting-IP": ip } });
}

/** The app with another environment (production, secrets set or missing), as a deploy would run it. */
async function callWith(overrides: Partial<AppEnv>, path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const request = new Request(`http://localhost${path}`, {
    ...rest,
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...(rest.headers as Record<string, string>) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const res = await app.fetch(request, { ...env, ...overrides }, createExecutionContext());
  return { res, status: res.status, body: (await res.json()) as any };
}

const productionSecrets = async (password = "correct horse battery staple") => ({
  ENVIRONMENT: "production" as const,
  ADMIN_USERNAME: "owner",
  ADMIN_PASSWORD_HASH: await hashPassword(password),
  JWT_SECRET: "production-test-secret-0123456789abcdef",
});

describe("admin login", () => {
  it("logs in with the local development credentials and answers { success, token }", async () => {
    const { status, body } = await login(DEV);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: "admin", iss: JWT_ISSUER, aud: ADMIN_AUDIENCE });
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);
    const session = await env.DB.prepare("SELECT username, revoked_at FROM admin_sessions WHERE jti = ?1")
      .bind(claims.jti)
      .first();
    expect(session).toEqual({ username: "admin", revoked_at: null });
    const enquiries = await call("/api/admin/quotes", { headers: { Authorization: `Bearer ${body.token}` } });
    expect(enquiries.status).toBe(200);
  });

  it("answers 401 without saying whether the username or the password was wrong", async () => {
    const wrongPassword = await login({ username: "admin", password: "nope" });
    const wrongUser = await login({ username: "someone", password: DEV.password });
    for (const { status, body } of [wrongPassword, wrongUser]) {
      expect(status).toBe(401);
      expect(body).toEqual({ error: "Invalid username or password", code: "UNAUTHORIZED", requestId: expect.any(String) });
    }
  });

  it("requires a username and a password", async () => {
    const { status, body } = await login({ username: " ", password: "" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: "Username is required" });
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(["username", "password"]);
  });

  it("throttles an address after 5 failed logins in 15 minutes with 429 and Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ username: "admin", password: `guess-${i}` }, ip)).status).toBe(401);
    const blocked = await login({ username: "admin", password: "guess-6" }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: "RATE_LIMITED" });
    const retryAfter = Number(blocked.res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    // A sliding window: the failures fade out over the next 15 minutes.
    expect(retryAfter).toBeLessThanOrEqual(2 * 15 * 60);
    // Even the right password waits out the window; another address is unaffected.
    expect((await login(DEV, ip)).status).toBe(429);
    expect((await login(DEV)).body.success).toBe(true);
  });

  it("counts only failures towards the throttle", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login({ username: "admin", password: "wrong" }, ip);
    for (let i = 0; i < 3; i++) expect((await login(DEV, ip)).body.success).toBe(true);
    expect((await login({ username: "admin", password: "wrong" }, ip)).status).toBe(401);
    expect((await login(DEV, ip)).status).toBe(429);
  });

  it("refuses logins in a deploy without secrets with 503 naming what to set", async () => {
    const { status, body } = await callWith({ ENVIRONMENT: "production" }, "/api/admin/login", { method: "POST", json: DEV });
    expect(status).toBe(503);
    expect(body.code).toBe("NOT_CONFIGURED");
    for (const name of ["ADMIN_USERNAME", "ADMIN_PASSWORD_HASH", "JWT_SECRET"]) expect(body.error).toContain(name);
    expect(body.error).toContain("npm run admin:password");
  });

  it("names only the secret that is missing, and refuses a malformed hash or a short JWT secret", async () => {
    const secrets = await productionSecrets();
    const noJwt = await callWith({ ...secrets, JWT_SECRET: undefined }, "/api/admin/login", { method: "POST", json: DEV });
    expect(noJwt.status).toBe(503);
    expect(noJwt.body.error).toContain("JWT_SECRET");
    expect(noJwt.body.error).not.toContain("ADMIN_USERNAME");
    const badHash = await callWith({ ...secrets, ADMIN_PASSWORD_HASH: "hunter2" }, "/api/admin/login", {
      method: "POST",
      json: DEV,
    });
    expect(badHash.status).toBe(503);
    expect(badHash.body.error).toContain("ADMIN_PASSWORD_HASH");
    const shortJwt = await callWith({ ...secrets, JWT_SECRET: "short" }, "/api/admin/login", { method: "POST", json: DEV });
    expect(shortJwt.status).toBe(503);
    expect(shortJwt.body.error).toContain("JWT_SECRET");
  });

  it("uses the deploy's secrets in production and never the development credentials", async () => {
    const secrets = await productionSecrets();
    const dev = await callWith(secrets, "/api/admin/login", { method: "POST", json: DEV });
    expect(dev.status).toBe(401);
    const ok = await callWith(secrets, "/api/admin/login", {
      method: "POST",
      json: { username: "owner", password: "correct horse battery staple" },
    });
    expect(ok.body.success).toBe(true);
    const authed = await callWith(secrets, "/api/admin/customers", { headers: { Authorization: `Bearer ${ok.body.token}` } });
    expect(authed.status).toBe(200);
    // Signed with the deploy's JWT_SECRET: worthless where another secret is used.
    const elsewhere = await call("/api/admin/customers", { headers: { Authorization: `Bearer ${ok.body.token}` } });
    expect(elsewhere.status).toBe(401);
  });

  it("stops offering the development credentials once secrets are set locally", async () => {
    const secrets = { ...(await productionSecrets()), ENVIRONMENT: "development" as const };
    expect((await callWith(secrets, "/api/admin/login", { method: "POST", json: DEV })).status).toBe(401);
  });
});

describe("admin password hashes", () => {
  it("stores PBKDF2-SHA256 with 100,000 iterations and a random salt", async () => {
    const first = await hashPassword("a long enough password");
    const second = await hashPassword("a long enough password");
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(parsePasswordHash(first)?.hash.length).toBe(32);
    expect(await verifyPassword("a long enough password", first)).toBe(true);
    expect(await verifyPassword("a long enough passworD", first)).toBe(false);
  });

  it("refuses hashes it cannot check rather than guessing", async () => {
    expect(parsePasswordHash("plain-text")).toBeNull();
    expect(parsePasswordHash("pbkdf2-sha256$200000$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==")).toBeNull();
    expect(parsePasswordHash("bcrypt$10$abc$def")).toBeNull();
    expect(await verifyPassword("x", "pbkdf2-sha256$1$$")).toBe(false);
  });
});

describe("admin routes are closed without a valid session", () => {
  /**
   * Public on purpose: signing in, and an invited person's link (looked up, then used to set a
   * password: test/team.test.ts). Every other admin route must refuse a caller without a session.
   */
  const PUBLIC_ADMIN_ROUTES = new Set(["POST /api/admin/login", "POST /api/admin/join/invitation", "POST /api/admin/join"]);

  /**
   * Every route the app has under /api/admin, read from the router itself, so a route added later
   * is covered without anyone editing a list. Path parameters get sample values; quote routes get a
   * real quote so the test can see that nothing changed.
   */
  const routes = (enquiryId: number) => {
    const seen = new Set<string>();
    return app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/") && !PUBLIC_ADMIN_ROUTES.has(`${r.method} ${r.path}`))
      .map(
        (r) =>
          [
            r.method,
            r.path
              .replace(/:id\b/g, String(enquiryId))
              .replace(/:email\b/g, "someone%40example.com")
              .replace(/:[a-z]+/gi, "1"),
          ] as const,
      )
      .filter(([method, path]) => !seen.has(`${method} ${path}`) && seen.add(`${method} ${path}`));
  };

  it("covers every admin route of the router", async () => {
    const listed = routes(1).map(([method, path]) => `${method} ${path}`);
    for (const known of [
      "GET /api/admin/quotes",
      "POST /api/admin/send-campaign",
      "POST /api/admin/campaigns/1/retry-failed",
      "POST /api/admin/logout",
    ])
      expect(listed).toContain(known);
  });

  async function expectAllRefused(headers: Record<string, string>) {
    const enquiry = await createEnquiry();
    for (const [method, path] of routes(enquiry.id)) {
      const res = await call(path, { method, headers, json: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
    // Nothing was changed by the refused calls.
    const row = await env.DB.prepare("SELECT is_read, replied_at FROM quotes WHERE id = ?1").bind(enquiry.id).first();
    expect(row).toEqual({ is_read: 0, replied_at: null });
  }

  async function liveSession() {
    const token = (await adminHeaders()).Authorization!.slice("Bearer ".length);
    return decodeJwt(token);
  }

  it("refuses every admin route without a token", () => expectAllRefused({}));

  it("refuses a header that is not a bearer token", () => expectAllRefused({ Authorization: "Basic YWRtaW46YWRtaW4=" }));

  it("refuses a token with a forged signature", async () => {
    const forged = await issueAdminToken({ ...env, JWT_SECRET: "someone-elses-secret-0123456789abcdef" }, "admin");
    await expectAllRefused({ Authorization: `Bearer ${forged}` });
  });

  it("refuses an unsigned alg:none token carrying a live session's claims", async () => {
    const claims = await liveSession();
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const unsigned = `${header}.${base64url.encode(JSON.stringify(claims))}.`;
    await expectAllRefused({ Authorization: `Bearer ${unsigned}` });
  });

  it("refuses a token for another audience, including an upload token", async () => {
    const claims = await liveSession();
    const wrongAudience = await new SignJWT({ jti: claims.jti })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("admin")
      .setIssuer(JWT_ISSUER)
      .setAudience("someone-else")
      .setExpirationTime("1h")
      .sign(requireJwtSecret(env));
    await expectAllRefused({ Authorization: `Bearer ${wrongAudience}` });
    await expectAllRefused({ Authorization: `Bearer ${await signUploadToken(env, "product-images/x.png", claims.jti!)}` });
  });

  it("refuses an expired token", async () => {
    const expired = await issueAdminToken(env, "admin", Date.now() - 9 * 60 * 60 * 1000);
    await expectAllRefused({ Authorization: `Bearer ${expired}` });
  });

  it("ends the session on logout: the same token is refused afterwards", async () => {
    const { body } = await login(DEV);
    const auth = { Authorization: `Bearer ${body.token}` };
    const out = await callJson("/api/admin/logout", { method: "POST", headers: auth });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const row = await env.DB.prepare("SELECT revoked_at FROM admin_sessions WHERE jti = ?1")
      .bind(decodeJwt(body.token).jti)
      .first<{ revoked_at: string | null }>();
    expect(row?.revoked_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expectAllRefused(auth);
    // Other sessions live on.
    expect((await call("/api/admin/quotes", { headers: await adminHeaders() })).status).toBe(200);
  });
});
