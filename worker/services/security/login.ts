import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { AdminLogin, AdminLoginResult } from "../../../schema/api/security";
import { adminAccounts, adminRecoveryCodes, adminSignIns, adminUsers, type signInOutcomes } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdminCredentials } from "../../lib/admin-credentials";
import { issueAdminToken } from "../../lib/admin-token";
import { addressKey, networkKey } from "../../lib/client-ip";
import { issueDeviceToken, knownDevice } from "../../lib/device-token";
import { ApiError } from "../../lib/errors";
import { issueChallenge, solvedChallenge } from "../../lib/login-challenge";
import { constantTimeEqual, verifyPassword } from "../../lib/password";
import { countRateLimits, forgetRateLimitHits, type RateLimitHit } from "../../lib/rate-limit";
import { hashCode, openSecret } from "../../lib/secret-box";
import { sha256Hex } from "../../lib/sha256";
import { totpStep } from "../../lib/totp";
import { type MailMessage, ownerEmail } from "../mail";
import { signInAttackMail } from "../mail/security-emails";

export const INVALID_LOGIN = "Invalid username or password";
export const INVALID_CODE = "That code is not right, or it has been used already. Please try the current code from your app.";
export const THROTTLED = "Too many failed login attempts. Please wait a few minutes and try again.";

type Outcome = (typeof signInOutcomes)[number];

/** One line of the sign-in log. */
export const signInRow = (
  db: Db,
  row: { username: string; ip: string; userAgent: string | undefined; outcome: Outcome; now: number; newDevice?: boolean },
) =>
  db.insert(adminSignIns).values({
    username: row.username,
    address: row.ip,
    userAgent: row.userAgent?.slice(0, 300) ?? null,
    outcome: row.outcome,
    newDevice: row.newDevice ?? false,
    createdAt: new Date(row.now).toISOString(),
  });
export type LoginContext = { ip: string; userAgent: string | undefined; deviceToken: string | undefined; now?: number };
export type LoginSuccess = { result: AdminLoginResult; deviceToken: string | null; mails?: MailMessage[] };

/** The owner's alert while the account is under attack: the first challenged attempt of each hour sends it. */
async function attackAlert(env: AppEnv, db: Db, ip: string, now: number): Promise<MailMessage[]> {
  const seconds = settings.adminLogin.attackAlertSeconds;
  // The period is in the key, so the last period's alert does not weigh on this one's.
  const key = `login:alert:${Math.floor(now / (seconds * 1000))}`;
  const { retryAfter } = await countRateLimits(db, [{ key, limit: 1, windowSeconds: seconds }], now);
  return retryAfter > 0 ? [] : [signInAttackMail(ownerEmail(env), { address: ip, at: new Date(now).toISOString() })];
}

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * The counters one attempt adds to: its address (an IPv6 /64 as one), and either the submitted
 * username, whether or not it exists (hashed: the key never shows what was typed), or, for a
 * browser that has signed in before, that browser. So a flood of guesses for the owner's name
 * from many addresses locks the name, but never the owner's own browser.
 */
export async function attemptCounters(username: string, ip: string, deviceId: string | null): Promise<RateLimitHit[]> {
  const { perAddress, perAccount, perDevice } = settings.adminLogin;
  const network = networkKey(ip);
  return [
    { key: `login:address:${addressKey(ip)}`, ...perAddress },
    // An IPv6 /48 counts too, at four addresses' worth: moving from /64 to /64 buys nothing.
    ...(network
      ? [{ key: `login:network:${network}`, limit: perAddress.limit * 4, windowSeconds: perAddress.windowSeconds }]
      : []),
    deviceId
      ? { key: `login:device:${deviceId}`, ...perDevice }
      : { key: `login:account:${await sha256Hex(username.trim().toLowerCase())}`, ...perAccount },
  ];
}

/**
 * Whose account a sign-in is for, and what it is checked against: the owner by the Worker's
 * credentials (and the password chosen on the Security screen, or the secret's until then); an
 * active team member by their username and the password they set from their invitation. Anyone
 * else (an unknown name, someone invited, suspended or removed) is checked against the owner's
 * hash all the same and refused afterwards: the answer and its timing never tell which it was.
 */
async function signInAccount(db: Db, typed: string, owner: { username: string; passwordHash: string }) {
  if (constantTimeEqual(encode(typed), encode(owner.username))) {
    const [account] = await db.select().from(adminAccounts).where(eq(adminAccounts.username, owner.username));
    return {
      username: owner.username,
      loggedAs: owner.username,
      account,
      passwordHash: account?.passwordHash ?? owner.passwordHash,
      mayEnter: true,
    };
  }
  const name = typed.trim().toLowerCase();
  const [member] = await db
    .select({ username: adminUsers.username, status: adminUsers.status, account: adminAccounts })
    .from(adminUsers)
    .leftJoin(adminAccounts, eq(adminAccounts.username, adminUsers.username))
    .where(and(eq(adminUsers.username, name), ne(adminUsers.id, 1)));
  const account = member?.account ?? undefined;
  return {
    username: name,
    // Only a real name is kept in the log: a failed attempt's "username" may be a password typed in the wrong box.
    loggedAs: member?.username ?? "(another name)",
    account,
    passwordHash: account?.passwordHash ?? owner.passwordHash,
    mayEnter: member?.status === "active" && Boolean(account?.passwordHash),
  };
}

/**
 * Signs the owner or a team member in. Each attempt is counted before the password is checked, in one atomic
 * batch, so parallel guesses cannot all get past the limit; an attempt that proves right is taken
 * back off the counters. Wrong credentials are a 401 with no hint of which part was wrong (a
 * password hash is checked even when the username is wrong, so timing tells nothing either). With the
 * second factor on, the right password without a valid code answers `mfaRequired` and no token.
 */
export async function login(env: AppEnv, db: Db, input: AdminLogin, context: LoginContext): Promise<LoginSuccess> {
  const credentials = requireAdminCredentials(env);
  const now = context.now ?? Date.now();
  const who = await signInAccount(db, input.username, credentials);
  const isOwner = who.username === credentials.username && who.mayEnter;
  const record = (outcome: Outcome, newDevice = false) =>
    signInRow(db, { newDevice, username: who.loggedAs, ip: context.ip, userAgent: context.userAgent, outcome, now });

  const device = who.loggedAs === who.username ? await knownDevice(env, db, context.deviceToken, who.username) : null;
  const deviceId = device?.id ?? null;
  const counters = await attemptCounters(input.username, context.ip, deviceId);
  // Without a known browser the last counter is the account's. A solved challenge stands in for it:
  // the guess has been paid for in work, and the address's own limits still hold.
  const solved = deviceId === null && (await solvedChallenge(env, db, input, now));
  const counted = solved ? counters.slice(0, -1) : counters;
  const state = await countRateLimits(db, counted, now);
  if (state.retryAfter > 0) {
    const over = counted.map((hit, i) => (state.counts[i] ?? 0) > hit.limit);
    const onlyTheAccount = deviceId === null && !solved && over.at(-1) === true && over.slice(0, -1).every((o) => !o);
    if (onlyTheAccount) {
      // The account is under attack, not this address: slow this browser down instead of shutting it
      // out (it may be the owner's new phone), and tell the owner (at most once an hour).
      await record("challenged");
      const [challenge, mails] = await Promise.all([issueChallenge(env, now), attackAlert(env, db, context.ip, now)]);
      return { result: { success: false, challenge }, deviceToken: null, mails };
    }
    await record("throttled");
    throw new ApiError("RATE_LIMITED", THROTTLED, { retryAfter: state.retryAfter });
  }

  const { account } = who;
  const passwordOk = await verifyPassword(input.password, who.passwordHash);
  if (!(passwordOk && who.mayEnter)) {
    await record("wrong_credentials");
    throw new ApiError("UNAUTHORIZED", INVALID_LOGIN);
  }

  const secret = account?.totpSecret && account.totpEnabledAt ? await openSecret(env, account.totpSecret) : null;
  // A browser the owner asked to remember (after a code, within 30 days) skips the code.
  const remembered = device?.secondFactorUntil != null && device.secondFactorUntil > new Date(now).toISOString();
  if (secret && !(remembered && !input.code)) {
    if (!input.code) {
      // The password was right: only the code is missing, and asking for it is not a failure.
      await Promise.all([forgetRateLimitHits(db, counted, now), record("code_required")]);
      return { result: { success: false, mfaRequired: true }, deviceToken: null };
    }
    if (!(await acceptSecondFactor(env, db, who.username, secret, input.code, now))) {
      await record("wrong_code");
      throw new ApiError("UNAUTHORIZED", INVALID_CODE);
    }
  }

  await Promise.all([
    forgetRateLimitHits(db, counted, now),
    isOwner
      ? db.batch([
          record("success", deviceId === null),
          // User 1 is the owner under whatever name the Worker's secret gives (schema/db/team.ts):
          // put right in the sign-in log's trip, so a sign-in stays at four.
          db
            .update(adminUsers)
            .set({ username: credentials.username })
            .where(and(eq(adminUsers.id, 1), ne(adminUsers.username, credentials.username))),
        ])
      : record("success", deviceId === null),
  ]);
  const [token, deviceToken] = await Promise.all([
    issueAdminToken(env, who.username, now),
    issueDeviceToken(env, db, who.username, deviceId, now, Boolean(secret && input.code && input.remember)),
  ]);
  return { result: { success: true, token }, deviceToken };
}

/** A recovery code as the owner may type it: any case, spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A current TOTP code not accepted before (its step is recorded in the same statement that checks
 * it, so a replayed code fails even in a race), or an unused recovery code (spent atomically).
 */
export async function acceptSecondFactor(env: AppEnv, db: Db, username: string, secret: string, code: string, now: number) {
  const trimmed = code.trim();
  const step = totpStep(secret, trimmed, now);
  if (step !== null) {
    const [accepted] = await db
      .update(adminAccounts)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminAccounts.username, username),
          sql`(${adminAccounts.totpLastStep} IS NULL OR ${adminAccounts.totpLastStep} < ${step})`,
        ),
      )
      .returning({ username: adminAccounts.username });
    return accepted !== undefined;
  }
  const recovery = normaliseRecoveryCode(trimmed);
  if (recovery.length < 10) return false;
  const [spent] = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date(now).toISOString() })
    .where(
      and(
        eq(adminRecoveryCodes.username, username),
        eq(adminRecoveryCodes.codeHash, await hashCode(env, recovery)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return spent !== undefined;
}
