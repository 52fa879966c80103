import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { qualifications, teamRoles, teamStatuses } from "../api/team";
import { createdAt, updatedAt } from "./columns";

// The lists live in schema/api/team.ts, beside the forms that offer them (no Drizzle in the browser).
export { qualifications, teamRoles, teamStatuses };

/**
 * Who may do what in the back office (worker/routes/admin/roles.ts decides it route by route):
 * - owner: everything; the only one to manage people, billing settings, backups and security;
 * - office: customers, the diary, enquiries, quotes, invoices and payments;
 * - engineer: their own day and visits, job sheets, the paperwork they issue under their own
 *   licence, parts from stock; no prices unless the owner ticks "sees prices".
 */
export type TeamRole = (typeof teamRoles)[number];

/** The work an engineer is qualified for: what /book and the diary match a service against. */
export type Qualification = (typeof qualifications)[number];

/**
 * The back office's people. User 1 is the owner, signing in with the Worker's ADMIN_USERNAME (its
 * `username` follows that secret); everyone else signs in with the username the owner gave them and
 * the password they set from their invitation. Their second factor, devices, sessions and sign-in
 * history are the security tables' rows under the same username (schema/db/security.ts).
 */
export const adminUsers = sqliteTable(
  "admin_users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The sign-in name: the owner's as ADMIN_USERNAME has it, everyone else's lower case. */
    username: text("username").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    role: text("role", { enum: teamRoles }).notNull(),
    /** The 7-digit number on the engineer's Gas Safe ID card, printed on what they issue. */
    gasSafeLicence: text("gas_safe_licence"),
    /** JSON list of `qualifications`. */
    qualifications: text("qualifications").notNull().default("[]"),
    /** An engineer who may see prices and totals (the owner's choice); office and owner always do. */
    seesPrices: integer("sees_prices", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: teamStatuses }).notNull().default("invited"),
    /** The invitation's one-time link, as a keyed hash, and until when it works. */
    inviteHash: text("invite_hash"),
    inviteExpiresAt: text("invite_expires_at"),
    suspendedAt: text("suspended_at"),
    removedAt: text("removed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("admin_users_username").on(t.username), index("admin_users_status").on(t.status, t.name)],
);
