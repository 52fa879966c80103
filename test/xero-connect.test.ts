import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { XERO_OFF } from "../schema/api/xero";
import { getDb } from "../worker/db/client";
import { listAccounts } from "../worker/services/xero/accounting";
import { listConnections } from "../worker/services/xero/oauth";
import { accountingApi, readConnection, withAccounting, XeroNotConnected } from "../worker/services/xero/session";
import { adminHeaders, teamHeaders } from "./helpers/admin";
import { callAppJson, query } from "./helpers/factories-commerce";
import { consentAt, disconnectInXero, expireXeroTokens, uniqueId, xeroBase, xeroEnv, xeroTestConfig } from "./helpers/xero";
import { connectXero } from "./helpers/xero-link";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
});

const xero = (path: string, init: { method?: string; json?: unknown; headers: Record<string, string>; env?: object }) =>
  callAppJson(`/api/admin/xero${path}`, { method: init.method ?? "POST", ...init });

describe("without the Xero app's secrets", () => {
  it("shows the link as off, refuses to connect with the reason, and leaves the billing settings as they are", async () => {
    const headers = await adminHeaders();
    expect((await xero("", { method: "GET", headers })).body).toMatchObject({ status: "off", organisation: null });
    const refused = await xero("/connect", { headers });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toContain("XERO_CLIENT_ID");
    expect(XERO_OFF).toContain("CSV");
    expect((await callAppJson("/api/admin/settings/billing", { headers })).status).toBe(200);
  });
});

describe("connecting Xero (the owner's)", () => {
  it("connects the one organisation the consent reached, its tokens sealed at rest", async () => {
    const { link, tenantId, tenants, appEnv, db } = await connectXero();
    expect(link).toMatchObject({
      status: "connected",
      organisation: { tenantId, name: tenants[0]!.tenantName },
      waiting: 0,
      failed: [],
    });
    const [row] = await query<{ access_token: string; refresh_token: string }>(
      "SELECT access_token, refresh_token FROM xero_connection",
    );
    expect(row!.access_token).toMatch(/^v1\./);
    expect(row!.refresh_token).toMatch(/^v1\./);
    expect(row!.access_token).not.toContain("xat_");
    expect((await listAccounts(await accountingApi(appEnv, db))).length).toBeGreaterThan(0);
  });

  it("asks the owner to choose when the consent reached several organisations", async () => {
    const { link, tenants, headers, secrets } = await connectXero(2);
    expect(link.status).toBe("choosing");
    expect(link.organisations.map((o: { name: string }) => o.name)).toEqual(["Hot Water 1 Ltd", "Hot Water 2 Ltd"]);
    const wrong = await xero("/organisation", { headers, env: secrets, json: { tenantId: "not-offered" } });
    expect(wrong.status).toBe(409);
    const chosen = await xero("/organisation", { headers, env: secrets, json: { tenantId: tenants[1]!.tenantId } });
    expect(chosen.body).toMatchObject({
      status: "connected",
      organisation: { tenantId: tenants[1]!.tenantId, name: "Hot Water 2 Ltd" },
    });
    // Xero keeps the app connected to the chosen organisation only.
    const api = await accountingApi({ ...env, ...secrets }, getDb({ ...env, ...secrets }));
    const left = await listConnections(xeroTestConfig(secrets.XERO_CLIENT_ID), api.accessToken);
    expect(left.map((o) => o.tenantId)).toEqual([tenants[1]!.tenantId]);
  });

  it("refuses a code that comes back with a state not asked for here, by someone else, or a second time", async () => {
    const clientId = uniqueId("client");
    const secrets = xeroEnv(clientId);
    const headers = await adminHeaders();
    const started = await xero("/connect", { headers, env: secrets });
    expect(new URL(started.body.url).searchParams.get("scope")).toBe(
      "offline_access accounting.contacts accounting.transactions accounting.settings.read",
    );
    const { code, state } = await consentAt(started.body.url);
    const forged = await xero("/callback", { headers, env: secrets, json: { code, state: "forged-state" } });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toContain("Connect Xero again");
    const { headers: office } = await teamHeaders("office");
    expect((await xero("/callback", { headers: office, env: secrets, json: { code, state } })).status).toBe(403);
    expect((await xero("/callback", { headers, env: secrets, json: { code, state } })).status).toBe(200);
    expect((await xero("/callback", { headers, env: secrets, json: { code, state } })).status).toBe(400);
    expect((await xero("/callback", { headers, env: secrets, json: { code: "", state } })).status).toBe(400);
  });

  it("is the owner's alone", async () => {
    const { headers } = await teamHeaders("office");
    const secrets = xeroEnv(uniqueId("client"));
    for (const [method, path] of [
      ["GET", ""],
      ["POST", "/connect"],
      ["POST", "/disconnect"],
    ] as const)
      expect((await xero(path, { method, headers, env: secrets })).status).toBe(403);
  });
});

describe("the link's tokens", () => {
  it("refreshes the access token before it ends and keeps the rotated refresh token", async () => {
    const { appEnv, db } = await connectXero();
    const before = (await readConnection(db))!;
    await env.DB.prepare("UPDATE xero_connection SET expires_at = ?1")
      .bind(new Date(Date.now() + 60_000).toISOString())
      .run();
    await listAccounts(await accountingApi(appEnv, db));
    const after = (await readConnection(db))!;
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    // The rotated token is the one that works next time.
    await listAccounts(await accountingApi(appEnv, db, { force: true }));
    expect((await readConnection(db))!.status).toBe("connected");
  });

  it("refreshes once on a 401 Xero answers before the token's time is up", async () => {
    const { appEnv, db, tenantId } = await connectXero();
    await expireXeroTokens(tenantId);
    expect((await withAccounting(appEnv, db, listAccounts)).length).toBeGreaterThan(0);
  });

  it("keeps one working refresh token when two refresh at once", async () => {
    const { appEnv, db } = await connectXero();
    await Promise.all([accountingApi(appEnv, db, { force: true }), accountingApi(appEnv, db, { force: true })]);
    expect((await readConnection(db))!.status).toBe("connected");
    expect((await withAccounting(appEnv, db, listAccounts, undefined)).length).toBeGreaterThan(0);
    await accountingApi(appEnv, db, { force: true });
    expect((await readConnection(db))!.status).toBe("connected");
  });

  it("shows Reconnect when Xero no longer takes the link, keeping what waits", async () => {
    const { appEnv, db, tenantId, headers, secrets } = await connectXero();
    await env.DB.prepare("INSERT INTO xero_sync (tenant_id, kind, document_id, idempotency_key) VALUES (?1, 'invoice', 1, 'k-1')")
      .bind(tenantId)
      .run();
    await disconnectInXero(tenantId);
    await expect(withAccounting(appEnv, db, listAccounts)).rejects.toBeInstanceOf(XeroNotConnected);
    const link = await xero("", { method: "GET", headers, env: secrets });
    expect(link.body).toMatchObject({ status: "reconnect", waiting: 1 });
    expect(link.body.lastError).toContain("connect Xero again");
    await env.DB.prepare("DELETE FROM xero_sync WHERE idempotency_key = 'k-1'").run();
  });
});

describe("disconnecting", () => {
  it("revokes the consent at Xero and forgets the tokens", async () => {
    const { appEnv, db, headers, secrets } = await connectXero();
    const api = await accountingApi(appEnv, db);
    const gone = await xero("/disconnect", { headers, env: secrets });
    expect(gone.body).toMatchObject({ status: "disconnected", organisation: null });
    expect(await query("SELECT id FROM xero_connection")).toEqual([]);
    const revocations = (await (await fetch(`${xeroBase()}/__requests`)).json()) as { path: string; body: string }[];
    expect(revocations.some((r) => r.path === "/connect/revocation")).toBe(true);
    await expect(listAccounts(api)).rejects.toMatchObject({ status: 401 });
    await expect(accountingApi(appEnv, getDb(appEnv))).rejects.toBeInstanceOf(XeroNotConnected);
  });
});
