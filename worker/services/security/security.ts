import { and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ListResult } from "../../../schema/api/lists";
import {
  type AdminSecurity,
  type AdminSignIn,
  type MfaEnabled,
  type MfaRecoveryCodes,
  type MfaSetup,
  type SignInCounts,
  type SignInFilter,
  type signInsQuerySchema,
  WRONG_CONFIRMATION,
  WRONG_CURRENT_PASSWORD,
} from "../../../schema/api/security";

type SignInsQuery = z.output<typeof signInsQuerySchema>;

import { adminAccounts, adminDevices, adminRecoveryCodes, adminSessions, adminSignIns } from "../../../schema/db";
import { randomText } from "../../../schema/random";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdminCredentials } from "../../lib/admin-credentials";
import { ApiError } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/password";
import { forgetRateLimitHits, hitRateLimits } from "../../lib/rate-limit";
import { hashCode, openSecret, sealSecret } from "../../lib/secret-box";
import { newTotpSecret, totpStep, totpUri } from "../../lib/totp";
import { acceptSecondFactor, attemptCounters, normaliseRecoveryCode, signInRow, THROTTLED } from "./login";
import { requireUncommonPassword } from "./new-password";

/** Who is asking, for the throttle and the sign-in log. */
export type ConfirmContext = { ip: string; userAgent: string | undefined; now?: number };

const RECOVERY_CODES = 10;

/** "k3x9p-q2mzd": 50 random bits, easy to read out and type. */
function newRecoveryCode(): string {
  const chars = randomText(10);
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Ten new recovery codes for the account: the plain codes (answered this once) and the statements
 * that replace the stored ones with their keyed hashes, for the caller's batch.
 */
async function newRecoveryCodes(env: AppEnv, db: Db, username: string, nowIso: string) {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashCode(env, normaliseRecoveryCode(c))));
  const replace = [
    db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.username, username)),
    db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ username, codeHash, createdAt: nowIso }))),
  ] as const;
  return { codes, replace };
}

const accountOf = async (db: Db, username: string) =>
  (await db.select().from(adminAccounts).where(eq(adminAccounts.username, username)))[0];

const signInColumns = {
  id: adminSignIns.id,
  at: adminSignIns.createdAt,
  // What was typed as the name can be anything: a line's worth is enough to tell who (or what) it was.
  username: sql<string>`substr(${adminSignIns.username}, 1, 60)`,
  address: adminSignIns.address,
  userAgent: adminSignIns.userAgent,
  outcome: adminSignIns.outcome,
  newDevice: adminSignIns.newDevice,
};

const failures = inArray(adminSignIns.outcome, ["wrong_credentials", "wrong_code", "throttled", "factor_refused", "challenged"]);
const signInWhere: Record<SignInFilter, SQL | undefined> = {
  all: undefined,
  successes: eq(adminSignIns.outcome, "success"),
  "new-devices": and(eq(adminSignIns.outcome, "success"), eq(adminSignIns.newDevice, true)),
  failures,
};

/**
 * The whole sign-in history (or `whose`'s own: see securityOverview), newest first, a page at a time, filtered; with each filter's count in
 * the same round trip. However many junk failures an attacker sends, a success (and above all one
 * from a new browser) is one tap away.
 */
export async function listSignIns(
  db: Db,
  query: SignInsQuery,
  whose: string | null = null,
): Promise<ListResult<AdminSignIn, SignInCounts>> {
  const mine = whose === null ? undefined : eq(adminSignIns.username, whose);
  const countOf = (filter: SQL | undefined) => {
    const where = and(filter, mine);
    return sql<number>`(SELECT count(*) FROM ${adminSignIns} ${where ? sql`WHERE ${where}` : sql``})`;
  };
  const [items, [counts]] = await db.batch([
    db
      .select(signInColumns)
      .from(adminSignIns)
      .where(and(signInWhere[query.show], mine))
      .orderBy(desc(adminSignIns.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({
        all: countOf(signInWhere.all),
        successes: countOf(signInWhere.successes),
        "new-devices": countOf(signInWhere["new-devices"]),
        failures: countOf(signInWhere.failures),
      })
      .from(sql`(SELECT 1)`),
  ]);
  return { items, total: counts![query.show], counts: counts! };
}

/**
 * The Security screen: is the second factor on, how many recovery codes are left, the latest sign-ins
 * (`whose`: only that username's, as a team member sees their own; null: every attempt, as the owner
 * sees them, guesses at unknown names included).
 */
export async function securityOverview(db: Db, username: string, whose: string | null = null): Promise<AdminSecurity> {
  const [[account], [codes], signIns] = await db.batch([
    db.select().from(adminAccounts).where(eq(adminAccounts.username, username)),
    db
      .select({ left: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.username, username), isNull(adminRecoveryCodes.usedAt))),
    db
      .select(signInColumns)
      .from(adminSignIns)
      .where(whose === null ? undefined : eq(adminSignIns.username, whose))
      .orderBy(desc(adminSignIns.id))
      .limit(settings.adminLogin.recentSignIns),
  ]);
  const mfaEnabled = Boolean(account?.totpSecret && account.totpEnabledAt);
  return {
    mfaEnabled,
    mfaEnabledAt: mfaEnabled ? (account?.totpEnabledAt ?? null) : null,
    recoveryCodesLeft: mfaEnabled ? (codes?.left ?? 0) : 0,
    signIns,
  };
}

/**
 * Starts turning the second factor on: a new secret, kept (encrypted) as pending until a code from
 * the app proves the owner added it. Asking again replaces the pending secret.
 */
export async function setupMfa(env: AppEnv, db: Db, username: string): Promise<MfaSetup> {
  const account = await accountOf(db, username);
  if (account?.totpEnabledAt)
    throw new ApiError("CONFLICT", "Two-step sign-in is already on. Turn it off first to set up a new app.");
  const secret = newTotpSecret();
  const sealed = await sealSecret(env, secret);
  await db
    .insert(adminAccounts)
    .values({ username, totpPendingSecret: sealed })
    .onConflictDoUpdate({
      target: adminAccounts.username,
      set: { totpPendingSecret: sealed, updatedAt: new Date().toISOString() },
    });
  return { secret, otpauthUri: totpUri(secret, username) };
}

/**
 * Turns the second factor on once the password and a code from the app (matching the pending
 * secret) prove it is the owner at the screen, not someone holding a stolen session; issues ten
 * new recovery codes (stored as keyed hashes; the plain codes are answered this once).
 */
export async function enableMfa(
  env: AppEnv,
  db: Db,
  username: string,
  input: { password: string; code: string },
  context: ConfirmContext,
): Promise<MfaEnabled> {
  const now = context.now ?? Date.now();
  const account = await accountOf(db, username);
  if (account?.totpEnabledAt) throw new ApiError("CONFLICT", "Two-step sign-in is already on.");
  const secret = account?.totpPendingSecret ? await openSecret(env, account.totpPendingSecret) : null;
  if (!secret) throw new ApiError("CONFLICT", "Start the set-up first: the secret to add to your app has not been made yet.");
  let step: number | null = null;
  await confirmOwner(
    env,
    db,
    username,
    context,
    async (passwordOk) => {
      step = passwordOk ? totpStep(secret, input.code.trim(), now) : null;
      return step !== null;
    },
    input.password,
  );
  const nowIso = new Date(now).toISOString();
  const { codes, replace } = await newRecoveryCodes(env, db, username, nowIso);
  await db.batch([
    db
      .update(adminAccounts)
      .set({
        totpSecret: account!.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: nowIso,
        totpLastStep: step,
        updatedAt: nowIso,
      })
      .where(eq(adminAccounts.username, username)),
    ...replace,
  ]);
  return { enabled: true, recoveryCodes: codes };
}

/**
 * The owner proves it is them before the second factor changes: the password and a code. Each try
 * counts on the sign-in throttle (the same counters: a stolen session cannot guess the password
 * here instead), any wrong combination gets one answer, and every try is in the sign-in log. The
 * code is only looked at once the password is right, so a wrong password never spends a recovery code.
 */
async function confirmOwner(
  env: AppEnv,
  db: Db,
  username: string,
  context: ConfirmContext,
  codeOk: (passwordOk: boolean) => Promise<boolean>,
  password: string,
  wrong: { message: string; paths: string[] } = { message: WRONG_CONFIRMATION, paths: ["password", "code"] },
) {
  const now = context.now ?? Date.now();
  const passwordHash = (await accountOf(db, username))?.passwordHash ?? requireAdminCredentials(env).passwordHash;
  const log = (outcome: "factor_confirmed" | "factor_refused" | "throttled") =>
    signInRow(db, { username, ip: context.ip, userAgent: context.userAgent, outcome, now });
  const counters = await attemptCounters(username, context.ip, null);
  try {
    await hitRateLimits(db, counters, THROTTLED, now);
  } catch (error) {
    await log("throttled");
    throw error;
  }
  const passwordOk = await verifyPassword(password, passwordHash);
  if (!(await codeOk(passwordOk)) || !passwordOk) {
    await log("factor_refused");
    throw new ApiError("VALIDATION_FAILED", wrong.message, {
      details: wrong.paths.map((path) => ({ path, message: wrong.message })),
    });
  }
  await Promise.all([forgetRateLimitHits(db, counters, now), log("factor_confirmed")]);
}

/** The password and a current code of the factor that is on (or a recovery code, spent). */
async function confirmWithFactor(
  env: AppEnv,
  db: Db,
  username: string,
  input: { password: string; code: string },
  context: ConfirmContext,
) {
  const account = await accountOf(db, username);
  const secret = account?.totpSecret && account.totpEnabledAt ? await openSecret(env, account.totpSecret) : null;
  if (!secret) throw new ApiError("CONFLICT", "Two-step sign-in is not on.");
  const now = context.now ?? Date.now();
  await confirmOwner(
    env,
    db,
    username,
    context,
    async (passwordOk) => passwordOk && (await acceptSecondFactor(env, db, username, secret, input.code, now)),
    input.password,
  );
}

/** Turns the second factor off: the password and a current code (or a recovery code) are both needed. */
export async function disableMfa(
  env: AppEnv,
  db: Db,
  username: string,
  input: { password: string; code: string },
  context: ConfirmContext,
) {
  const now = context.now ?? Date.now();
  await confirmWithFactor(env, db, username, input, context);
  await db.batch([
    db
      .update(adminAccounts)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, updatedAt: new Date(now).toISOString() })
      .where(eq(adminAccounts.username, username)),
    db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.username, username)),
  ]);
  return { enabled: false as const };
}

/**
 * Ten new recovery codes for an owner running low (or who lost the list), on the same proof as
 * turning the factor off; every earlier code stops working in the same batch.
 */
export async function renewRecoveryCodes(
  env: AppEnv,
  db: Db,
  username: string,
  input: { password: string; code: string },
  context: ConfirmContext,
): Promise<MfaRecoveryCodes> {
  const now = context.now ?? Date.now();
  await confirmWithFactor(env, db, username, input, context);
  const { codes, replace } = await newRecoveryCodes(env, db, username, new Date(now).toISOString());
  await db.batch(replace);
  return { recoveryCodes: codes };
}

/**
 * Ends every session and forgets every known browser but the one it is pressed on (`keepDevice`),
 * and no browser skips the second factor any more: the owner's "sign out everywhere". Forgetting the owner's own browser too would leave them
 * behind the account throttle an attacker may be running.
 */
export async function signOutEverywhere(db: Db, username: string, keepDevice: string | null, now = Date.now()) {
  const [sessions, devices] = await db.batch(signOutStatements(db, username, keepDevice, new Date(now).toISOString()));
  return { sessionsEnded: sessions.length, devicesForgotten: devices.length };
}

/** "Sign out everywhere" as statements, for a caller's own batch (suspending or removing a person: services/team). */
export function signOutStatements(db: Db, username: string, keepDevice: string | null, nowIso: string) {
  return [
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(and(eq(adminSessions.username, username), isNull(adminSessions.revokedAt)))
      .returning({ jti: adminSessions.jti }),
    db
      .update(adminDevices)
      .set({ revokedAt: nowIso })
      .where(
        and(
          eq(adminDevices.username, username),
          isNull(adminDevices.revokedAt),
          keepDevice ? ne(adminDevices.id, keepDevice) : undefined,
        ),
      )
      .returning({ id: adminDevices.id }),
    // The browser kept must prove the second factor again: no browser stays remembered.
    db.update(adminDevices).set({ secondFactorUntil: null }).where(eq(adminDevices.username, username)),
  ] as const;
}

/**
 * The owner's own password, chosen on the Security screen: the current one proves it is them (on
 * the sign-in throttle, in the sign-in log), the new one is at least 12 characters and not one of the
 * most common passwords. It is stored as a PBKDF2 hash over the Worker secret's, and every other
 * session ends (this one stays signed in).
 */
export async function changePassword(
  env: AppEnv,
  db: Db,
  username: string,
  currentJti: string,
  input: { current: string; password: string },
  context: ConfirmContext,
): Promise<{ sessionsEnded: number }> {
  requireUncommonPassword(input.password, username);
  await confirmOwner(env, db, username, context, async () => true, input.current, {
    message: WRONG_CURRENT_PASSWORD,
    paths: ["current"],
  });
  const now = context.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const passwordHash = await hashPassword(input.password);
  const [, ended] = await db.batch([
    db
      .insert(adminAccounts)
      .values({ username, passwordHash, passwordChangedAt: nowIso, updatedAt: nowIso })
      .onConflictDoUpdate({
        target: adminAccounts.username,
        set: { passwordHash, passwordChangedAt: nowIso, updatedAt: nowIso },
      }),
    db
      .update(adminSessions)
      .set({ revokedAt: nowIso })
      .where(and(eq(adminSessions.username, username), isNull(adminSessions.revokedAt), ne(adminSessions.jti, currentJti)))
      .returning({ jti: adminSessions.jti }),
    signInRow(db, { username, ip: context.ip, userAgent: context.userAgent, outcome: "password_changed", now }),
  ]);
  return { sessionsEnded: ended.length };
}
