import { paperNames, papers } from "../../../schema/api/papers";
import type { TeamMemberRole as TeamRole } from "../../../schema/api/team";

/**
 * Which screens each role opens, the screens' side of worker/routes/admin/roles.ts (the server
 * refuses the calls whatever a screen shows; this keeps a person from being shown what they cannot
 * use). Paths are the back office's own (under /admin); a screen not named here is the office's.
 */
const OWNER_ONLY = ["/settings", "/outbox", "/team", "/audit", "/testimonials"];
/** An engineer's phone: their day, the paperwork they issue, their own sign-in's security. */
const ENGINEER = ["/today", ...paperNames.map((name) => `/${papers[name].segment}/:id`), "/security"];

export function screenRoles(path: string): readonly TeamRole[] {
  if (OWNER_ONLY.some((p) => path === p || path.startsWith(`${p}/`))) return ["owner"];
  if (ENGINEER.includes(path)) return ["owner", "office", "engineer"];
  return ["owner", "office"];
}

export const mayOpen = (role: TeamRole | undefined, path: string) => role === undefined || screenRoles(path).includes(role);

/** A record's History (GET /api/admin/audit/:kind/:id): the owner's and the office's, as the server's table has it. */
export const readsRecordHistory = (role: TeamRole | undefined) => role === "owner" || role === "office";

/** Where a person lands: the engineer's day, or the home screen's counts. */
export const landingFor = (role: TeamRole | undefined) => (role === "engineer" ? "/today" : "/");
