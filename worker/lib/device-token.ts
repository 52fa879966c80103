import { and, eq, isNull } from "drizzle-orm";
import { adminDevices } from "../../schema/db";
import { settings } from "../../schema/settings";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { type JwtKind, signJwt, verifyJwt } from "./jwt";

/**
 * OWASP's device cookie: a browser that signed in successfully gets a signed token naming it (a
 * row in admin_devices) and the username. At later sign-ins it exempts that browser from the
 * per-account limit. Its own audience, so it is never accepted as a session, and revocable.
 */
export const DEVICE_COOKIE = "__Secure-admin-device";
export const DEVICE_TTL_SECONDS = settings.adminLogin.deviceDays * 86_400;
const DEVICE_TOKEN: JwtKind = { audience: "heating-company-admin-device", ttlSeconds: DEVICE_TTL_SECONDS };

/** A browser that has signed in before, and until when it may skip the second factor. */
export type KnownDevice = { id: string; secondFactorUntil: string | null };

/**
 * Records a device (or refreshes a known one) and signs its token. `rememberSecondFactor`: the
 * owner proved the second factor here and asked this browser to be remembered.
 */
export async function issueDeviceToken(
  env: AppEnv,
  db: Db,
  username: string,
  knownId: string | null,
  now = Date.now(),
  rememberSecondFactor = false,
) {
  const id = knownId ?? crypto.randomUUID();
  const nowIso = new Date(now).toISOString();
  const remembered = rememberSecondFactor
    ? { secondFactorUntil: new Date(now + settings.adminLogin.rememberSecondFactorDays * 86_400_000).toISOString() }
    : {};
  await db
    .insert(adminDevices)
    .values({ id, username, lastUsedAt: nowIso, ...remembered })
    .onConflictDoUpdate({ target: adminDevices.id, set: { lastUsedAt: nowIso, ...remembered } });
  return signJwt(env, DEVICE_TOKEN, { subject: username, id, now });
}

/**
 * The device id when the token is valid, made for this username, and not revoked; otherwise null
 * (the browser is then treated like any other).
 */
export async function knownDevice(env: AppEnv, db: Db, token: string | undefined, username: string): Promise<KnownDevice | null> {
  if (!token) return null;
  const payload = await verifyJwt(env, DEVICE_TOKEN, token, { required: ["jti"], subject: username }).catch(() => null);
  if (!payload) return null;
  try {
    const [row] = await db
      .select({ id: adminDevices.id, secondFactorUntil: adminDevices.secondFactorUntil })
      .from(adminDevices)
      .where(and(eq(adminDevices.id, payload.jti!), eq(adminDevices.username, username), isNull(adminDevices.revokedAt)));
    return row ?? null;
  } catch {
    return null;
  }
}
