import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMON_PASSWORD, WRONG_CURRENT_PASSWORD } from "../schema/api/security";
import app from "../worker/app";
import type { AppEnv } from "../worker/env";
import { issueAdminToken } from "../worker/lib/admin-token";
import { admin, DEV, freshIp, login, resetSignIns, signedIn } from "./helpers/admin-sign-in";
import { call, callJson } from "./helpers/http";

// The Security screen's sign-in history and password change, the development credentials, and
// admin answers never cached. Two-step sign-in is in admin-mfa.test.ts, the login throttle in
// admin-login-throttling.test.ts.

beforeEach(resetSignIns);
afterEach(() => {
  vi.useRealTimers();
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
        rows: (await res.json()) as { address: string; outcome: string; newDevice: boolean; username: string }[],
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
    // Each attempt says whose name it gave; a name nobody has is never kept (it may be a password typed in the wrong box).
    expect(failures.rows.map((r) => r.username)).toEqual(Array(5).fill("(another name)"));
    expect(successes.rows.map((r) => r.username)).toEqual([DEV.username, DEV.username]);
    expect(failures.counts).toMatchObject({ successes: 2, "new-devices": 1, failures: 30 });
    expect((await call("/api/admin/security/sign-ins?show=everything", { headers: await signedIn() })).status).toBe(400);
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
