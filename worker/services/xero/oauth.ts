import { XERO_SCOPES, type XeroConfig } from "./config";
import { nowOf, type RetryPolicy, xeroSend } from "./http";

/**
 * Xero's OAuth 2.0 (the authorisation code flow with a client secret): the consent URL, the code
 * and refresh grants at identity.xero.com/connect/token, revocation, and the connections (the
 * organisations the consent reached). An access token lasts 30 minutes; each refresh answers with a
 * new refresh token, and the one used is spent (rotation), so the new one must be kept at once.
 */
export type TokenSet = {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token stops working. */
  expiresAt: string;
  scope: string;
};

export type XeroConnection = { id: string; tenantId: string; tenantName: string; tenantType: string };

type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number; scope?: string };

export function authorizeUrl(config: XeroConfig, state: string): string {
  const url = new URL("/identity/connect/authorize", config.loginBase);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", config.redirectUrl);
  url.searchParams.set("scope", XERO_SCOPES);
  url.searchParams.set("state", state);
  return url.toString();
}

const basicAuth = (config: XeroConfig) => `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;

async function identityPost<T>(config: XeroConfig, path: string, form: Record<string, string>, retry?: RetryPolicy) {
  return xeroSend<T>(
    {
      method: "POST",
      url: new URL(path, config.identityBase).toString(),
      headers: { Authorization: basicAuth(config), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    },
    retry,
  );
}

function tokenSet(answer: TokenAnswer, now = Date.now()): TokenSet {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(now + answer.expires_in * 1000).toISOString(),
    scope: answer.scope ?? XERO_SCOPES,
  };
}

export async function exchangeCode(config: XeroConfig, code: string, retry?: RetryPolicy): Promise<TokenSet> {
  const form = { grant_type: "authorization_code", code, redirect_uri: config.redirectUrl };
  return tokenSet(await identityPost<TokenAnswer>(config, "/connect/token", form, retry), nowOf(retry));
}

export async function refreshTokens(config: XeroConfig, refreshToken: string, retry?: RetryPolicy): Promise<TokenSet> {
  const form = { grant_type: "refresh_token", refresh_token: refreshToken };
  return tokenSet(await identityPost<TokenAnswer>(config, "/connect/token", form, retry), nowOf(retry));
}

/** Ends the consent: the refresh token, the access tokens made from it and its connections. */
export async function revokeRefreshToken(config: XeroConfig, refreshToken: string, retry?: RetryPolicy): Promise<void> {
  await identityPost<null>(config, "/connect/revocation", { token: refreshToken }, retry);
}

export async function listConnections(config: XeroConfig, accessToken: string, retry?: RetryPolicy): Promise<XeroConnection[]> {
  const answer = await xeroSend<XeroConnection[]>(
    {
      method: "GET",
      url: new URL("/connections", config.apiBase).toString(),
      headers: { Authorization: `Bearer ${accessToken}` },
    },
    retry,
  );
  return answer.map(({ id, tenantId, tenantName, tenantType }) => ({ id, tenantId, tenantName, tenantType }));
}

export async function deleteConnection(config: XeroConfig, accessToken: string, id: string, retry?: RetryPolicy) {
  await xeroSend<null>(
    {
      method: "DELETE",
      url: new URL(`/connections/${encodeURIComponent(id)}`, config.apiBase).toString(),
      headers: { Authorization: `Bearer ${accessToken}` },
    },
    retry,
  );
}
