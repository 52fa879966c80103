import { type JWTPayload, jwtVerify, SignJWT } from "jose";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { JWT_ALGORITHM, JWT_ISSUER, requireJwtSecret } from "./signing-secret";

/**
 * The one way this Worker signs and checks a JWT (admin sessions, known devices, upload links):
 * HS256 under the signing secret, this Worker as issuer, and an audience per kind, so a token of
 * one kind is never accepted as another.
 */
export type JwtKind = { audience: string; ttlSeconds: number };

export function signJwt(
  env: AppEnv,
  kind: JwtKind,
  {
    subject,
    id,
    claims = {},
    now = Date.now(),
  }: { subject: string; id?: string; claims?: Record<string, unknown>; now?: number },
): Promise<string> {
  const seconds = Math.floor(now / 1000);
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
    .setIssuer(JWT_ISSUER)
    .setAudience(kind.audience)
    .setSubject(subject)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + kind.ttlSeconds);
  return (id ? jwt.setJti(id) : jwt).sign(requireJwtSecret(env));
}

/**
 * The payload of a valid token of this kind (signature, HS256 only, issuer, audience, expiry, the
 * claims required, the subject when given), or null for any failure. A missing signing secret is
 * not a bad token: its 503 goes through.
 */
export async function verifyJwt(
  env: AppEnv,
  kind: JwtKind,
  token: string,
  { required = [], subject }: { required?: string[]; subject?: string } = {},
): Promise<(JWTPayload & Record<string, unknown>) | null> {
  const secret = requireJwtSecret(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: kind.audience,
      subject,
      requiredClaims: ["sub", "exp", ...required],
    });
    return payload;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return null;
  }
}
