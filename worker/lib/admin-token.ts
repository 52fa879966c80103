import { and, eq, gt, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { adminSessions } from "../../schema/db";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { JWT_ALGORITHM, JWT_ISSUER, requireJwtSecret } from "./signing-secret";

export const ADMIN_AUDIENCE = "heating-company-admin";
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;

/** Signs a token and records its jti as a session row, so logout can revoke it. */
export async function issueAdminToken(env: AppEnv, username: string, now = Date.now()): Promise<string> {
  const secret = requireJwtSecret(env);
  const jti = crypto.randomUUID();
  const expiresAt = new Date(now + ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString();
  await getDb(env).insert(adminSessions).values({ jti, username, expiresAt });
  return new SignJWT({})
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setSubject(username)
    .setIssuer(JWT_ISSUER)
    .setAudience(ADMIN_AUDIENCE)
    .setJti(jti)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ADMIN_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/**
 * Verifies signature (HS256 only: `alg: none` and others are refused), issuer, audience, expiry,
 * then that the session row exists and is not revoked. Any failure is the same 401.
 */
export async function verifyAdminToken(env: AppEnv, token: string): Promise<{ username: string; jti: string }> {
  const unauthorized = new ApiError("UNAUTHORIZED", "Your admin session has ended. Please log in again.");
  let payload: { sub?: string; jti?: string };
  try {
    ({ payload } = await jwtVerify(token, requireJwtSecret(env), {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: ADMIN_AUDIENCE,
      requiredClaims: ["jti", "sub", "exp"],
    }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unauthorized;
  }
  if (!payload.sub || !payload.jti || !(await isSessionLive(env, payload.jti))) throw unauthorized;
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
