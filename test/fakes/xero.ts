import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeServer, sendJson, startFakeServer } from "./server";
import {
  type Answer,
  allocateCreditNote,
  type BookKind,
  type Books,
  createContacts,
  createCreditNotes,
  createInvoices,
  createPayments,
  newBooks,
  readAccounts,
  readList,
  readTaxRates,
  updateContact,
  updateInvoice,
} from "./xero-books";

/**
 * A fake of the parts of Xero the adapter (worker/services/xero/) uses, on one loopback server that
 * stands for all three of Xero's hosts:
 * - login.xero.com: GET /identity/connect/authorize consents at once and redirects to redirect_uri
 *   with a code and the state given;
 * - identity.xero.com: POST /connect/token (authorization_code and refresh_token grants, client
 *   id and secret in Basic auth; a refresh token works once: each refresh rotates it) and POST
 *   /connect/revocation (the refresh token's grant and its connections end);
 * - api.xero.com: GET/DELETE /connections, and the Accounting API under /api.xro/2.0 (Contacts made,
 *   found and updated, Invoices, CreditNotes and their Allocations, Payments, Accounts, TaxRates;
 *   books in xero-books.ts).
 *
 * As Xero: access tokens last 30 minutes and are refused with 401 after; a call names its
 * organisation in xero-tenant-id (403 if the token's grant has no connection to it); every answer
 * carries X-MinLimit-Remaining / X-DayLimit-Remaining, and a 61st call in a minute (or the 5,001st in
 * a day) is refused with 429, Retry-After and X-Rate-Limit-Problem; a write with an Idempotency-Key
 * already seen gets the first answer again and changes nothing.
 *
 * Test-only controls (not Xero's), per organisation so test files running at once stay apart:
 * - POST /__consent {clientId, tenants: [{tenantId?, tenantName}]}: who the next consent for that
 *   client connects (default: one new organisation);
 * - POST /__tenants/{id}/rate-limit {count, retryAfter, problem}: the next calls get 429;
 * - POST /__tenants/{id}/fail {count, status?, lose?, writes?}: the next calls (or writes) fail with
 *   status (500), or with `lose` are done and their answers lost (a gateway's 504);
 * - POST /__tenants/{id}/minute-limit {limit}: a lower minute limit, to see the queue keep within it;
 * - POST /__tenants/{id}/clock {now}: the organisation's time (ms) from now on, the test's clock
 *   shared with the Worker's (its limits, its tokens' 30 minutes), so hours pass in seconds;
 * - POST /__tenants/{id}/used {count, from, to}: calls already made that day, spread between two
 *   times (another app of the owner's);
 * - POST /__tenants/{id}/expire-tokens, POST /__tenants/{id}/disconnect (the owner disconnects the app
 *   in Xero); GET /__tenants/{id}/counts, /__tenants/{id}/objects/{kind}, /__tenants/{id}/calls
 *   (the times of the API calls it took, ms, how many its limits refused, and the most it had in
 *   hand at once: each answer is held a moment, as Xero's take time, so calls made at once overlap).
 */

type Grant = { clientId: string; scope: string; tenants: Set<string>; revoked: boolean };
type Fault = { count: number; status: number; lose: boolean; writes?: boolean; retryAfter?: number; problem?: string };

const books = new Map<string, Books>();
const consents = new Map<string, { tenantId?: string; tenantName: string }[]>();
const codes = new Map<string, { grant: Grant; redirectUri: string }>();
const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
const refreshTokens = new Map<string, Grant>();
const connections = new Map<string, { grant: Grant; tenantId: string; created: string }>();
const faults = new Map<string, Fault>();
const calls = new Map<string, number[]>();
/** An organisation's minute limit when a test lowers it, and how many calls its limits refused. */
const minuteLimits = new Map<string, number>();
const refusals = new Map<string, number>();
const idempotency = new Map<string, Answer>();
/** An organisation's own time when a test drives it, the calls it is answering and the most at once. */
const clocks = new Map<string, number>();
const inHand = new Map<string, number>();
const mostInHand = new Map<string, number>();

const nowFor = (tenantId: string) => clocks.get(tenantId) ?? Date.now();
/** A grant's time: its organisations' (a driven clock is only ever ahead). */
const grantNow = (grant: Grant) => Math.max(Date.now(), ...[...grant.tenants].map(nowFor));

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString("base64url")}`;
const ACCESS_SECONDS = 1800;
const MINUTE_LIMIT = 60;
const DAY_LIMIT = 5000;

function booksFor(tenantId: string, tenantName: string) {
  if (!books.has(tenantId)) books.set(tenantId, newBooks(tenantId, tenantName));
  return books.get(tenantId)!;
}

function issueTokens(grant: Grant) {
  const access = token("xat");
  const refresh = token("xrt");
  accessTokens.set(access, { grant, expiresAt: grantNow(grant) + ACCESS_SECONDS * 1000 });
  refreshTokens.set(refresh, grant);
  return {
    id_token: token("xid"),
    access_token: access,
    expires_in: ACCESS_SECONDS,
    token_type: "Bearer",
    refresh_token: refresh,
    scope: grant.scope,
  };
}

function clientOf(req: IncomingMessage): { id: string; secret: string } | null {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
  if (!basic) return null;
  const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":");
  return id && secret ? { id, secret } : null;
}

function authorize(url: URL, res: ServerResponse) {
  const clientId = url.searchParams.get("client_id") ?? "";
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  if (url.searchParams.get("response_type") !== "code" || !clientId || !redirectUri)
    return sendJson(res, 400, { error: "invalid_request" });
  const chosen = consents.get(clientId) ?? [{ tenantName: "Demo Company (UK)" }];
  consents.delete(clientId);
  const grant: Grant = { clientId, scope: url.searchParams.get("scope") ?? "", tenants: new Set(), revoked: false };
  for (const t of chosen) {
    const tenantId = t.tenantId ?? randomUUID();
    booksFor(tenantId, t.tenantName);
    grant.tenants.add(tenantId);
    connections.set(randomUUID(), { grant, tenantId, created: new Date().toISOString() });
  }
  const code = token("code");
  codes.set(code, { grant, redirectUri });
  const back = new URL(redirectUri);
  back.searchParams.set("code", code);
  back.searchParams.set("scope", grant.scope);
  back.searchParams.set("state", url.searchParams.get("state") ?? "");
  res.writeHead(302, { Location: back.toString() }).end();
}

function tokenEndpoint(req: IncomingMessage, body: string, res: ServerResponse) {
  const client = clientOf(req);
  if (!client) return sendJson(res, 400, { error: "invalid_client" });
  const form = new URLSearchParams(body);
  if (form.get("grant_type") === "authorization_code") {
    const issued = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    if (!issued || issued.grant.clientId !== client.id || issued.redirectUri !== form.get("redirect_uri"))
      return sendJson(res, 400, { error: "invalid_grant" });
    return sendJson(res, 200, issueTokens(issued.grant));
  }
  if (form.get("grant_type") === "refresh_token") {
    const refresh = form.get("refresh_token") ?? "";
    const grant = refreshTokens.get(refresh);
    if (!grant || grant.revoked || grant.clientId !== client.id) return sendJson(res, 400, { error: "invalid_grant" });
    refreshTokens.delete(refresh);
    return sendJson(res, 200, issueTokens(grant));
  }
  return sendJson(res, 400, { error: "unsupported_grant_type" });
}

function revoke(grant: Grant) {
  grant.revoked = true;
  for (const [id, c] of connections) if (c.grant === grant) connections.delete(id);
}

const unauthorized = (res: ServerResponse, detail: string) =>
  sendJson(res, 401, { Type: null, Title: "Unauthorized", Status: 401, Detail: detail, Instance: randomUUID(), Extensions: {} });

function grantOf(req: IncomingMessage, res: ServerResponse): Grant | null {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const access = bearer ? accessTokens.get(bearer) : undefined;
  if (!access || access.grant.revoked) {
    unauthorized(res, "AuthenticationUnsuccessful");
    return null;
  }
  if (access.expiresAt <= grantNow(access.grant)) {
    unauthorized(res, `TokenExpired: token expired at ${new Date(access.expiresAt).toUTCString()}`);
    return null;
  }
  return access.grant;
}

function listConnections(grant: Grant) {
  return [...connections]
    .filter(([, c]) => c.grant === grant)
    .map(([id, c]) => ({
      id,
      authEventId: randomUUID(),
      tenantId: c.tenantId,
      tenantType: "ORGANISATION",
      tenantName: books.get(c.tenantId)!.tenantName,
      createdDateUtc: c.created,
      updatedDateUtc: c.created,
    }));
}

/** Counts the call against the organisation's limits: null when it may go on, else the 429's headers. */
function rateLimited(tenantId: string): Record<string, string> | null {
  const now = nowFor(tenantId);
  const times = calls.get(tenantId) ?? [];
  calls.set(tenantId, times);
  const lastMinute = times.filter((t) => t > now - 60_000);
  const lastDay = times.filter((t) => t > now - 86_400_000);
  const fault = faults.get(tenantId);
  if (fault?.status === 429 && fault.count > 0) {
    fault.count--;
    return { "Retry-After": String(fault.retryAfter ?? 1), "X-Rate-Limit-Problem": fault.problem ?? "minute" };
  }
  const minuteLimit = minuteLimits.get(tenantId) ?? MINUTE_LIMIT;
  const refuse = (headers: Record<string, string>) => {
    refusals.set(tenantId, (refusals.get(tenantId) ?? 0) + 1);
    return headers;
  };
  if (lastMinute.length >= minuteLimit)
    return refuse({ "Retry-After": String(Math.ceil((lastMinute[0]! + 60_000 - now) / 1000)), "X-Rate-Limit-Problem": "minute" });
  if (lastDay.length >= DAY_LIMIT)
    return refuse({ "Retry-After": String(Math.ceil((lastDay[0]! + 86_400_000 - now) / 1000)), "X-Rate-Limit-Problem": "day" });
  times.push(now);
  rateHeaders.set(tenantId, {
    "X-MinLimit-Remaining": String(minuteLimit - lastMinute.length - 1),
    "X-DayLimit-Remaining": String(DAY_LIMIT - lastDay.length - 1),
    "X-AppMinLimit-Remaining": "9999",
  });
  return null;
}
const rateHeaders = new Map<string, Record<string, string>>();

function accounting(method: string, parts: string[], query: URLSearchParams, body: any, b: Books): Answer {
  const [resource, id, sub] = parts;
  const where = query.get("where");
  if (method === "GET" && resource === "Accounts") return readAccounts(b);
  if (method === "GET" && resource === "TaxRates") return readTaxRates(b);
  if (
    method === "GET" &&
    (resource === "Contacts" || resource === "Invoices" || resource === "CreditNotes" || resource === "Payments")
  ) {
    if (!id) return readList(b, resource, where);
    const idField = { Contacts: "ContactID", Invoices: "InvoiceID", CreditNotes: "CreditNoteID", Payments: "PaymentID" }[
      resource
    ];
    const one = readList(b, resource, `${idField}=="${id}"`);
    return (one.body as Record<string, unknown[]>)[resource]!.length
      ? one
      : { status: 404, body: { Title: "Not Found", Status: 404 } };
  }
  const write = method === "PUT" || method === "POST";
  if (write && resource === "Contacts" && !id) return createContacts(b, body);
  if (method === "POST" && resource === "Contacts" && id) return updateContact(b, id, body);
  if (write && resource === "Invoices" && !id) return createInvoices(b, body);
  if (method === "POST" && resource === "Invoices" && id) return updateInvoice(b, id, body);
  if (write && resource === "CreditNotes" && !id) return createCreditNotes(b, body);
  if (write && resource === "CreditNotes" && id && sub === "Allocations") return allocateCreditNote(b, id, body);
  if (write && resource === "Payments") return createPayments(b, body);
  return { status: 404, body: { Title: "Not Found", Status: 404, Detail: `No ${method} /${parts.join("/")}` } };
}

/** Each call held a moment and counted while held, so calls the Worker makes at once are seen at once. */
async function api(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
  const tenantId = String(req.headers["xero-tenant-id"] ?? "");
  const held = (inHand.get(tenantId) ?? 0) + 1;
  inHand.set(tenantId, held);
  mostInHand.set(tenantId, Math.max(mostInHand.get(tenantId) ?? 0, held));
  try {
    await new Promise((resolve) => setTimeout(resolve, 1));
    answerApi(req, url, body, res);
  } finally {
    inHand.set(tenantId, (inHand.get(tenantId) ?? 1) - 1);
  }
}

function answerApi(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
  const grant = grantOf(req, res);
  if (!grant) return;
  const tenantId = String(req.headers["xero-tenant-id"] ?? "");
  const connected = [...connections.values()].some((c) => c.grant === grant && c.tenantId === tenantId);
  if (!connected)
    return sendJson(res, 403, { Type: null, Title: "Forbidden", Status: 403, Detail: "AuthenticationUnsuccessful" });
  const limited = rateLimited(tenantId);
  if (limited) return res.writeHead(429, { "Content-Type": "text/plain", ...limited }).end("Rate limit exceeded");
  const headers = { "Content-Type": "application/json", ...rateHeaders.get(tenantId) };
  const fault = faults.get(tenantId);
  const isWrite = req.method === "PUT" || req.method === "POST";
  const failing = fault && fault.status !== 429 && fault.count > 0 && (isWrite || !fault.writes) ? fault : null;
  if (failing) failing.count--;
  if (failing && !failing.lose)
    return res.writeHead(failing.status, headers).end(JSON.stringify({ Title: "Internal Server Error", Status: failing.status }));

  const key = req.headers["idempotency-key"];
  const remembered = typeof key === "string" ? idempotency.get(`${tenantId}:${key}`) : undefined;
  let answer = remembered;
  if (!answer) {
    let parsed: unknown = {};
    try {
      parsed = body ? JSON.parse(body) : {};
    } catch {
      answer = {
        status: 400,
        body: { ErrorNumber: 14, Type: "PostDataInvalidException", Message: "JSON for the body is not valid" },
      };
    }
    const parts = url.pathname
      .replace(/^\/api\.xro\/2\.0\//, "")
      .split("/")
      .filter(Boolean);
    answer ??= accounting(req.method ?? "GET", parts, url.searchParams, parsed, books.get(tenantId)!);
    if (typeof key === "string" && req.method !== "GET") idempotency.set(`${tenantId}:${key}`, answer);
  }
  // The write is done and its answer lost on the way, as a gateway's timeout loses it.
  if (failing?.lose) return res.writeHead(504, { "Content-Type": "text/html" }).end("<html>504 Gateway Time-out</html>");
  res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
}

function control(url: URL, body: string, res: ServerResponse) {
  const json = body ? JSON.parse(body) : {};
  if (url.pathname === "/__consent") {
    consents.set(json.clientId, json.tenants);
    return sendJson(res, 200, {});
  }
  const m = /^\/__tenants\/([^/]+)\/([\w-]+)(?:\/(\w+))?$/.exec(url.pathname);
  const b = m ? books.get(m[1]!) : undefined;
  if (!m || !b) return sendJson(res, 404, { error: "no such organisation" });
  const [, tenantId, action, kind] = m as unknown as [string, string, string, BookKind | undefined];
  if (action === "rate-limit")
    faults.set(tenantId, {
      count: json.count ?? 1,
      status: 429,
      lose: false,
      retryAfter: json.retryAfter,
      problem: json.problem,
    });
  else if (action === "fail")
    faults.set(tenantId, { count: json.count ?? 1, status: json.status ?? 500, lose: !!json.lose, writes: !!json.writes });
  else if (action === "expire-tokens") {
    for (const access of accessTokens.values())
      if (access.grant.tenants.has(tenantId)) access.expiresAt = grantNow(access.grant) - 1;
  } else if (action === "disconnect") {
    for (const [id, c] of connections) if (c.tenantId === tenantId) connections.delete(id);
  } else if (action === "counts")
    return sendJson(res, 200, Object.fromEntries(Object.entries(b.objects).map(([k, list]) => [k, list.length])));
  else if (action === "objects" && kind) return sendJson(res, 200, b.objects[kind] ?? []);
  else if (action === "calls")
    return sendJson(res, 200, {
      accepted: calls.get(tenantId) ?? [],
      refused: refusals.get(tenantId) ?? 0,
      mostAtOnce: mostInHand.get(tenantId) ?? 0,
    });
  else if (action === "clock") clocks.set(tenantId, json.now);
  else if (action === "used") {
    const times = calls.get(tenantId) ?? [];
    const spread = (json.to - json.from) / json.count;
    calls.set(tenantId, [...Array.from({ length: json.count }, (_, i) => Math.round(json.from + i * spread)), ...times]);
  } else if (action === "minute-limit") minuteLimits.set(tenantId, json.limit);
  else return sendJson(res, 404, { error: `no control ${action}` });
  sendJson(res, 200, {});
}

export function startFakeXero(port = 0): Promise<FakeServer> {
  return startFakeServer(async (req, body, res) => {
    await route(req, body, res);
  }, port);
}

function route(req: IncomingMessage, body: string, res: ServerResponse): unknown {
  {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__")) return control(url, body, res);
    if (req.method === "GET" && url.pathname === "/identity/connect/authorize") return authorize(url, res);
    if (req.method === "POST" && url.pathname === "/connect/token") return tokenEndpoint(req, body, res);
    if (req.method === "POST" && url.pathname === "/connect/revocation") {
      if (!clientOf(req)) return sendJson(res, 400, { error: "invalid_client" });
      const grant = refreshTokens.get(new URLSearchParams(body).get("token") ?? "");
      if (grant) revoke(grant);
      return res.writeHead(200).end();
    }
    if (url.pathname === "/connections" || url.pathname.startsWith("/connections/")) {
      const grant = grantOf(req, res);
      if (!grant) return;
      if (req.method === "GET") return sendJson(res, 200, listConnections(grant));
      const id = url.pathname.split("/")[2] ?? "";
      if (req.method === "DELETE" && connections.get(id)?.grant === grant) {
        connections.delete(id);
        return res.writeHead(204).end();
      }
      return sendJson(res, 404, { Title: "Not Found", Status: 404 });
    }
    if (url.pathname.startsWith("/api.xro/2.0/")) return api(req, url, body, res);
    sendJson(res, 404, { Title: "Not Found", Status: 404, Detail: `No ${req.method} ${url.pathname}` });
  }
}
