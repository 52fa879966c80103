import { and, eq, gt, like, sql } from "drizzle-orm";
import {
  INVITATION_EXPIRED,
  INVITATION_GONE,
  INVITE_DAYS,
  type JoinInvitation,
  roleLabels,
  type TeamMember,
  type teamInviteSchema,
  usernameFromEmail,
} from "../../../schema/api/team";
import { adminAccounts, adminUsers } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdminCredentials } from "../../lib/admin-credentials";
import { toBase64Url } from "../../lib/base64";
import { ApiError } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
import { hashCode } from "../../lib/secret-box";
import { siteUrl } from "../../lib/site-url";
import type { MailMessage } from "../mail";
import { teamInviteMail } from "../mail/team-emails";
import { requireUncommonPassword } from "../security/new-password";
import { detailsForRole, OWNER_ID, refuseSharedDetails, requireTeamMember, toTeamMember } from "./people";

type InviteInput = ReturnType<typeof teamInviteSchema.parse>;
type TeamRow = typeof adminUsers.$inferSelect;

/**
 * The invitation's one-time link: 32 random bytes in the link's fragment (never sent to a server
 * log), kept only as a keyed hash (a copy of the database cannot make a working link), for
 * INVITE_DAYS days. A new link replaces the old one in the same column, so the old one dies.
 */
async function newInviteLink(env: AppEnv, now: number) {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return {
    token,
    inviteHash: await hashCode(env, token),
    inviteExpiresAt: new Date(now + INVITE_DAYS * 86_400_000).toISOString(),
  };
}

const inviteMail = (env: AppEnv, row: TeamRow, token: string): MailMessage =>
  teamInviteMail(
    row.email!,
    { name: row.name, username: row.username, role: roleLabels[row.role].toLowerCase() },
    siteUrl(env, `/admin/join#${token}`),
    INVITE_DAYS,
  );

const usernameTaken = (username: string) =>
  new ApiError("CONFLICT", `The username "${username}" is taken. Please choose another.`, {
    details: [{ path: "username", message: `The username "${username}" is taken. Please choose another.` }],
  });

/**
 * The username from the e-mail address's local part, numbered (jo2, jo3…) when taken or too short.
 * Removed people's usernames count as taken, and so does the owner's sign-in name.
 */
async function freeUsername(db: Db, email: string, ownerUsername: string): Promise<string> {
  const base = usernameFromEmail(email) || "user";
  const taken = new Set(
    (
      await db
        .select({ username: adminUsers.username })
        .from(adminUsers)
        .where(like(adminUsers.username, `${base}%`))
    ).map((r) => r.username),
  );
  taken.add(ownerUsername.toLowerCase());
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : String(n);
    const candidate = `${base.slice(0, 40 - suffix.length)}${suffix}`;
    if (candidate.length >= 3 && !taken.has(candidate)) return candidate;
  }
}

/**
 * The owner invites someone: their row, `invited`, with the link's hash; the e-mail carries the
 * link and their username. A username typed by the owner that is taken is a 409; one made from the
 * e-mail address is numbered until it is free.
 */
export async function inviteTeamMember(
  env: AppEnv,
  db: Db,
  input: InviteInput,
  now = Date.now(),
): Promise<{ person: TeamMember; mail: MailMessage }> {
  const ownerUsername = requireAdminCredentials(env).username;
  const username = input.username ?? (await freeUsername(db, input.email, ownerUsername));
  if (username === ownerUsername.toLowerCase()) throw usernameTaken(username);
  await refuseSharedDetails(db, { email: input.email, gasSafeLicence: detailsForRole(input).gasSafeLicence }, null);
  const { token, inviteHash, inviteExpiresAt } = await newInviteLink(env, now);
  const [row] = await db
    .insert(adminUsers)
    .values({
      username,
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      ...detailsForRole(input),
      status: "invited",
      inviteHash,
      inviteExpiresAt,
    })
    // The unique index decides a race between two invitations for one name: one wins, one is told.
    .onConflictDoNothing({ target: adminUsers.username })
    .returning();
  if (!row) throw usernameTaken(username);
  return { person: toTeamMember(row), mail: inviteMail(env, row, token) };
}

/** A new link for someone who has not joined yet (lost the e-mail, or it expired); the old link stops working. */
export async function resendInvitation(
  env: AppEnv,
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ person: TeamMember; mail: MailMessage }> {
  const current = await requireTeamMember(db, id);
  if (current.status !== "invited" || !current.email) {
    throw new ApiError(
      "CONFLICT",
      current.status === "active" || current.id === OWNER_ID
        ? `${current.name} has joined already: they sign in with their username and password.`
        : `${current.name} is ${current.status}: there is no invitation to send.`,
    );
  }
  const { token, inviteHash, inviteExpiresAt } = await newInviteLink(env, now);
  const [row] = await db
    .update(adminUsers)
    .set({ inviteHash, inviteExpiresAt, updatedAt: new Date(now).toISOString() })
    .where(and(eq(adminUsers.id, id), eq(adminUsers.status, "invited")))
    .returning();
  if (!row) throw new ApiError("CONFLICT", `${current.name} has joined or been removed meanwhile. Please reload.`);
  return { person: toTeamMember(row), mail: inviteMail(env, row, token) };
}

/** The invitation a link stands for, still open: 410 when it was used, replaced, withdrawn or has expired. */
async function requireOpenInvitation(env: AppEnv, db: Db, token: string, now: number) {
  const inviteHash = await hashCode(env, token);
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.inviteHash, inviteHash));
  if (row?.status !== "invited" || !row.inviteExpiresAt) throw new ApiError("GONE", INVITATION_GONE);
  if (row.inviteExpiresAt <= new Date(now).toISOString()) throw new ApiError("GONE", INVITATION_EXPIRED);
  return { row, inviteHash };
}

/** Whom a link is for: the join screen greets them by name and shows the username they will sign in with. */
export async function findInvitation(env: AppEnv, db: Db, token: string, now = Date.now()): Promise<JoinInvitation> {
  const { row } = await requireOpenInvitation(env, db, token, now);
  return { name: row.name, username: row.username, role: row.role };
}

/**
 * The invited person sets their password (the Security screen's rules) and is active from then on.
 * The password is stored and the invitation spent in one batch, each statement on the condition
 * that the invitation is still open: of two tries with one link, only one sets a password.
 */
export async function joinTeam(
  env: AppEnv,
  db: Db,
  input: { token: string; password: string },
  now = Date.now(),
): Promise<{ username: string }> {
  const { row, inviteHash } = await requireOpenInvitation(env, db, input.token, now);
  requireUncommonPassword(input.password, row.username);
  const passwordHash = await hashPassword(input.password);
  const nowIso = new Date(now).toISOString();
  const open = and(
    eq(adminUsers.inviteHash, inviteHash),
    eq(adminUsers.status, "invited"),
    gt(adminUsers.inviteExpiresAt, nowIso),
  );
  const [, spent] = await db.batch([
    db
      .insert(adminAccounts)
      .select(
        db
          .select({
            username: adminUsers.username,
            totpSecret: sql<string | null>`NULL`.as("totp_secret"),
            totpEnabledAt: sql<string | null>`NULL`.as("totp_enabled_at"),
            totpPendingSecret: sql<string | null>`NULL`.as("totp_pending_secret"),
            totpLastStep: sql<number | null>`NULL`.as("totp_last_step"),
            passwordHash: sql<string>`${passwordHash}`.as("password_hash"),
            passwordChangedAt: sql<string>`${nowIso}`.as("password_changed_at"),
            updatedAt: sql<string>`${nowIso}`.as("updated_at"),
          })
          .from(adminUsers)
          .where(open),
      )
      .onConflictDoUpdate({
        target: adminAccounts.username,
        set: { passwordHash, passwordChangedAt: nowIso, updatedAt: nowIso },
      }),
    db
      .update(adminUsers)
      .set({ status: "active", inviteHash: null, inviteExpiresAt: null, updatedAt: nowIso })
      .where(and(eq(adminUsers.id, row.id), open))
      .returning({ username: adminUsers.username }),
  ]);
  if (!spent[0]) throw new ApiError("GONE", INVITATION_GONE);
  return { username: spent[0].username };
}
