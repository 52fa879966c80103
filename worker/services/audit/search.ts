import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuditEntry, AuditPerson, AuditQuery, AuditSnapshot } from "../../../schema/api/audit";
import type { ListResult } from "../../../schema/api/lists";
import { type AuditRow, adminUsers, auditLog } from "../../../schema/db";
import { addDays, londonToUtc } from "../../../schema/london-time";
import type { Db } from "../../db/client";
import { auditKinds } from "./kinds";

/** How many entries one record's history shows: a record's whole life is far fewer. */
const HISTORY_LIMIT = 200;

const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/** The owner's search: every filter optional, newest first, a page at a time with the full count. */
export async function searchAudit(db: Db, query: AuditQuery): Promise<ListResult<AuditEntry>> {
  const where = and(
    query.user ? eq(auditLog.userId, query.user) : undefined,
    query.kind ? eq(auditLog.recordKind, query.kind) : undefined,
    query.record ? eq(auditLog.recordId, query.record) : undefined,
    query.q ? sql`instr(lower(${auditLog.summary}), ${query.q.toLowerCase()}) > 0` : undefined,
    // Days as the owner means them: London's midnight to midnight.
    query.from ? gte(auditLog.at, londonToUtc(query.from, "00:00").toISOString()) : undefined,
    query.to ? lt(auditLog.at, londonToUtc(addDays(query.to, 1), "00:00").toISOString()) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toEntry), total: total?.n ?? 0 };
}

/**
 * One record's history, newest first. A job's is its own and that of everything on it (its quote,
 * visits, their documents, its invoices): each kind says which of its records are on a job.
 */
export async function recordHistory(db: Db, kind: string, id: string): Promise<AuditEntry[]> {
  const own = and(eq(auditLog.recordKind, kind), eq(auditLog.recordId, id));
  const jobId = kind === "job" && /^\d+$/.test(id) ? Number(id) : null;
  const onJob: SQL[] =
    jobId === null
      ? []
      : auditKinds.flatMap((k) =>
          k.ofJob ? [sql`(${auditLog.recordKind} = ${k.kind} AND ${auditLog.recordId} IN (${k.ofJob(jobId)}))`] : [],
        );
  const rows = await db
    .select()
    .from(auditLog)
    .where(onJob.length ? or(own, ...onJob) : own)
    .orderBy(...newestFirst)
    .limit(HISTORY_LIMIT);
  return rows.map(toEntry);
}

/** The people the owner can filter by: everyone who ever had a sign-in, the removed too. */
export async function auditPeople(db: Db): Promise<AuditPerson[]> {
  return db
    .select({ id: adminUsers.id, name: adminUsers.name, username: adminUsers.username, status: adminUsers.status })
    .from(adminUsers)
    .orderBy(asc(adminUsers.name), asc(adminUsers.id));
}

const parseSnapshot = (json: string | null): AuditSnapshot | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as AuditSnapshot;
  } catch {
    return null;
  }
};

function toEntry(row: AuditRow): AuditEntry {
  return { ...row, before: parseSnapshot(row.before), after: parseSnapshot(row.after) };
}
