import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMON_PASSWORD, WRONG_CONFIRMATION, WRONG_CURRENT_PASSWORD } from "../schema/api/security";
import { solveChallenge } from "../schema/login-challenge";
import { settings } from "../schema/settings";
import app from "../worker/app";
import type { AppEnv } from "../worker/env";
import { issueAdminToken } from "../worker/lib/admin-token";
import { totpCode } from "../worker/lib/totp";
import { call, callJson } from "./helpers/http";
import { drainMail } from "./helpers/mail";

const DEV = { username: "admin", password: "admin-dev-password" };
const START = Date.parse("2026-11-23T10:00:07.000Z");
const STEP = 30_000;
let ipCounter = 0;
const freshIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

/** A sign-in as a browser would send it, with its own address and (optionally) its device cookie. */
async function login(body: Record<string, unknown>, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) {
  const res = await call("/api/admin/login", {
    method: "POST",
    json: body,
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { res, status: res.status, body: (await res.json()) as any, setCookie: res.headers.get("Set-Cookie") };
}

/** Does a challenge's work, as the login screen does. */
async function solve(challenge: { token: string; nonce: string; bits: number }) {
  return { challenge: challenge.token, solution: await solveChallenge(challenge.nonce, challenge.bits) };
}

async function signedIn() {
  const token = await issueAdminToken(env, "admin");
  return { Authorization: `Bearer ${token}` };
}

const admin = async (path: string, json?: unknown) =>
  callJson(path, { method: json === undefined ? "GET" : "POST", json, headers: await signedIn() });

/** Turns the second factor on at START and answers the secret and the recovery codes. */
async function enableMfa() {
  const setup = await admin("/api/admin/mfa/setup", {});
  expect(setup.status).toBe(200);
  const enable = await admin("/api/admin/mfa/enable", { password: DEV.password, code: totpCode(setup.body.secret, Date.now()) });
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enable.body.recoveryCodes as string[] };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  await env.DB.batch([
    env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'login:%'"),
    env.DB.prepare("DELETE FROM admin_accounts"),
    env.DB.prepare("DELETE FROM admin_recovery_codes"),
    env.DB.prepare("DELETE FROM admin_devices"),
    env.DB.prepare("DELETE FROM admin_sign_ins"),
  ]);
  // admin_accounts (cleared above) also holds a changed password: every test starts with the Worker secret's.
});
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
    const row = (address: string, outcome: string, newDevice = false) => ({
      id: expect.any(Number),
      at: expect.any(String),
      address,
      userAgent: null,
      outcome,
      newDevice,
    });
    expect(body.signIns.slice(0, 3)).toEqual([
      row("198.51.100.9", "wrong_credentials"),
      row("198.51.100.8", "wrong_credentials"),
      // A browser with no device cookie: a success from a new device.
      row("198.51.100.7", "success", true),
    ]);
    // What was typed as a wrong username is never stored: it may be a password in the wrong box.
    const names = await env.DB.prepare("SELECT DISTINCT username FROM admin_sign_ins").all<{ username: string }>();
    expect(names.results.map((r) => r.username).sort()).toEqual(["(another name)", "admin"]);
  });
});

describe("the sign-in history", () => {
  it("cannot be flushed: all of it, a page at a time, with successes and new browsers one filter away", async () => {
    const first = await login(DEV, { ip: "198.51.100.20" });
    const cookie = first.setCookie!.split(";")[0]!;
    for (let i = 0; i < 30; i++) await login({ username: "junk", password: `junk-${i}` });
    // The same browser again is not a new one.
    expect((await login(DEV, { ip: "198.51.100.21", cookie })).status).toBe(200);

    const page = async (query: string) => {
      const res = await call(`/api/admin/security/sign-ins?${query}`, { headers: await signedIn() });
      expect(res.status, query).toBe(200);
      return {
        rows: (await res.json()) as { address: string; outcome: string; newDevice: boolean }[],
        total: Number(res.headers.get("X-Total-Count")),
        counts: JSON.parse(res.headers.get("X-Tab-Counts")!),
      };
    };
    const all = await page("limit=20");
    expect(all.rows).toHaveLength(20);
    expect(all.total).toBeGreaterThanOrEqual(32);
    const rest = await page("limit=200&offset=20");
    expect([...all.rows, ...rest.rows].map((r) => r.address)).toContain("198.51.100.20");
    const successes = await page("show=successes");
    expect(successes.rows.map((r) => [r.address, r.newDevice])).toEqual([
      ["198.51.100.21", false],
      ["198.51.100.20", true],
    ]);
    expect((await page("show=new-devices")).rows.map((r) => r.address)).toEqual(["198.51.100.20"]);
    const failures = await page("show=failures&limit=5");
    expect(failures.rows.every((r) => r.outcome !== "success")).toBe(true);
    expect(failures.counts).toMatchObject({ successes: 2, "new-devices": 1, failures: 30 });
    expect((await call("/api/admin/security/sign-ins?show=everything", { headers: await signedIn() })).status).toBe(400);
  });
});

describe("sign-in throttling per account, per address and per device", () => {
  it("slows a username after 10 failures from anywhere: an unknown browser is set a challenge, never refused for a window", async () => {
    for (let i = 0; i < 10; i++) expect((await login({ ...DEV, password: `guess-${i}` })).status).toBe(401);
    const slowed = await login(DEV);
    expect(slowed.status).toBe(200);
    expect(slowed.body).toEqual({
      success: false,
      challenge: { token: expect.any(String), nonce: expect.any(String), bits: settings.adminLogin.challengeBits },
    });
    // A name that does not exist is counted the same way, so the answer never tells which names exist.
    for (let i = 0; i < 10; i++) expect((await login({ username: "nobody", password: `guess-${i}` })).status).toBe(401);
    expect((await login({ username: "NOBODY", password: "x" })).body.challenge).toBeDefined();
    // Solved, the right password signs in at once.
    const solved = await solve(slowed.body.challenge);
    expect((await login({ ...DEV, ...solved })).body.success).toBe(true);
  });

  it("counts an IPv6 /64 as one address", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: `user${i}`, password: "x" }, { ip: `2001:db8:aa:bb::${i + 1}` })).status).toBe(401);
    }
    expect((await login({ username: "user9", password: "x" }, { ip: "2001:db8:aa:bb:ffff::9" })).status).toBe(429);
    expect((await login({ username: "user9", password: "x" }, { ip: "2001:db8:aa:cc::9" })).status).toBe(401);
  });

  it("counts each attempt before the password is checked, so parallel guesses cannot all get through", async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ ...DEV, password: `p-${i}` }, { ip })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
  });

  it("lets a browser that signed in before past a locked account (device cookie), with a limit of its own", async () => {
    const first = await login(DEV);
    expect(first.setCookie).toMatch(/^__Secure-admin-device=[\w.-]+;/);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/Secure/);
    expect(first.setCookie).toMatch(/SameSite=Strict/i);
    expect(first.setCookie).toMatch(/Path=\/api\/admin;/);
    const cookie = first.setCookie!.split(";")[0]!;
    // An attacker floods the owner's name from many addresses.
    for (let i = 0; i < 12; i++) await login({ ...DEV, password: `attack-${i}` });
    expect((await login(DEV)).body.challenge).toBeDefined();
    // The owner's own browser still gets in.
    expect((await login(DEV, { cookie })).status).toBe(200);
    // …but guessing from that browser has its own limit.
    for (let i = 0; i < 10; i++) await login({ ...DEV, password: `typo-${i}` }, { cookie });
    expect((await login(DEV, { cookie })).status).toBe(429);
  });

  it("forgets every other browser when the owner signs out everywhere, and keeps the one it was pressed on", async () => {
    const mine = await login(DEV);
    const other = await login(DEV);
    const myCookie = mine.setCookie!.split(";")[0]!;
    const otherCookie = other.setCookie!.split(";")[0]!;
    const out = await callJson("/api/admin/security/sign-out-everywhere", {
      method: "POST",
      headers: { Authorization: `Bearer ${mine.body.token}`, Cookie: myCookie },
    });
    // Sessions of earlier tests count too; of the two browsers, only the other one is forgotten.
    expect(out.body.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(out.body.devicesForgotten).toBe(1);
    for (const token of [mine.body.token, other.body.token])
      expect((await call("/api/admin/quotes", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    // An attacker then floods the owner's name: the owner's own browser still signs in, the forgotten one does not.
    for (let i = 0; i < 12; i++) await login({ ...DEV, password: `attack-${i}` });
    expect((await login(DEV, { cookie: otherCookie })).body.challenge).toBeDefined();
    expect((await login(DEV, { cookie: myCookie })).status).toBe(200);
  });
});

describe("changing the password", () => {
  it("needs the current one, 12 characters and not a common one; signs out every other session; the new one signs in", async () => {
    const mine = await issueAdminToken(env, "admin");
    const other = await issueAdminToken(env, "admin");
    const change = (json: Record<string, string>) =>
      callJson("/api/admin/security/password", {
        method: "POST",
        json,
        headers: { Authorization: `Bearer ${mine}`, "CF-Connecting-IP": freshIp() },
      });
    const fresh = "kettle lighthouse orange 42";
    const pathsOf = (body: any) => body.details.map((d: { path: string }) => d.path);
    expect(pathsOf((await change({ current: DEV.password, password: "short", confirm: "short" })).body)).toEqual(["password"]);
    expect(pathsOf((await change({ current: DEV.password, password: fresh, confirm: `${fresh}!` })).body)).toEqual(["confirm"]);
    const common = await change({ current: DEV.password, password: "1234567890qwerty", confirm: "1234567890qwerty" });
    expect(common.body).toMatchObject({ error: COMMON_PASSWORD });
    const wrong = await change({ current: "not-it", password: fresh, confirm: fresh });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: "current", message: WRONG_CURRENT_PASSWORD }]);

    const done = await change({ current: DEV.password, password: fresh, confirm: fresh });
    expect(done.status).toBe(200);
    expect(done.body.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await call("/api/admin/quotes", { headers: { Authorization: `Bearer ${other}` } })).status).toBe(401);
    expect((await call("/api/admin/quotes", { headers: { Authorization: `Bearer ${mine}` } })).status).toBe(200);
    expect((await login(DEV)).status).toBe(401);
    expect((await login({ username: "admin", password: fresh })).body.success).toBe(true);
    const log = (await admin("/api/admin/security")).body.signIns as { outcome: string }[];
    expect(log.map((r) => r.outcome)).toContain("password_changed");
    expect(log.map((r) => r.outcome)).toContain("factor_refused");
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

describe("an account under attack", () => {
  it("50 wrong passwords from 50 addresses: a known browser signs in, an unknown one after its challenge, the owner is told once", async () => {
    const known = await login(DEV);
    const cookie = known.setCookie!.split(";")[0]!;
    // Earlier tests' alerts (each test starts with fresh counters) are sent and cleared first.
    await drainMail();
    await env.DB.prepare("DELETE FROM outbox WHERE subject LIKE '%trying to log in%'").run();
    for (let i = 0; i < 50; i++) expect([401, 200]).toContain((await login({ ...DEV, password: `attack-${i}` })).status);

    expect((await login(DEV, { cookie })).body.success).toBe(true);

    const asked = await login(DEV);
    expect(asked.status).toBe(200);
    const work = await solve(asked.body.challenge);
    // A wrong answer, or someone else's challenge answered for it, is another challenge.
    expect((await login({ ...DEV, challenge: work.challenge, solution: "x" })).body.challenge).toBeDefined();
    expect((await login({ ...DEV, challenge: `${work.challenge}x`, solution: work.solution })).body.challenge).toBeDefined();
    const inside = await login({ ...DEV, ...work });
    expect(inside.body.success).toBe(true);
    // A solution buys one attempt.
    expect((await login({ ...DEV, ...work })).body.challenge).toBeDefined();
    // An expired one too is only another challenge.
    const late = await solve((await login(DEV)).body.challenge);
    vi.setSystemTime(START + (settings.adminLogin.challengeSeconds + 1) * 1000);
    expect((await login({ ...DEV, ...late })).body.challenge).toBeDefined();

    // However long the attack, one e-mail in the hour.
    await drainMail();
    const sent = await env.DB.prepare("SELECT subject, text FROM outbox WHERE subject LIKE '%trying to log in%'").all<{
      subject: string;
      text: string;
    }>();
    expect(sent.results).toHaveLength(1);
    expect(sent.results[0]!.text).toContain("two-step sign-in");
    const log = (await admin("/api/admin/security")).body.signIns as { outcome: string }[];
    expect(log.some((r) => r.outcome === "challenged")).toBe(true);
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

describe("development credentials", () => {
  async function fromHost(host: string, path: string, init: RequestInit & { json?: unknown } = {}) {
    const { json, ...rest } = init;
    const request = new Request(`http://${host}${path}`, {
      ...rest,
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...(rest.headers as Record<string, string>) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const res = await app.fetch(request, { ...env, ENVIRONMENT: "development" } as AppEnv, createExecutionContext());
    return { status: res.status, body: (await res.json()) as any };
  }

  it("work only for requests to localhost or 127.0.0.1", async () => {
    expect((await fromHost("localhost", "/api/admin/login", { method: "POST", json: DEV })).status).toBe(200);
    expect((await fromHost("127.0.0.1:8787", "/api/admin/login", { method: "POST", json: DEV })).status).toBe(200);
    const remote = await fromHost("heating.example.com", "/api/admin/login", { method: "POST", json: DEV });
    expect(remote.status).toBe(503);
    expect(remote.body.code).toBe("NOT_CONFIGURED");
  });

  it("never accept a token signed with the development key on another host", async () => {
    const token = await issueAdminToken(env, "admin");
    expect((await fromHost("localhost", "/api/admin/quotes", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    const remote = await fromHost("heating.example.com", "/api/admin/quotes", { headers: { Authorization: `Bearer ${token}` } });
    expect(remote.status).not.toBe(200);
  });
});

describe("admin answers are never cached", () => {
  it("carries Cache-Control: no-store on every admin answer, including refusals and the login", async () => {
    const headers = await signedIn();
    const reads = app.routes.filter((r) => r.method === "GET" && r.path.startsWith("/api/admin/") && !r.path.includes(":"));
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const { path } of reads) {
      const res = await call(path, { headers });
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
    }
    expect((await call("/api/admin/quotes")).headers.get("Cache-Control")).toBe("no-store");
    expect((await login(DEV)).res.headers.get("Cache-Control")).toBe("no-store");
    expect((await login({ ...DEV, password: "x" })).res.headers.get("Cache-Control")).toBe("no-store");
  });
});
