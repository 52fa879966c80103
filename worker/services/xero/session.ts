import { and, eq } from "drizzle-orm";
import { xeroConnection } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { openSecret, sealSecret } from "../../lib/secret-box";
import type { AccountingApi } from "./accounting";
import { type XeroConfig, xeroConfig } from "./config";
import { nowOf, type RateLimits, type RetryPolicy, XeroError } from "./http";
import { refreshTokens, type TokenSet } from "./oauth";

/**
 * The connected organisation's Accounting API with a working access token: refreshed when it has
 * less than REFRESH_AHEAD_MS left (Xero's last 30 minutes), the rotated refresh token kept in the
 * same write. Two refreshing at once: the write is conditional on `token_version`, so the loser
 * takes the winner's tokens; a refresh token Xero no longer takes (revoked, unused for 60 days)
 * turns the link to "reconnect", keeping everything waiting.
 */
const REFRESH_AHEAD_MS = 5 * 60_000;

export type ConnectionRow = typeof xeroConnection.$inferSelect;

/** The sync waits while the link is off, not connected or needs the owner: not a failure of a document. */
export class XeroNotConnected extends Error {
  constructor(readonly reason: "off" | "disconnected" | "choosing" | "reconnect") {
    super(`Xero is not connected (${reason})`);
    this.name = "XeroNotConnected";
  }
}

export async function readConnection(db: Db): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(xeroConnection).where(eq(xeroConnection.id, 1));
  return row ?? null;
}

export async function sealedTokens(env: AppEnv, tokens: TokenSet) {
  const [accessToken, refreshToken] = await Promise.all([
    sealSecret(env, tokens.accessToken),
    sealSecret(env, tokens.refreshToken),
  ]);
  return { accessToken, refreshToken, expiresAt: tokens.expiresAt };
}

async function opened(env: AppEnv, sealed: string): Promise<string> {
  const plain = await openSecret(env, sealed);
  // Sealed under another JWT_SECRET (rotated): the tokens are lost and Xero must be asked again.
  if (plain === null) throw new XeroNotConnected("reconnect");
  return plain;
}

async function markReconnect(db: Db, version: number, reason: string) {
  await db
    .update(xeroConnection)
    .set({ status: "reconnect", lastError: reason, updatedAt: new Date().toISOString() })
    .where(and(eq(xeroConnection.id, 1), eq(xeroConnection.tokenVersion, version)));
}

async function refreshed(
  env: AppEnv,
  db: Db,
  config: XeroConfig,
  row: ConnectionRow,
  retry?: RetryPolicy,
): Promise<ConnectionRow> {
  let tokens: TokenSet;
  try {
    tokens = await refreshTokens(config, await opened(env, row.refreshToken), retry);
  } catch (error) {
    if (!(error instanceof XeroError) || error.transient) throw error;
    const now = await readConnection(db);
    // Another consumer refreshed with the same token first: its tokens are the ones Xero holds.
    if (now && now.tokenVersion !== row.tokenVersion && now.status === "connected") return now;
    await markReconnect(db, row.tokenVersion, `Xero no longer accepts this link (${error.message}): connect Xero again.`);
    throw new XeroNotConnected("reconnect");
  }
  const sealed = await sealedTokens(env, tokens);
  const [saved] = await db
    .update(xeroConnection)
    // "connected" again: a racing refresh that lost may have marked the link before this one saved.
    .set({
      ...sealed,
      status: "connected",
      lastError: null,
      tokenVersion: row.tokenVersion + 1,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(xeroConnection.id, 1), eq(xeroConnection.tokenVersion, row.tokenVersion)))
    .returning();
  return saved ?? ((await readConnection(db)) as ConnectionRow);
}

/** The organisation's API, its token good for a few minutes more at least; `force` refreshes anyway. */
export async function accountingApi(
  env: AppEnv,
  db: Db,
  options: { retry?: RetryPolicy; force?: boolean; limits?: RateLimits } = {},
): Promise<AccountingApi> {
  const config = xeroConfig(env);
  if (!config) throw new XeroNotConnected("off");
  let row = await readConnection(db);
  if (!row) throw new XeroNotConnected("disconnected");
  if (row.status !== "connected" || !row.tenantId)
    throw new XeroNotConnected(row.status === "choosing" ? "choosing" : "reconnect");
  if (options.force || Date.parse(row.expiresAt) - nowOf(options.retry) < REFRESH_AHEAD_MS)
    row = await refreshed(env, db, config, row, options.retry);
  return {
    apiBase: config.apiBase,
    tenantId: row.tenantId!,
    accessToken: await opened(env, row.accessToken),
    retry: options.retry,
    limits: options.limits,
  };
}

/**
 * Runs calls against the organisation. A 401 (a token Xero ended early) is refreshed once and run
 * again; a 403 (the organisation disconnected the app in Xero) turns the link to "reconnect".
 */
export async function withAccounting<T>(
  env: AppEnv,
  db: Db,
  work: (api: AccountingApi) => Promise<T>,
  options: { retry?: RetryPolicy; limits?: RateLimits } = {},
): Promise<T> {
  const attempt = async (force: boolean) => {
    const api = await accountingApi(env, db, { ...options, force });
    try {
      return await work(api);
    } catch (error) {
      if (error instanceof XeroError && error.status === 403) {
        const row = await readConnection(db);
        if (row)
          await markReconnect(db, row.tokenVersion, `Xero refused this organisation (${error.message}): connect Xero again.`);
        throw new XeroNotConnected("reconnect");
      }
      throw error;
    }
  };
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof XeroError) || error.status !== 401) throw error;
    return attempt(true);
  }
}
