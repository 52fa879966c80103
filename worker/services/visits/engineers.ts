import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { VisitEngineer } from "../../../schema/api/diary";
import { adminUsers, engineerBlocks, serviceRecords, visitEngineers } from "../../../schema/db";
import { formatClock, formatShortDay } from "../../../schema/london-time-text";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { inJsonList } from "../../db/json-list";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError } from "../../lib/errors";

/** The owner: every visit before the team had one, and the one a visit goes to when nobody is named. */
export const OWNER_ID = 1;

/** Who a new visit is with when the form names nobody: the signed-in engineer, else the owner. */
export const defaultEngineersFor = (user: AdminUser | undefined): number[] =>
  user?.role === "engineer" ? [user.id] : [OWNER_ID];

/**
 * A visit's engineers as one JSON column ("[{id, name}]"), for a select joined with service_records
 * (the outer table is named in the join, so the correlated subquery's columns stay qualified).
 */
export const engineersColumn = sql<
  string | null
>`(SELECT json_group_array(json_object('id', ${adminUsers.id}, 'name', ${adminUsers.name}))
  FROM ${visitEngineers} JOIN ${adminUsers} ON ${adminUsers.id} = ${visitEngineers.userId}
  WHERE ${visitEngineers.serviceRecordId} = ${serviceRecords.id})`;

export const parseEngineers = (json: string | null): VisitEngineer[] =>
  json ? (JSON.parse(json) as VisitEngineer[]).filter((e) => e.id !== null).sort((a, b) => a.id - b.id) : [];

/** `engineer=<id>`: only the visits that engineer is on (an index lookup of visit_engineers by user). */
export const onlyEngineer = (engineer: number | undefined) =>
  engineer === undefined
    ? undefined
    : sql`${serviceRecords.id} IN (SELECT ${visitEngineers.serviceRecordId} FROM ${visitEngineers} WHERE ${visitEngineers.userId} = ${engineer})`;

/** The engineers named, each an active member of the team (400 naming the first that is not). */
export async function requireEngineers(db: Db, ids: number[]): Promise<void> {
  const found = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(inJsonList(adminUsers.id, ids), eq(adminUsers.status, "active")));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) {
    throw new ApiError("VALIDATION_FAILED", "Choose engineers from the team: one of them is not an active member.", {
      details: [{ path: "engineers", message: "Not an active member of the team", value: missing }],
    });
  }
}

const when = (start: string, end: string) => `${formatShortDay(start)} ${formatClock(start)}–${formatClock(end)}`;

/**
 * Why one of these engineers cannot be at a visit from `start` to `end`: the first other visit of
 * theirs that overlaps it, or their blocked time, in words ("Sam Okafor is at Boiler Repair, Tue 1 Dec
 * 09:00–10:30"). Read only after a write was refused, so a write that passes costs nothing more.
 */
export async function clashOf(
  db: Db,
  engineerIds: number[],
  start: string,
  end: string,
  visitId: number | null,
): Promise<string | null> {
  const [visits, blocks] = await db.batch([
    db
      .select({
        name: adminUsers.name,
        serviceType: serviceRecords.serviceType,
        start: visitEngineers.startsAt,
        end: visitEngineers.endsAt,
      })
      .from(visitEngineers)
      .innerJoin(adminUsers, eq(adminUsers.id, visitEngineers.userId))
      .innerJoin(serviceRecords, eq(serviceRecords.id, visitEngineers.serviceRecordId))
      .where(
        and(
          inJsonList(visitEngineers.userId, engineerIds),
          lt(visitEngineers.startsAt, end),
          gt(visitEngineers.endsAt, start),
          visitId === null ? undefined : ne(visitEngineers.serviceRecordId, visitId),
        ),
      )
      .limit(1),
    db
      .select({
        name: adminUsers.name,
        reason: engineerBlocks.reason,
        start: engineerBlocks.startsAt,
        end: engineerBlocks.endsAt,
      })
      .from(engineerBlocks)
      .innerJoin(adminUsers, eq(adminUsers.id, engineerBlocks.userId))
      .where(
        and(inJsonList(engineerBlocks.userId, engineerIds), lt(engineerBlocks.startsAt, end), gt(engineerBlocks.endsAt, start)),
      )
      .limit(1),
  ]);
  const [visit] = visits;
  if (visit?.start && visit.end)
    return `That time overlaps another visit in the diary: ${visit.name} is at ${visit.serviceType}, ${when(visit.start, visit.end)}.`;
  const [block] = blocks;
  if (block)
    return `${block.name} is not available then${block.reason ? ` (${block.reason})` : ""}: blocked ${when(block.start, block.end)}.`;
  return null;
}

/** Whether a batch was refused for an engineer's time: a cell taken, or a blocked time (visit-time.ts). */
export const isDiaryClash = (error: unknown) =>
  isConstraintError(error, "UNIQUE", "booking_cells") || isConstraintError(error, "NOT NULL", "visit_engineers.user_id");

/** The 409 for a visit an engineer cannot take, naming the clash. */
export async function diaryClash(
  db: Db,
  engineerIds: number[],
  start: string,
  end: string,
  visitId: number | null,
  advice = "Choose another time or another engineer, or leave the time to be agreed.",
  path = "visitStart",
) {
  const clash = await clashOf(db, engineerIds, start, end, visitId);
  return new ApiError("CONFLICT", `${clash ?? "That time overlaps another visit in the diary."} ${advice}`, {
    details: [{ path, message: clash ?? "Another visit is booked then" }],
  });
}
