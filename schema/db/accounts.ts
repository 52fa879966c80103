import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * The customer's own page (/account), signed in without a password. Every customer with the same
 * e-mail address is one account, so an account is its address (lower case): nothing else to keep
 * in step with the customers table.
 *
 * A sign-in link carries a random secret; only its SHA-256 is kept, it works once and for 15
 * minutes. A session is another random secret in an HttpOnly cookie, kept the same way, for 30 days,
 * ended by signing out (that one) or signing out everywhere (all of the address's).
 */
export const accountSignInLinks = sqliteTable(
  "account_sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_sign_in_links_expires").on(t.expiresAt)],
);

export const accountSessions = sqliteTable(
  "account_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_sessions_email").on(t.email), index("account_sessions_expires").on(t.expiresAt)],
);

export const erasureRequestStatuses = ["open", "done", "refused"] as const;

/**
 * "Delete my account": a request the owner settles in the back office, since records the law
 * requires (invoices, gas safety records) are kept for their periods whatever the customer asks.
 */
export const accountErasureRequests = sqliteTable(
  "account_erasure_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    status: text("status", { enum: erasureRequestStatuses }).notNull().default("open"),
    reason: text("reason"),
    requestedAt: text("requested_at").notNull(),
    settledAt: text("settled_at"),
    /** What was erased, or why it was refused, in the owner's words: shown to the customer by e-mail. */
    outcome: text("outcome"),
  },
  (t) => [index("account_erasure_requests_status").on(t.status, t.requestedAt)],
);
