import type { AppEnv } from "../env";
import { isSessionLive } from "./admin-token";
import { ApiError } from "./errors";
import { type JwtKind, signJwt, verifyJwt } from "./jwt";

/** Its own audience: an upload token is never accepted as an admin token, nor the reverse. */
export const UPLOAD_TOKEN_TTL_SECONDS = 10 * 60;
const UPLOAD_TOKEN: JwtKind = { audience: "heating-company-upload", ttlSeconds: UPLOAD_TOKEN_TTL_SECONDS };

/**
 * A token allowing one PUT of one object key (e.g. `product-images/<id>.png`) for 10 minutes, on
 * behalf of one admin session (`sid`): logging out, or signing out everywhere, ends it too.
 */
export function signUploadToken(env: AppEnv, key: string, sessionJti: string, now = Date.now()): Promise<string> {
  return signJwt(env, UPLOAD_TOKEN, { subject: key, claims: { sid: sessionJti }, now });
}

/**
 * Throws 401 for a missing, expired or tampered token or one whose admin session has ended, and
 * 403 for a token made for another key.
 */
export async function requireUploadToken(env: AppEnv, token: string | undefined, key: string): Promise<void> {
  const invalid = new ApiError("UNAUTHORIZED", "This upload link has expired or is not valid. Please try the upload again.");
  if (!token) throw invalid;
  const payload = await verifyJwt(env, UPLOAD_TOKEN, token, { required: ["sid"] });
  if (!payload) throw invalid;
  if (payload.sub !== key) throw new ApiError("FORBIDDEN", "This upload link is for a different file.");
  if (typeof payload.sid !== "string" || !(await isSessionLive(env, payload.sid))) throw invalid;
}
