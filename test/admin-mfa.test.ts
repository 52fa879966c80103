import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WRONG_CONFIRMATION } from "../schema/api/security";
import { totpCode } from "../worker/lib/totp";
import { admin, DEV, freshIp, login, resetSignIns, START, STEP, signedIn } from "./helpers/admin-sign-in";
import { call, callJson } from "./helpers/http";

// Two-step sign-in: turning it on and off, codes and recovery codes, remembered browsers. The login
// throttle is in admin-login-throttling.test.ts, the rest of the Security screen in admin-security.test.ts.

/** Turns the second factor on at START and answers the secret and the recovery codes. */
async function enableMfa() {
  const setup = await admin("/api/admin/mfa/setup", {});
  expect(setup.status).toBe(200);
  const enable = await admin("/api/admin/mfa/enable", { password: DEV.password, code: totpCode(setup.body.secret, Date.now()) });
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enable.body.recoveryCodes as string[] };
}

beforeEach(resetSignIns);
afterEach(() => {
  vi.useRealTimers();
});

describe("second factor (TOTP)", () => {
  it("sets up with a secret and an otpauth address, and turns on only after a valid code", async () => {
    const setup = await admin("/api/admin/mfa/setup", {});
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(setup.body.otpauthUri).toContain("algorithm=SHA1");
    expect(setup.body.otpauthUri).toContain("digits=6");
    expect(setup.body.otpauthUri).toContain("period=30");
    const wrong = await admin("/api/admin/mfa/enable", {
      password: DEV.password,
      code: "000000" === totpCode(setup.body.secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    // A stolen session cannot bind its own app: without the password, or with a wrong one, nothing turns on.
    expect((await admin("/api/admin/mfa/enable", { code: totpCode(setup.body.secret) })).status).toBe(400);
    expect((await admin("/api/admin/mfa/enable", { password: "guess", code: totpCode(setup.body.secret) })).status).toBe(400);
    expect((await admin("/api/admin/security")).body.mfaEnabled).toBe(false);
    const enable = await admin("/api/admin/mfa/enable", { password: DEV.password, code: totpCode(setup.body.secret) });
    expect(enable.body).toEqual({ enabled: true, recoveryCodes: expect.any(Array) });
    expect(enable.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    const security = await admin("/api/admin/security");
    expect(security.body).toMatchObject({ mfaEnabled: true, recoveryCodesLeft: 10 });
  });

  it("stores the secret encrypted and the recovery codes hashed", async () => {
    const { secret, recoveryCodes } = await enableMfa();
    const row = await env.DB.prepare("SELECT totp_secret FROM admin_accounts WHERE username = 'admin'").first<{
      totp_secret: string;
    }>();
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(secret);
    const { results } = await env.DB.prepare("SELECT code_hash FROM admin_recovery_codes").all<{ code_hash: string }>();
    for (const code of recoveryCodes) expect(results.some((r) => r.code_hash.includes(code.replace("-", "")))).toBe(false);
  });

  it("requires a code once on: the password alone gets mfaRequired and no token", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + STEP);
    const sessionsBefore = await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_sessions").first("n");
    const passwordOnly = await login(DEV);
    expect(passwordOnly.status).toBe(200);
    expect(passwordOnly.body).toEqual({ success: false, mfaRequired: true });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_sessions").first("n")).toBe(sessionsBefore);
    const withCode = await login({ ...DEV, code: totpCode(secret, START + STEP) });
    expect(withCode.body).toEqual({ success: true, token: expect.any(String) });
  });

  it("refuses a code that has signed in once (replay), and a wrong code, with 401", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + STEP);
    const code = totpCode(secret, START + STEP);
    expect((await login({ ...DEV, code })).body.success).toBe(true);
    const replay = await login({ ...DEV, code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("UNAUTHORIZED");
    const wrong = await login({ ...DEV, code: code === "123456" ? "654321" : "123456" });
    expect(wrong.status).toBe(401);
  });

  it("allows one step of clock drift each way, not two", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + 4 * STEP);
    expect((await login({ ...DEV, code: totpCode(secret, START + 3 * STEP) })).body.success).toBe(true);
    vi.setSystemTime(START + 8 * STEP);
    expect((await login({ ...DEV, code: totpCode(secret, START + 9 * STEP) })).body.success).toBe(true);
    vi.setSystemTime(START + 12 * STEP);
    expect((await login({ ...DEV, code: totpCode(secret, START + 10 * STEP) })).status).toBe(401);
    expect((await login({ ...DEV, code: totpCode(secret, START + 14 * STEP) })).status).toBe(401);
  });

  it("takes a recovery code instead, once", async () => {
    const { recoveryCodes } = await enableMfa();
    const code = recoveryCodes[3]!;
    expect((await login({ ...DEV, code: code.toUpperCase() })).body.success).toBe(true);
    expect((await login({ ...DEV, code })).status).toBe(401);
    expect((await admin("/api/admin/security")).body.recoveryCodesLeft).toBe(9);
  });

  it("counts failed codes toward the sign-in limit", async () => {
    const { secret } = await enableMfa();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ ...DEV, code: `00000${i}` }, { ip })).status).toBe(401);
    vi.setSystemTime(START + STEP);
    expect((await login({ ...DEV, code: totpCode(secret, START + STEP) }, { ip })).status).toBe(429);
  });

  it("turns off only with the password and a current code", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + STEP);
    expect((await admin("/api/admin/mfa/disable", { password: "wrong", code: totpCode(secret) })).status).toBe(400);
    expect((await admin("/api/admin/mfa/disable", { password: DEV.password, code: "000000" })).status).toBe(400);
    expect((await admin("/api/admin/security")).body.mfaEnabled).toBe(true);
    const off = await admin("/api/admin/mfa/disable", { password: DEV.password, code: totpCode(secret) });
    expect(off.body).toEqual({ enabled: false });
    expect((await login(DEV)).body.success).toBe(true);
  });

  it("renews the recovery codes with the password and a code: ten new ones work, every old one stops", async () => {
    const { secret, recoveryCodes } = await enableMfa();
    expect((await admin("/api/admin/mfa/recovery-codes", { password: DEV.password, code: "000000" })).status).toBe(400);
    const wrongPassword = await admin("/api/admin/mfa/recovery-codes", { password: "wrong", code: recoveryCodes[0] });
    expect(wrongPassword.status).toBe(400);
    // One answer whatever was wrong, so the form never tells a password guess it was right.
    const wrongCode = await admin("/api/admin/mfa/recovery-codes", { password: DEV.password, code: "000000" });
    expect(wrongPassword.body.error).toBe(WRONG_CONFIRMATION);
    expect(wrongCode.body).toEqual({ ...wrongPassword.body, requestId: wrongCode.body.requestId });

    vi.setSystemTime(START + STEP);
    const renewed = await admin("/api/admin/mfa/recovery-codes", { password: DEV.password, code: totpCode(secret) });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    for (const c of fresh) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await admin("/api/admin/security")).body).toMatchObject({ mfaEnabled: true, recoveryCodesLeft: 10 });

    expect((await login({ ...DEV, code: recoveryCodes[5] })).status).toBe(401);
    expect((await login({ ...DEV, code: fresh[5] })).body.success).toBe(true);
    // Still on, with the same app: its next code signs in.
    vi.setSystemTime(START + 2 * STEP);
    expect((await login({ ...DEV, code: totpCode(secret) })).body.success).toBe(true);
  });

  it("renews recovery codes only while two-step sign-in is on", async () => {
    const res = await admin("/api/admin/mfa/recovery-codes", { password: DEV.password, code: "123456" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Two-step sign-in is not on.");
  });

  it("lists the last sign-ins with time, address and outcome on the Security screen", async () => {
    await login(DEV, { ip: "198.51.100.7" });
    await login({ ...DEV, password: "nope" }, { ip: "198.51.100.8" });
    await login({ username: "someone-else", password: "x" }, { ip: "198.51.100.9" });
    const { body } = await admin("/api/admin/security");
    const row = (address: string, outcome: string, newDevice = false, username = "admin") => ({
      id: expect.any(Number),
      at: expect.any(String),
      username,
      address,
      userAgent: null,
      outcome,
      newDevice,
    });
    expect(body.signIns.slice(0, 3)).toEqual([
      row("198.51.100.9", "wrong_credentials", false, "(another name)"),
      row("198.51.100.8", "wrong_credentials"),
      // A browser with no device cookie: a success from a new device.
      row("198.51.100.7", "success", true),
    ]);
    // What was typed as a wrong username is never stored: it may be a password in the wrong box.
    const names = await env.DB.prepare("SELECT DISTINCT username FROM admin_sign_ins").all<{ username: string }>();
    expect(names.results.map((r) => r.username).sort()).toEqual(["(another name)", "admin"]);
  });
});

describe("remembering a browser", () => {
  it("skips the code for 30 days on the browser the owner ticked, nowhere else, until 'sign out everywhere'", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + STEP);
    const first = await login({ ...DEV, code: totpCode(secret), remember: true });
    expect(first.body.success).toBe(true);
    const cookie = first.setCookie!.split(";")[0]!;

    vi.setSystemTime(START + 2 * 86_400_000);
    expect((await login(DEV, { cookie })).body.success).toBe(true);
    // Another browser, or this one without its cookie, still needs the code.
    expect((await login(DEV)).body).toEqual({ success: false, mfaRequired: true });
    // Not ticked: not remembered.
    vi.setSystemTime(START + 2 * 86_400_000 + STEP);
    const unticked = await login({ ...DEV, code: totpCode(secret) });
    expect((await login(DEV, { cookie: unticked.setCookie!.split(";")[0]! })).body.mfaRequired).toBe(true);

    // After 30 days the code is asked again.
    vi.setSystemTime(START + 31 * 86_400_000);
    expect((await login(DEV, { cookie })).body.mfaRequired).toBe(true);

    // Remembered again, then "sign out everywhere" from that very browser: it stays known, but asks for the code.
    vi.setSystemTime(START + 31 * 86_400_000 + STEP);
    const again = await login({ ...DEV, code: totpCode(secret), remember: true }, { cookie });
    expect(again.body.success).toBe(true);
    expect((await login(DEV, { cookie })).body.success).toBe(true);
    await callJson("/api/admin/security/sign-out-everywhere", {
      method: "POST",
      headers: { Authorization: `Bearer ${again.body.token}`, Cookie: cookie },
    });
    expect((await login(DEV, { cookie })).body.mfaRequired).toBe(true);
  });
});

describe("changes to the second factor", () => {
  it("share the sign-in throttle, answer one message, and are all in the sign-in log", async () => {
    const { secret } = await enableMfa();
    const ip = freshIp();
    const tries = [];
    for (let i = 0; i < 20; i++) {
      const res = await call("/api/admin/mfa/disable", {
        method: "POST",
        json: { password: `guess-${i}`, code: totpCode(secret) },
        headers: { ...(await signedIn()), "CF-Connecting-IP": ip },
      });
      tries.push({ status: res.status, body: (await res.json()) as any });
    }
    const refused = tries.filter((t) => t.status === 400);
    const throttled = tries.filter((t) => t.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(10);
    expect(throttled.length).toBe(20 - refused.length);
    expect(new Set(refused.map((t) => t.body.error))).toEqual(new Set([WRONG_CONFIRMATION]));
    const log = (await admin("/api/admin/security")).body.signIns as { outcome: string }[];
    expect(log.filter((r) => r.outcome === "factor_refused")).toHaveLength(refused.length);
    expect(log.filter((r) => r.outcome === "throttled")).toHaveLength(throttled.length);
    // The guesses count on the sign-in throttle too: the same address cannot now guess at the login.
    expect((await login(DEV, { ip })).status).toBe(429);
    expect((await admin("/api/admin/security")).body.mfaEnabled).toBe(true);
  });

  it("logs a confirmed change", async () => {
    const { secret } = await enableMfa();
    vi.setSystemTime(START + STEP);
    expect((await admin("/api/admin/mfa/disable", { password: DEV.password, code: totpCode(secret) })).status).toBe(200);
    const log = (await admin("/api/admin/security")).body.signIns as { outcome: string }[];
    // Turning it on and turning it off.
    expect(log.filter((r) => r.outcome === "factor_confirmed")).toHaveLength(2);
  });
});
