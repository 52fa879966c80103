import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { StatusChange, TeamMember, TeamMemberStatus, teamEditSchema } from "../../../schema/api/team";
import { adminUsers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { signOutStatements } from "../security/security";

type TeamRow = typeof adminUsers.$inferSelect;
type EditInput = ReturnType<typeof teamEditSchema.parse>;

/** User 1 is the owner (schema/db/team.ts). */
export const OWNER_ID = 1;

/** A row as the Team screen sees it: never the invitation's hash. */
export function toTeamMember(row: TeamRow): TeamMember {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    gasSafeLicence: row.gasSafeLicence,
    qualifications: JSON.parse(row.qualifications) as TeamMember["qualifications"],
    seesPrices: row.role !== "engineer" || row.seesPrices,
    status: row.status,
    isOwner: row.id === OWNER_ID,
    inviteExpiresAt: row.status === "invited" ? row.inviteExpiresAt : null,
    suspendedAt: row.suspendedAt,
    removedAt: row.removedAt,
    createdAt: row.createdAt,
  };
}

/** Active people first (the owner at the top), then those invited, then suspended; removed ones only when asked. */
export async function listTeam(db: Db, { removed }: { removed: "include" | "hide" }): Promise<TeamMember[]> {
  const rank = sql`CASE ${adminUsers.status} WHEN 'active' THEN 0 WHEN 'invited' THEN 1 WHEN 'suspended' THEN 2 ELSE 3 END`;
  const rows = await db
    .select()
    .from(adminUsers)
    .where(removed === "hide" ? ne(adminUsers.status, "removed") : undefined)
    .orderBy(rank, sql`${adminUsers.id} <> ${OWNER_ID}`, asc(sql`lower(${adminUsers.name})`), asc(adminUsers.id));
  return rows.map(toTeamMember);
}

export async function requireTeamMember(db: Db, id: number): Promise<TeamRow> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw notFound("Team member");
  return row;
}

/**
 * Two people on the team never share an e-mail address (any letter case: the invitation and the
 * sign-in links go there) or a Gas Safe licence (a record names its engineer by it); a removed
 * person's are free again. Read before the write: the owner alone manages people, one change at a
 * time, so a race between two of their own writes is not worth a unique index the old rows may break.
 */
export async function refuseSharedDetails(
  db: Db,
  input: { email: string | null; gasSafeLicence: string | null },
  self: number | null,
): Promise<void> {
  const { email, gasSafeLicence } = input;
  if (!email && !gasSafeLicence) return;
  const others = await db
    .select({ name: adminUsers.name, email: adminUsers.email, licence: adminUsers.gasSafeLicence })
    .from(adminUsers)
    .where(
      and(
        ne(adminUsers.status, "removed"),
        self === null ? undefined : ne(adminUsers.id, self),
        or(
          email ? sql`lower(${adminUsers.email}) = lower(${email})` : undefined,
          gasSafeLicence ? eq(adminUsers.gasSafeLicence, gasSafeLicence) : undefined,
        ),
      ),
    )
    .limit(2);
  const details = [
    ...others
      .filter((o) => email && o.email?.toLowerCase() === email.toLowerCase())
      .slice(0, 1)
      .map((o) => ({ path: "email", message: `${o.name} on the team has this e-mail address already.` })),
    ...others
      .filter((o) => gasSafeLicence && o.licence === gasSafeLicence)
      .slice(0, 1)
      .map((o) => ({ path: "gasSafeLicence", message: `${o.name} on the team has this Gas Safe licence number already.` })),
  ];
  if (details[0]) throw new ApiError("CONFLICT", details.map((d) => d.message).join(" "), { details });
}

/**
 * What a role keeps: an engineer their licence, qualifications and the owner's "sees prices"; the
 * office no licence or qualifications and always prices; the owner everything as given.
 */
export function detailsForRole(input: Omit<EditInput, "name" | "email" | "phone">) {
  if (input.role === "office") return { gasSafeLicence: null, qualifications: "[]", seesPrices: true };
  return {
    gasSafeLicence: input.gasSafeLicence,
    qualifications: JSON.stringify(input.qualifications),
    seesPrices: input.role === "owner" || input.seesPrices,
  };
}

/** The owner changes a person's details; the owner stays the owner, and nobody else becomes one. */
export async function editTeamMember(db: Db, id: number, input: EditInput, now = Date.now()): Promise<TeamMember> {
  const row = await requireTeamMember(db, id);
  if (row.id === OWNER_ID && input.role !== "owner") {
    throw new ApiError("CONFLICT", "The owner stays the owner: their role cannot change.");
  }
  if (row.id !== OWNER_ID && input.role === "owner") {
    throw new ApiError("CONFLICT", "There is one owner. Choose office or engineer.", {
      details: [{ path: "role", message: "There is one owner. Choose office or engineer." }],
    });
  }
  if (row.status === "removed") throw new ApiError("CONFLICT", `${row.name} was removed: their details are kept as they were.`);
  await refuseSharedDetails(db, { email: input.email, gasSafeLicence: detailsForRole(input).gasSafeLicence }, id);
  const [updated] = await db
    .update(adminUsers)
    .set({
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      ...detailsForRole(input),
      updatedAt: new Date(now).toISOString(),
    })
    .where(eq(adminUsers.id, id))
    .returning();
  if (!updated) throw notFound("Team member");
  return toTeamMember(updated);
}

/** Each change: the statuses it applies to, and where it leads. */
const transitions: Record<StatusChange, { from: TeamMemberStatus[]; to: TeamMemberStatus }> = {
  suspend: { from: ["active"], to: "suspended" },
  reinstate: { from: ["suspended"], to: "active" },
  remove: { from: ["active", "invited", "suspended"], to: "removed" },
};

/** Why a change does not apply to someone in this status, in the owner's words. */
function refusal(name: string, status: TeamMemberStatus, change: StatusChange): string {
  if (status === "removed") return `${name} has been removed already.`;
  if (change === "reinstate") return `${name} is not suspended: only a suspended person can be reinstated.`;
  if (status === "invited") return `${name} has not joined yet: remove the invitation instead.`;
  return `${name} is already suspended.`;
}

/**
 * Suspends, reinstates or removes a person. Suspending and removing end every session of theirs
 * and forget every browser they signed in with, in the same batch as the change of status (their
 * next request is a 401, and a remembered browser no longer skips the second factor); the sign-in
 * history and everything they did is kept, under their name. A removed person's username stays
 * taken, so nothing they did is ever confused with someone new. The owner is never suspended or removed.
 */
export async function changeTeamMemberStatus(db: Db, id: number, change: StatusChange, now = Date.now()): Promise<TeamMember> {
  const row = await requireTeamMember(db, id);
  if (row.id === OWNER_ID && change !== "reinstate") {
    throw new ApiError("CONFLICT", "The owner cannot be suspended or removed.");
  }
  const { from, to } = transitions[change];
  if (!from.includes(row.status)) throw new ApiError("CONFLICT", refusal(row.name, row.status, change));
  const nowIso = new Date(now).toISOString();
  const update = db
    .update(adminUsers)
    .set({
      status: to,
      updatedAt: nowIso,
      // A suspended or removed person's invitation dies with it; reinstating clears the suspension.
      ...(to === "active" ? { suspendedAt: null } : { inviteHash: null, inviteExpiresAt: null }),
      ...(to === "suspended" ? { suspendedAt: nowIso } : {}),
      ...(to === "removed" ? { removedAt: nowIso } : {}),
    })
    .where(and(eq(adminUsers.id, id), inArray(adminUsers.status, from)))
    .returning();
  const [[updated]] =
    to === "active" ? [await update] : await db.batch([update, ...signOutStatements(db, row.username, null, nowIso)]);
  if (!updated) throw new ApiError("CONFLICT", `${row.name} was changed meanwhile. Please reload and try again.`);
  return toTeamMember(updated);
}
