import type { AdminLogin, AdminLoginResult } from "../../../schema/api/admin";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdminCredentials } from "../../lib/admin-credentials";
import { issueAdminToken } from "../../lib/admin-token";
import { ApiError } from "../../lib/errors";
import { constantTimeEqual, verifyPassword } from "../../lib/password";
import { hitRateLimit, type Limit, peekRateLimit } from "../../lib/rate-limit";

/** Five failed logins from one address in 15 minutes, then 429 until the window ends. */
export const LOGIN_FAILURE_LIMIT: Limit = { limit: 5, windowSeconds: 15 * 60 };
export const INVALID_LOGIN = "Invalid username or password";
const THROTTLED = "Too many failed login attempts. Please wait a few minutes and try again.";

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * Checks the credentials and issues a token. Wrong credentials are a 401 with no hint of which
 * part was wrong; the password is checked even when the username is wrong, so timing
 * does not tell them apart either. Only failures count towards the throttle.
 */
export async function login(env: AppEnv, input: AdminLogin, clientIp: string): Promise<AdminLoginResult> {
  const credentials = requireAdminCredentials(env);
  const key = `login:${clientIp}`;
  const { count, retryAfter } = await peekRateLimit(getDb(env), key, LOGIN_FAILURE_LIMIT.windowSeconds);
  if (count >= LOGIN_FAILURE_LIMIT.limit) throw new ApiError("RATE_LIMITED", THROTTLED, { retryAfter });
  const passwordOk = await verifyPassword(input.password, credentials.passwordHash);
  const usernameOk = constantTimeEqual(encode(input.username), encode(credentials.username));
  if (!(passwordOk && usernameOk)) {
    await hitRateLimit(getDb(env), key, LOGIN_FAILURE_LIMIT, THROTTLED);
    throw new ApiError("UNAUTHORIZED", INVALID_LOGIN);
  }
  return { success: true, token: await issueAdminToken(env, credentials.username) };
}
