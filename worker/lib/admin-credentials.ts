import { type AppEnv, isDevelopment } from "../env";
import { ApiError } from "./errors";
import { parsePasswordHash } from "./password";
import { requireJwtSecret } from "./signing-secret";

/**
 * Local development only (ENVIRONMENT=development, never set by the production environment) and
 * only while no admin secrets are set: username `admin`, password `admin-dev-password`, as README
 * documents. Only the hash is kept here.
 */
export const DEV_ADMIN_USERNAME = "admin";
const DEV_ADMIN_PASSWORD_HASH = "pbkdf2-sha256$100000$xx5SrQ6mmCKEagP3KdVd2w==$yr6fdAviq/EDCc+/QUTc13Ez8oV1rCfSpaHtI+7iOJ0=";

export type AdminCredentials = { username: string; passwordHash: string };

const howToSet = "Run `npm run admin:password` and set them with `npx wrangler secret put <NAME> --env production`.";

/**
 * The configured admin credentials, or 503 NOT_CONFIGURED naming every missing secret (a deploy
 * without them refuses logins rather than falling back to anything guessable).
 */
export function requireAdminCredentials(env: AppEnv): AdminCredentials {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD_HASH: passwordHash } = env;
  if (!username && !passwordHash && isDevelopment(env)) {
    return { username: DEV_ADMIN_USERNAME, passwordHash: DEV_ADMIN_PASSWORD_HASH };
  }
  // Development has its own signing key (admin-token.ts); a deploy needs all three.
  const missing = (["ADMIN_USERNAME", "ADMIN_PASSWORD_HASH", "JWT_SECRET"] as const).filter(
    (name) => !env[name] && !(name === "JWT_SECRET" && isDevelopment(env)),
  );
  if (missing.length > 0) {
    const secrets = missing.length === 1 ? `the ${missing[0]} secret` : `the ${missing.join(", ")} secrets`;
    throw new ApiError("NOT_CONFIGURED", `Admin login is not configured: set ${secrets}. ${howToSet}`);
  }
  if (!parsePasswordHash(passwordHash!)) {
    throw new ApiError(
      "NOT_CONFIGURED",
      "Admin login is not configured: ADMIN_PASSWORD_HASH is not a hash made by `npm run admin:password`.",
    );
  }
  requireJwtSecret(env);
  return { username: username!, passwordHash: passwordHash! };
}
