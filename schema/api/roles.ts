/**
 * The back office's roles and the work an engineer is qualified for (schema/db/team.ts stores them;
 * worker/routes/admin/roles.ts decides routes by role). Browser-safe: no imports.
 */
export const teamRoles = ["owner", "office", "engineer"] as const;
export type TeamRole = (typeof teamRoles)[number];

/** The work an engineer is qualified for: what /book and the diary match a service against. */
export const qualifications = ["gas-domestic", "unvented", "plumbing", "oil"] as const;
export type Qualification = (typeof qualifications)[number];
