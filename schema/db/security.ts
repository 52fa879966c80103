import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { signInOutcomes } from "../api/security";
import { createdAt, updatedAt } from "./columns";

/**
 * Fixed-window counters for abuse limits and login throttling: one row per key and window.
 * Incremented with a single UPSERT … RETURNING so concurrent requests cannot both slip through.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window").on(t.windowStart)],
);

/** One row per issued admin token (its jti): logout revokes it, expiry ends it. */
export const adminSessions = sqliteTable("admin_sessions", {
  jti: text("jti").primaryKey(),
  username: text("username").notNull(),
  expiresAt: text("expires_at").notNull(),
  revokedAt: text("revoked_at"),
  createdAt: createdAt(),
});

/**
 * The back office's second factor (TOTP, RFC 6238), one row per admin username. Secrets are stored
 * encrypted (AES-GCM, key derived from JWT_SECRET): a copy of the database alone cannot make codes.
 * `totpLastStep` is the 30-second step of the last code accepted, so a code is never accepted twice.
 */
export const adminAccounts = sqliteTable("admin_accounts", {
  username: text("username").primaryKey(),
  totpSecret: text("totp_secret"),
  totpEnabledAt: text("totp_enabled_at"),
  /** A secret offered by setup and not yet confirmed with a code. */
  totpPendingSecret: text("totp_pending_secret"),
  totpLastStep: integer("totp_last_step"),
  /** A password the owner chose on the Security screen; until then the Worker secret's hash is used. */
  passwordHash: text("password_hash"),
  passwordChangedAt: text("password_changed_at"),
  updatedAt: updatedAt(),
});

/** One-time recovery codes, stored as keyed hashes; a used code keeps its row with `usedAt`. */
export const adminRecoveryCodes = sqliteTable(
  "admin_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_hash").on(t.username, t.codeHash)],
);

export { signInOutcomes };

/** Every sign-in attempt, for the owner's Security screen. */
export const adminSignIns = sqliteTable(
  "admin_sign_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    address: text("address").notNull(),
    userAgent: text("user_agent"),
    outcome: text("outcome", { enum: signInOutcomes }).notNull(),
    /** A success from a browser that had not signed in before: kept apart, so it cannot hide among failures. */
    newDevice: integer("new_device", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("admin_sign_ins_created_at").on(t.createdAt)],
);

/**
 * Browsers that have signed in (OWASP's device-cookie pattern): a browser holding a valid device
 * token is exempt from the per-account sign-in limit, so a flood of guesses for the owner's name
 * cannot lock the owner out. Revoked with the sessions ("sign out everywhere").
 */
export const adminDevices = sqliteTable("admin_devices", {
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  lastUsedAt: text("last_used_at").notNull(),
  /** Until when this browser may sign in without a code ("remember this browser"); cleared by "sign out everywhere". */
  secondFactorUntil: text("second_factor_until"),
  revokedAt: text("revoked_at"),
  createdAt: createdAt(),
});
