import { and, eq, gt, isNull } from "drizzle-orm";
import { adminSessions, adminUsers, type TeamRole } from "../../schema/db";
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

/** The person a request is from, as the route table (routes/admin/roles.ts) and the services see them. */
export type AdminUser = {
  id: number;
  username: string;
  name: string;
  role: TeamRole;
  seesPrices: boolean;
  /** The 7-digit number on their Gas Safe ID card: what they issue carries it. */
  gasSafeLicence: string | null;
};

/**
 * Verifies signature (HS256 only: `alg: none` and others are refused), issuer, audience, expiry,
 * then, in one read, that the session row exists and is not revoked and whose it is: a person
 * suspended or removed has no live session from the next request on (suspending revokes them too).
 * The owner is the owner by the Worker's credentials, whatever the team table says. Any failure is
 * the same 401.
 */
export async function verifyAdminToken(
  env: AppEnv,
  token: string,
  ownerUsername: string,
): Promise<{ user: AdminUser; jti: string }> {
  const unauthorized = new ApiError("UNAUTHORIZED", "Your admin session has ended. Please log in again.");
  const payload = await verifyJwt(env, ADMIN_TOKEN, token, { required: ["jti"] });
  if (!payload?.sub || !payload.jti) throw unauthorized;
  const [row] = await getDb(env)
    .select({
      id: adminUsers.id,
      name: adminUsers.name,
      role: adminUsers.role,
      seesPrices: adminUsers.seesPrices,
      status: adminUsers.status,
      gasSafeLicence: adminUsers.gasSafeLicence,
    })
    .from(adminSessions)
    .leftJoin(adminUsers, eq(adminUsers.username, adminSessions.username))
    .where(
      and(
        eq(adminSessions.jti, payload.jti),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, new Date().toISOString()),
      ),
    );
  if (!row) throw unauthorized;
  const username = payload.sub;
  if (username === ownerUsername) {
    return {
      jti: payload.jti,
      user: { id: 1, username, name: row.name ?? "Owner", role: "owner", seesPrices: true, gasSafeLicence: row.gasSafeLicence },
    };
  }
  if (row.id === null || row.status !== "active" || !row.role) throw unauthorized;
  const user = {
    id: row.id,
    username,
    name: row.name ?? username,
    role: row.role,
    seesPrices: row.role !== "engineer" || Boolean(row.seesPrices),
    gasSafeLicence: row.gasSafeLicence,
  };
  return { jti: payload.jti, user };
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
