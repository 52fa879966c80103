import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

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
