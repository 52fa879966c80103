import { type AppEnv, isDevelopment } from "../env";
import { ApiError } from "./errors";

/** Every token this Worker signs (admin sessions, upload links) names it as issuer and uses HS256. */
export const JWT_ISSUER = "heating-company";
export const JWT_ALGORITHM = "HS256";

/** HS256 is only as strong as its key: shorter secrets are refused rather than silently weak. */
const MIN_JWT_SECRET_LENGTH = 32;

/**
 * Local development only (ENVIRONMENT=development, never set in the production environment): a
 * fixed signing secret so `npm start` works with no setup. Deploys must set JWT_SECRET.
 */
const DEV_JWT_SECRET = "development-only-jwt-secret-not-for-deploys-0b6f2c";

/**
 * The Worker's one signing secret. Admin and upload tokens are signed with it directly (each with
 * its own audience); other keys (unsubscribe links) are derived from it with HKDF under their own
 * label, so no kind of token can ever stand in for another.
 */
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

/** A key of its own for one purpose (`label`), derived from the signing secret with HKDF-SHA256. */
export async function deriveKey(
  env: AppEnv,
  label: string,
  algorithm: SubtleCryptoImportKeyAlgorithm,
  usages: string[],
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", requireJwtSecret(env), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(label) },
    base,
    algorithm,
    false,
    usages,
  );
}
