import { and, eq, gt, isNull } from "drizzle-orm";
import { adminSessions } from "../../schema/db";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { type JwtKind, signJwt, verifyJwt } from "./jwt";

export const ADMIN_AUDIENCE = "heating-company-admin";
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ADMIN_TOKEN: JwtKind = { audience: ADMIN_AUDIENCE, ttlSeconds: ADMIN_TOKEN_TTL_SECONDS };

/** Signs a token and records its jti as a session row, so logout can revoke it. */
export async function issueAdminToken(env: AppEnv, username: string, now = Date.now()): Promise<string> {
  const jti = crypto.randomUUID();
  const token = await signJwt(env, ADMIN_TOKEN, { subject: username, id: jti, now });
  const expiresAt = new Date(now + ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString();
  await getDb(env).insert(adminSessions).values({ jti, username, expiresAt });
  return token;
}

/**
 * Verifies signature (HS256 only: `alg: none` and others are refused), issuer, audience, expiry,
 * then that the session row exists and is not revoked. Any failure is the same 401.
 */
export async function verifyAdminToken(env: AppEnv, token: string): Promise<{ username: string; jti: string }> {
  const unauthorized = new ApiError("UNAUTHORIZED", "Your admin session has ended. Please log in again.");
  const payload = await verifyJwt(env, ADMIN_TOKEN, token, { required: ["jti"] });
  if (!payload?.sub || !payload.jti || !(await isSessionLive(env, payload.jti))) throw unauthorized;
  return { username: payload.sub, jti: payload.jti };
}

/** The session row exists, is not revoked and has not expired. */
export async function isSessionLive(env: AppEnv, jti: string): Promise<boolean> {
  const [session] = await getDb(env)
    .select({ jti: adminSessions.jti })
    .from(adminSessions)
    .where(
      and(eq(adminSessions.jti, jti), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, new Date().toISOString())),
    );
  return session !== undefined;
}

export async function revokeAdminToken(env: AppEnv, jti: string): Promise<void> {
  await getDb(env)
    .update(adminSessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(adminSessions.jti, jti), isNull(adminSessions.revokedAt)));
}
