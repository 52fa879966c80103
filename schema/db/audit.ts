import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

/**
 * Who did what in the back office (issue 46, part 5): one row per write it answered, written by
 * worker/middleware/audit.ts after the answer. The person is copied as they were (a renamed or
 * removed person's history keeps the name it was done under). The record is named by its kind and
 * id, read from the route; the summary is written from the route, never from what was typed, so no
 * password, code, signature or customer's detail reaches it. Money and documents keep `before` and
 * `after`: the few columns that matter (amounts, status, number, dates), as JSON
 * (worker/services/audit/kinds.ts). Kept six years, then pruned by the cron.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull().default(isoNow),
    /** admin_users.id; no foreign key, so a removed person's entries stay. */
    userId: integer("user_id").notNull(),
    username: text("username").notNull(),
    userName: text("user_name").notNull(),
    method: text("method").notNull(),
    /** The route as the router has it: /api/admin/invoices/:id/payments. */
    route: text("route").notNull(),
    /** The path asked for, a person's address among its parameters left out. */
    path: text("path").notNull(),
    /** "invoice", "quote", "visit"… or the route's first segment; null when the route names no record. */
    recordKind: text("record_kind"),
    recordId: text("record_id"),
    status: integer("status").notNull(),
    summary: text("summary").notNull(),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    // The screen newest first, and the cron's pruning by age.
    index("audit_log_at").on(t.at, t.id),
    index("audit_log_user").on(t.userId, t.at, t.id),
    // One record's history, on its own screen.
    index("audit_log_record").on(t.recordKind, t.recordId, t.at, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
