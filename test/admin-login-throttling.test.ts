import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { solveChallenge } from "../schema/login-challenge";
import { settings } from "../schema/settings";
import { admin, DEV, freshIp, login, resetSignIns, START } from "./helpers/admin-sign-in";
import { call, callJson } from "./helpers/http";
import { drainMail } from "./helpers/mail";

// The sign-in throttle and an attack on the owner's account. Two-step sign-in is in
// admin-mfa.test.ts, the rest of the Security screen in admin-security.test.ts.

/** Does a challenge's work, as the login screen does. */
async function solve(challenge: { token: string; nonce: string; bits: number }) {
  return { challenge: challenge.token, solution: await solveChallenge(challenge.nonce, challenge.bits) };
}

beforeEach(resetSignIns);
afterEach(() => {
  vi.useRealTimers();
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
