import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { accountSessions, accountSignInLinks, customers, enquiries, properties } from "../../../schema/db";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { toBase64Url } from "../../lib/base64";
import { ApiError } from "../../lib/errors";
import { countRateLimits } from "../../lib/rate-limit";
import { sha256Hex } from "../../lib/sha256";
import { siteUrl } from "../../lib/site-url";
import { ofAccount } from "../customers/customers";
import type { MailMessage } from "../mail";
import { accountSignInMail } from "../mail/account-emails";
import { tenantFirstName } from "./tenants";

/**
 * Signing in to /account without a password: a one-time link by e-mail, then a session cookie.
 * Secrets are random (32 bytes) and only their SHA-256 is stored, so a copy of the database opens
 * no account. The account is the lower-case e-mail address: every customer with it is one account,
 * and a property's tenant with it sees their home there too (tenants.ts).
 */
const { linkMinutes, sessionDays, linksPerAddress } = settings.account;
export const ACCOUNT_COOKIE = "__Secure-account";
export const ACCOUNT_SESSION_SECONDS = sessionDays * 86_400;

const secret = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
export const hashSecret = (value: string) => sha256Hex(value);
const normalise = (email: string) => email.trim().toLowerCase();

/** The chats the address handed over to a person (its call-back requests name them), as a subquery. */
export const accountChats = (db: Db, email: string) =>
  db
    .select({ id: enquiries.chatSessionId })
    .from(enquiries)
    .where(and(sql`lower(${enquiries.email}) = ${email}`, isNotNull(enquiries.chatSessionId)));

/**
 * A sign-in link for an address: e-mailed only when a customer or a tenant (tenants.ts) has it and the address has not had
 * its share this hour, but the caller answers the same either way (nobody learns who is a customer).
 * Run after the answer has gone (waitUntil), so its time does not tell either.
 */
export async function signInMail(env: AppEnv, db: Db, typed: string, now = Date.now()): Promise<MailMessage | null> {
  const email = normalise(typed);
  const [[customer], tenant, { retryAfter }] = await Promise.all([
    db.select({ firstName: customers.firstName }).from(customers).where(ofAccount(email)).orderBy(customers.id).limit(1),
    tenantFirstName(db, email),
    countRateLimits(db, [{ key: `account-link:${await hashSecret(email)}`, ...linksPerAddress }], now),
  ]);
  const firstName = customer?.firstName ?? tenant;
  if (firstName === null || retryAfter > 0) return null;
  const token = secret();
  await db.insert(accountSignInLinks).values({
    tokenHash: await hashSecret(token),
    email,
    expiresAt: new Date(now + linkMinutes * 60_000).toISOString(),
  });
  return accountSignInMail(email, firstName, siteUrl(env, `/account/sign-in#${token}`), linkMinutes, customer === undefined);
}

const linkRefused = () =>
  new ApiError("UNAUTHORIZED", "This sign-in link has expired or was already used. Please ask for a new one.");

/** A link's token for a session: the link is used up in the same statement that checks it. */
export async function startSession(db: Db, token: string, now = Date.now()): Promise<{ cookie: string; email: string }> {
  const at = new Date(now).toISOString();
  const [used] = await db
    .update(accountSignInLinks)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountSignInLinks.tokenHash, await hashSecret(token)),
        isNull(accountSignInLinks.usedAt),
        gt(accountSignInLinks.expiresAt, at),
      ),
    )
    .returning({ email: accountSignInLinks.email });
  if (!used) throw linkRefused();
  const cookie = secret();
  await db.insert(accountSessions).values({
    tokenHash: await hashSecret(cookie),
    email: used.email,
    expiresAt: new Date(now + ACCOUNT_SESSION_SECONDS * 1000).toISOString(),
  });
  return { cookie, email: used.email };
}

/**
 * The account a session cookie opens, or null (missing, unknown, expired or signed out), and whether
 * the address is a customer's now and a tenant's (either can change while signed in: the office edits).
 */
export async function sessionAccount(
  db: Db,
  cookie: string | undefined,
  now = Date.now(),
): Promise<{ email: string; isCustomer: boolean; isTenant: boolean } | null> {
  if (!cookie || cookie.length > 100) return null;
  const [session] = await db
    .select({
      email: accountSessions.email,
      // Qualified by hand: Drizzle writes a single-table select's columns unqualified.
      isCustomer: sql<number>`EXISTS (SELECT 1 FROM ${customers} WHERE lower(${customers.email}) = ${sql.raw('"account_sessions"."email"')})`,
      isTenant: sql<number>`EXISTS (SELECT 1 FROM ${properties} WHERE lower(${properties.tenantEmail}) = ${sql.raw('"account_sessions"."email"')})`,
    })
    .from(accountSessions)
    .where(
      and(
        eq(accountSessions.tokenHash, await hashSecret(cookie)),
        isNull(accountSessions.revokedAt),
        gt(accountSessions.expiresAt, new Date(now).toISOString()),
      ),
    );
  return session ? { email: session.email, isCustomer: Boolean(session.isCustomer), isTenant: Boolean(session.isTenant) } : null;
}

/** Sign out: this session; everywhere: every session of the account. */
export async function endSessions(db: Db, cookie: string, everywhere: boolean): Promise<void> {
  const hash = await hashSecret(cookie);
  const at = new Date().toISOString();
  const mine = db.select({ email: accountSessions.email }).from(accountSessions).where(eq(accountSessions.tokenHash, hash));
  await db
    .update(accountSessions)
    .set({ revokedAt: at })
    .where(
      and(
        isNull(accountSessions.revokedAt),
        everywhere ? sql`${accountSessions.email} = (${mine})` : eq(accountSessions.tokenHash, hash),
      ),
    );
}

/** The cron's tidy-up: links a day past their end, sessions a day past theirs or their sign-out. */
export async function purgeAccountSessions(db: Db, now = Date.now()): Promise<void> {
  const dayAgo = new Date(now - 86_400_000).toISOString();
  await db.batch([
    db.delete(accountSignInLinks).where(lt(accountSignInLinks.expiresAt, dayAgo)),
    db.delete(accountSessions).where(or(lt(accountSessions.expiresAt, dayAgo), lt(accountSessions.revokedAt, dayAgo))),
  ]);
}
