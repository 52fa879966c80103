import { sql } from "drizzle-orm";
import { auditLog } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AdminUser } from "../../lib/admin-token";
import type { AuditTarget } from "./route-target";
import { auditSummary } from "./route-target";

/** The record as it was before the write: its kind's columns that matter, as JSON, or null. */
export async function readBefore(db: Db, target: AuditTarget): Promise<string | null> {
  if (!target.kind?.snapshot || !target.recordId) return null;
  // Named so a round-trip count can tell the log's read from the route's own.
  const [row] = await db.all<{ audit_before: string | null }>(
    sql`SELECT ${target.kind.snapshot(target.recordId)} AS audit_before`,
  );
  return row?.audit_before ?? null;
}

export type AuditWrite = {
  user: AdminUser;
  method: string;
  route: string;
  target: AuditTarget;
  status: number;
  before: string | null;
};

/**
 * One entry, in one statement: the record as it is now (`after`) is read by the insert itself, so
 * nothing can come between the reading and the writing. A refused write changed nothing: no after.
 */
export async function writeAuditEntry(db: Db, write: AuditWrite) {
  const { user, method, route, target, status, before } = write;
  const snapshot = target.kind?.snapshot;
  const after = snapshot && target.recordId && status < 300 ? snapshot(target.recordId) : null;
  await db.insert(auditLog).values({
    userId: user.id,
    username: user.username,
    userName: user.name,
    method,
    route,
    path: target.path,
    recordKind: target.recordKind,
    recordId: target.recordId,
    status,
    summary: auditSummary(target, method, status),
    before,
    after,
  });
}
