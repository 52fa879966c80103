import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { adminHeaders } from "./admin";
import { call, callJson } from "./http";

/**
 * The admin sign-in as the security tests drive it (test/admin-mfa.test.ts,
 * test/admin-login-throttling.test.ts, test/admin-security.test.ts): the development credentials,
 * a clock held at START, a fresh address for each sign-in, and the sign-in state every test starts without.
 */
export const DEV = { username: "admin", password: "admin-dev-password" };
export const START = Date.parse("2026-11-23T10:00:07.000Z");
export const STEP = 30_000;
let ipCounter = 0;
export const freshIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

/** A sign-in as a browser would send it, with its own address and (optionally) its device cookie. */
export async function login(body: Record<string, unknown>, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) {
  const res = await call("/api/admin/login", {
    method: "POST",
    json: body,
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { res, status: res.status, body: (await res.json()) as any, setCookie: res.headers.get("Set-Cookie") };
}

/** The headers of a signed-in owner (a fresh token each call). */
export const signedIn = adminHeaders;

export const admin = async (path: string, json?: unknown) =>
  callJson(path, { method: json === undefined ? "GET" : "POST", json, headers: await signedIn() });

/** Each file's `beforeEach`: the clock at START, and no throttle counts, second factor, known browsers or sign-in log. */
export async function resetSignIns() {
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
}
