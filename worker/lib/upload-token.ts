import { jwtVerify, SignJWT } from "jose";
import type { AppEnv } from "../env";
import { isSessionLive } from "./admin-token";
import { ApiError } from "./errors";
import { JWT_ALGORITHM, JWT_ISSUER, requireJwtSecret } from "./signing-secret";

/** Its own audience: an upload token is never accepted as an admin token, nor the reverse. */
const UPLOAD_AUDIENCE = "heating-company-upload";
export const UPLOAD_TOKEN_TTL_SECONDS = 10 * 60;

/**
 * A token allowing one PUT of one object key (e.g. `product-images/<id>.png`) for 10 minutes, on
 * behalf of one admin session (`sid`): logging out, or signing out everywhere, ends it too.
 */
export function signUploadToken(env: AppEnv, key: string, sessionJti: string, now = Date.now()): Promise<string> {
  const seconds = Math.floor(now / 1000);
  return new SignJWT({ sid: sessionJti })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setIssuer(JWT_ISSUER)
    .setAudience(UPLOAD_AUDIENCE)
    .setSubject(key)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + UPLOAD_TOKEN_TTL_SECONDS)
    .sign(requireJwtSecret(env));
}

/**
 * Throws 401 for a missing, expired or tampered token or one whose admin session has ended, and
 * 403 for a token made for another key.
 */
export async function requireUploadToken(env: AppEnv, token: string | undefined, key: string): Promise<void> {
  const invalid = new ApiError("UNAUTHORIZED", "This upload link has expired or is not valid. Please try the upload again.");
  if (!token) throw invalid;
  let payload: { sub?: string; sid?: unknown };
  try {
    ({ payload } = await jwtVerify(token, requireJwtSecret(env), {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: UPLOAD_AUDIENCE,
      requiredClaims: ["sub", "exp", "sid"],
    }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid;
  }
  if (payload.sub !== key) throw new ApiError("FORBIDDEN", "This upload link is for a different file.");
  if (typeof payload.sid !== "string" || !(await isSessionLive(env, payload.sid))) throw invalid;
}
