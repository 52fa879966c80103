import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { XeroLink } from "../../../schema/api/xero";
import { xeroAuthStates, xeroConnection, xeroSync } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { toBase64Url } from "../../lib/base64";
import { ApiError } from "../../lib/errors";
import { openSecret } from "../../lib/secret-box";
import { sha256Hex } from "../../lib/sha256";
import { type XeroConfig, xeroConfig } from "./config";
import { sendWaiting } from "./enqueue";
import { failedItem, failedItemsQuery } from "./failed-items";
import { XeroError } from "./http";
import { authorizeUrl, deleteConnection, exchangeCode, listConnections, revokeRefreshToken, type TokenSet } from "./oauth";
import { accountingApi, readConnection, sealedTokens } from "./session";
import { retryFailed } from "./sync-rows";

/**
 * Connecting and disconnecting (the owner, from the billing settings): the consent URL with a
 * one-time state kept hashed for 10 minutes and bound to the person who asked (CSRF: a code that
 * comes back with any other state is refused), the code turned into tokens, the organisation taken
 * or chosen among several, and Disconnect revoking the consent at Xero and forgetting the tokens.
 * What was sent stays recorded (xero_sync), so connecting the same organisation again sends nothing
 * twice.
 */
const STATE_MS = 10 * 60_000;

type Organisation = { id: string; tenantId: string; tenantName: string };

function requireXero(env: AppEnv): XeroConfig {
  const config = xeroConfig(env);
  if (!config)
    throw new ApiError(
      "NOT_CONFIGURED",
      "The Xero link is off on this site: the XERO_CLIENT_ID and XERO_CLIENT_SECRET secrets are not set.",
    );
  return config;
}

const xeroUnavailable = (error: unknown) => {
  console.error(JSON.stringify({ xero: "connect", error: String(error) }));
  return new ApiError(
    "NOT_CONFIGURED",
    "Xero could not be reached just now, so nothing changed. Please try again in a few minutes.",
  );
};

export async function startConnect(env: AppEnv, db: Db, adminUserId: number): Promise<{ url: string }> {
  const config = requireXero(env);
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const now = new Date();
  await db.batch([
    db.delete(xeroAuthStates).where(lt(xeroAuthStates.expiresAt, now.toISOString())),
    db.insert(xeroAuthStates).values({
      stateHash: await sha256Hex(state),
      adminUserId,
      expiresAt: new Date(now.getTime() + STATE_MS).toISOString(),
    }),
  ]);
  return { url: authorizeUrl(config, state) };
}

export async function finishConnect(
  env: AppEnv,
  db: Db,
  adminUserId: number,
  input: { code: string; state: string },
): Promise<XeroLink> {
  const config = requireXero(env);
  const [spent] = await db
    .delete(xeroAuthStates)
    .where(
      and(
        eq(xeroAuthStates.stateHash, await sha256Hex(input.state)),
        eq(xeroAuthStates.adminUserId, adminUserId),
        gt(xeroAuthStates.expiresAt, new Date().toISOString()),
      ),
    )
    .returning();
  if (!spent) {
    const message = "This answer from Xero was not asked for here, or came too late: press Connect Xero again.";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "state", message }] });
  }
  let tokens: TokenSet;
  let organisations: Organisation[];
  try {
    tokens = await exchangeCode(config, input.code);
    organisations = await listConnections(config, tokens.accessToken);
  } catch (error) {
    if (error instanceof XeroError && !error.transient) {
      const message = `Xero did not accept the sign-in (${error.message}): press Connect Xero again.`;
      throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "code", message }] });
    }
    throw xeroUnavailable(error);
  }
  if (organisations.length === 0)
    throw new ApiError("CONFLICT", "No Xero organisation was chosen: press Connect Xero again and tick one.");
  const previous = await readConnection(db);
  const only = organisations.length === 1 ? organisations[0]! : null;
  const row = {
    status: only ? ("connected" as const) : ("choosing" as const),
    tenantId: only?.tenantId ?? null,
    tenantName: only?.tenantName ?? null,
    connectionId: only?.id ?? null,
    organisations: only ? null : JSON.stringify(organisations),
    ...(await sealedTokens(env, tokens)),
    lastError: null,
    connectedAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  await db
    .insert(xeroConnection)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: xeroConnection.id, set: { ...row, tokenVersion: (previous?.tokenVersion ?? 0) + 1 } });
  // An earlier consent is not revoked here: revoking ends its connections, which this one may share.
  if (only) await sendWaiting(env, db, only.tenantId);
  return xeroLink(env, db);
}

export async function chooseOrganisation(env: AppEnv, db: Db, tenantId: string): Promise<XeroLink> {
  const config = requireXero(env);
  const row = await readConnection(db);
  const offered = row?.status === "choosing" ? (JSON.parse(row.organisations ?? "[]") as Organisation[]) : [];
  const chosen = offered.find((o) => o.tenantId === tenantId);
  if (!chosen) {
    const message =
      row?.status === "choosing"
        ? "That organisation was not among those Xero offered."
        : "There is no organisation to choose: press Connect Xero.";
    throw new ApiError("CONFLICT", message, { details: [{ path: "tenantId", message }] });
  }
  await db
    .update(xeroConnection)
    .set({
      status: "connected",
      tenantId: chosen.tenantId,
      tenantName: chosen.tenantName,
      connectionId: chosen.id,
      organisations: null,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(xeroConnection.id, 1), eq(xeroConnection.status, "choosing")));
  await forgetOthers(
    env,
    db,
    config,
    offered.filter((o) => o !== chosen),
  );
  await sendWaiting(env, db, chosen.tenantId);
  return xeroLink(env, db);
}

/** The organisations not chosen are disconnected from the app in Xero too, so Xero lists only the one. */
async function forgetOthers(env: AppEnv, db: Db, config: XeroConfig, others: Organisation[]) {
  if (others.length === 0) return;
  try {
    const { accessToken } = await accountingApi(env, db);
    for (const other of others) await deleteConnection(config, accessToken, other.id);
  } catch (error) {
    console.warn(JSON.stringify({ xero: "disconnect the organisations not chosen", warning: String(error) }));
  }
}

async function revokeQuietly(env: AppEnv, config: XeroConfig, sealedRefreshToken: string) {
  const refreshToken = await openSecret(env, sealedRefreshToken);
  if (!refreshToken) return;
  // A consent Xero already ended (the owner disconnected there) cannot be revoked again: forget it anyway.
  await revokeRefreshToken(config, refreshToken).catch((error) =>
    console.warn(JSON.stringify({ xero: "revoke", warning: String(error) })),
  );
}

/** Disconnect: the consent revoked at Xero and the tokens forgotten; what waits stays, for a later connection. */
export async function disconnect(env: AppEnv, db: Db): Promise<XeroLink> {
  const config = requireXero(env);
  const [gone] = await db.delete(xeroConnection).where(eq(xeroConnection.id, 1)).returning();
  if (gone) await revokeQuietly(env, config, gone.refreshToken);
  return xeroLink(env, db);
}

/** The owner's Retry: what Xero refused waits again, with new keys, and is sent. */
export async function retryRefused(env: AppEnv, db: Db): Promise<XeroLink> {
  requireXero(env);
  const row = await readConnection(db);
  if (!row?.tenantId) throw new ApiError("CONFLICT", "Xero is not connected: connect it first.");
  await sendWaiting(env, db, row.tenantId, await retryFailed(db, row.tenantId));
  return xeroLink(env, db);
}

export async function xeroLink(env: AppEnv, db: Db): Promise<XeroLink> {
  const empty = { organisation: null, organisations: [], lastSyncAt: null, lastError: null, waiting: 0, failed: [] };
  if (!xeroConfig(env)) return { status: "off", ...empty };
  // The connected organisation's rows; while disconnected, whatever waits for any. Named in SQL, so
  // the connection and its rows are read in one batch.
  const ofTenant = sql`${xeroSync.tenantId} = COALESCE((SELECT c.tenant_id FROM ${xeroConnection} AS c WHERE c.id = 1), ${xeroSync.tenantId})`;
  const [[row], [waiting], failed] = await db.batch([
    db.select().from(xeroConnection).where(eq(xeroConnection.id, 1)),
    db
      .select({ n: count() })
      .from(xeroSync)
      .where(and(eq(xeroSync.state, "waiting"), ofTenant)),
    failedItemsQuery(db, ofTenant),
  ]);
  if (!row) return { status: "disconnected", ...empty, waiting: waiting?.n ?? 0 };
  return {
    status: row.status,
    organisation: row.tenantId ? { tenantId: row.tenantId, name: row.tenantName ?? "" } : null,
    organisations:
      row.status === "choosing"
        ? (JSON.parse(row.organisations ?? "[]") as Organisation[]).map((o) => ({ tenantId: o.tenantId, name: o.tenantName }))
        : [],
    lastSyncAt: row.lastSyncAt,
    lastError: row.lastError,
    waiting: waiting?.n ?? 0,
    failed: failed.map(failedItem),
  };
}
