import { jwtVerify, SignJWT } from "jose";
import { type AppEnv, isDevelopment } from "../env";
import { ApiError } from "./errors";

export const JWT_ISSUER = "heating-company";
export const ADMIN_AUDIENCE = "heating-company-admin";
export const JWT_ALGORITHM = "HS256";
/** HS256 is only as strong as its key: shorter secrets are refused rather than silently weak. */
const MIN_JWT_SECRET_LENGTH = 32;
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;

/**
 * Local development only (ENVIRONMENT=development, never set in the production environment): a
 * fixed signing secret so `npm start` works with no setup. Deploys must set JWT_SECRET.
 */
const DEV_JWT_SECRET = "development-only-jwt-secret-not-for-deploys-0b6f2c";

export function requireJwtSecret(env: AppEnv): Uint8Array {
  const secret = env.JWT_SECRET ?? (isDevelopment(env) ? DEV_JWT_SECRET : undefined);
  if (!secret) throw new ApiError("NOT_CONFIGURED", "Admin login is not configured: set the JWT_SECRET secret.");
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ApiError(
      "NOT_CONFIGURED",
      `Admin login is not configured: JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} random characters (npm run admin:password suggests one).`,
    );
  }
  return new TextEncoder().encode(secret);
}

/** Signs a token and records its jti as a session row, so logout can revoke it. */
export async function issueAdminToken(env: AppEnv, username: string, now = Date.now()): Promise<string> {
  const secret = requireJwtSecret(env);
  const jti = crypto.randomUUID();
  const expiresAt = new Date(now + ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString();
  await env.DB.prepare("INSERT INTO admin_sessions (jti, username, expires_at) VALUES (?1, ?2, ?3)")
    .bind(jti, username, expiresAt)
    .run();
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
  const session = await env.DB.prepare(
    "SELECT 1 AS ok FROM admin_sessions WHERE jti = ?1 AND revoked_at IS NULL AND expires_at > ?2",
  )
    .bind(payload.jti, new Date().toISOString())
    .first();
  if (!session || !payload.sub || !payload.jti) throw unauthorized;
  return { username: payload.sub, jti: payload.jti };
}

export async function revokeAdminToken(env: AppEnv, jti: string): Promise<void> {
  await env.DB.prepare("UPDATE admin_sessions SET revoked_at = ?2 WHERE jti = ?1 AND revoked_at IS NULL")
    .bind(jti, new Date().toISOString())
    .run();
}
