import { env } from "cloudflare:test";
import type { XeroConfig } from "../../worker/services/xero/config";
import type { RetryPolicy } from "../../worker/services/xero/http";

/**
 * The fake Xero (test/fakes/xero.ts) as tests use it. Each test makes its own client id and
 * organisation, so test files running at once against the one fake never see each other's books.
 */
export const xeroBase = () => env.XERO_API_BASE!;

export const uniqueId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

export function xeroTestConfig(clientId = uniqueId("client")): XeroConfig {
  return {
    clientId,
    clientSecret: "test-secret",
    redirectUrl: "http://localhost:8787/admin/settings",
    loginBase: xeroBase(),
    identityBase: xeroBase(),
    apiBase: xeroBase(),
  };
}

/** The Worker's secrets for a Xero app of its own (its client id), as a test passes them to app.fetch. */
export const xeroEnv = (clientId: string) => ({ XERO_CLIENT_ID: clientId, XERO_CLIENT_SECRET: "test-secret" });

/** Retries without waiting, so a test of back-off takes no time; the waits asked for are recorded. */
export function instantRetry(): RetryPolicy & { waits: number[] } {
  const waits: number[] = [];
  return { attempts: 3, maxWaitSeconds: 10, waits, sleep: async (ms) => void waits.push(ms) };
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${xeroBase()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Xero ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<any>;
}

/** The organisations the next consent for this client connects. */
export const setConsent = (clientId: string, tenants: { tenantId: string; tenantName: string }[]) =>
  control("/__consent", { clientId, tenants });

export const xeroCounts = (tenantId: string): Promise<Record<string, number>> => control(`/__tenants/${tenantId}/counts`);
export const xeroObjects = (tenantId: string, kind: string): Promise<any[]> => control(`/__tenants/${tenantId}/objects/${kind}`);
export const xeroCalls = (tenantId: string): Promise<{ accepted: number[]; refused: number; mostAtOnce: number }> =>
  control(`/__tenants/${tenantId}/calls`);
/** The organisation's time from now on (the test's clock, shared with the Worker's). */
export const setXeroClock = (tenantId: string, now: number) => control(`/__tenants/${tenantId}/clock`, { now });
/** Calls another app of the owner's already made between two times: they count against the day's 5,000. */
export const usedEarlier = (tenantId: string, count: number, from: number, to: number) =>
  control(`/__tenants/${tenantId}/used`, { count, from, to });
export const lowerMinuteLimit = (tenantId: string, limit: number) => control(`/__tenants/${tenantId}/minute-limit`, { limit });
export const rateLimitXero = (tenantId: string, fault: { count: number; retryAfter: number; problem?: string }) =>
  control(`/__tenants/${tenantId}/rate-limit`, fault);
export const failXero = (tenantId: string, fault: { count: number; status?: number; lose?: boolean; writes?: boolean }) =>
  control(`/__tenants/${tenantId}/fail`, fault);
export const expireXeroTokens = (tenantId: string) => control(`/__tenants/${tenantId}/expire-tokens`, {});
export const disconnectInXero = (tenantId: string) => control(`/__tenants/${tenantId}/disconnect`, {});

/** Follows a consent URL to the fake's redirect: the code and state it sends back. */
export async function consentAt(url: string): Promise<{ code: string; state: string; redirect: URL }> {
  const response = await fetch(url, { redirect: "manual" });
  if (response.status !== 302) throw new Error(`consent answered ${response.status}: ${await response.text()}`);
  const redirect = new URL(response.headers.get("Location")!);
  return { code: redirect.searchParams.get("code")!, state: redirect.searchParams.get("state")!, redirect };
}

/** The requests the Worker made to the fake for one organisation. */
export async function fakeRequestsFor(tenantId: string) {
  const all = (await (await fetch(`${xeroBase()}/__requests`)).json()) as {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string;
  }[];
  return all.filter((r) => r.headers["xero-tenant-id"] === tenantId);
}
