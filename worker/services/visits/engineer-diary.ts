import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { DiaryEngineer, EngineerBlock, EngineerHoursInput, Qualification } from "../../../schema/api/diary";
import { adminUsers, engineerBlocks, engineerHours, visitEngineers } from "../../../schema/db";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { insertWhen } from "../../db/insert-when";
import { ApiError, notFound } from "../../lib/errors";
import { weekOf } from "./engineer-time";
import { diaryClash } from "./engineers";

/**
 * The diary's people and their time: who can be sent to a visit (the active members of the team
 * who do some kind of work, the owner first), each one's working week and their blocked times.
 */

/** The reads behind the diary's columns, for a caller's batch. */
const engineerQueries = (db: Db) =>
  [
    db
      .select({ id: adminUsers.id, name: adminUsers.name, role: adminUsers.role, qualifications: adminUsers.qualifications })
      .from(adminUsers)
      .where(and(eq(adminUsers.status, "active"), ne(adminUsers.qualifications, "[]")))
      .orderBy(asc(adminUsers.id)),
    db.select().from(engineerHours),
  ] as const;

type EngineerRows = readonly [
  { id: number; name: string; role: DiaryEngineer["role"]; qualifications: string }[],
  (typeof engineerHours.$inferSelect)[],
];

const toEngineers = ([people, hours]: EngineerRows): DiaryEngineer[] =>
  people.map((p) => ({
    ...p,
    qualifications: JSON.parse(p.qualifications) as Qualification[],
    hours: weekOf(hours.filter((h) => h.userId === p.id)),
  }));

/** The diary's columns, with each one's own week, in one round trip. */
export const diaryEngineers = async (db: Db): Promise<DiaryEngineer[]> => toEngineers(await db.batch(engineerQueries(db)));

const requirePerson = async (db: Db, id: number) => {
  const [person] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, id));
  if (!person) throw notFound("Engineer");
};

/**
 * Sets the engineer's week as given: hours, `null` for a day off every week; a weekday left out
 * follows the business's hours (it has no row). One batch: the old week goes, the new one comes.
 */
export async function saveEngineerHours(db: Db, id: number, week: EngineerHoursInput): Promise<DiaryEngineer> {
  const days = Object.entries(week).filter(([, hours]) => hours !== undefined);
  try {
    const results = await db.batch([
      db.delete(engineerHours).where(eq(engineerHours.userId, id)),
      ...days.map(([weekday, hours]) =>
        db.insert(engineerHours).values({ userId: id, weekday, start: hours?.start ?? null, end: hours?.end ?? null }),
      ),
      ...engineerQueries(db),
    ]);
    const engineer = toEngineers(results.slice(-2) as unknown as EngineerRows).find((e) => e.id === id);
    if (!engineer) throw notFound("Engineer");
    return engineer;
  } catch (error) {
    // Nobody with that id: the hours' foreign key.
    if (isConstraintError(error, "FOREIGN KEY")) throw notFound("Engineer");
    throw error;
  }
}

const toBlock = (b: typeof engineerBlocks.$inferSelect): EngineerBlock => ({
  id: b.id,
  userId: b.userId,
  start: b.startsAt,
  end: b.endsAt,
  reason: b.reason,
});

/** One engineer's blocked times that meet `from`–`to` (UTC), or everyone's when `userId` is undefined. */
export async function listBlocks(db: Db, userId: number | undefined, from: string, to: string): Promise<EngineerBlock[]> {
  const rows = await db
    .select()
    .from(engineerBlocks)
    .where(
      and(
        userId === undefined ? undefined : eq(engineerBlocks.userId, userId),
        lt(engineerBlocks.startsAt, to),
        gt(engineerBlocks.endsAt, from),
      ),
    )
    .orderBy(asc(engineerBlocks.startsAt));
  return rows.map(toBlock);
}

/**
 * Blocks an engineer's time, unless a visit of theirs is in it (409 naming it: move the visit
 * first). The insert is guarded in its own statement, so a visit booked at the same moment and the
 * block cannot both get in (the visit's side checks the blocks in its batch: visit-time.ts).
 */
export async function addBlock(
  db: Db,
  userId: number,
  block: { start: string; end: string; reason: string },
): Promise<EngineerBlock> {
  await requirePerson(db, userId);
  const [row] = await insertWhen(
    db,
    engineerBlocks,
    { userId, startsAt: block.start, endsAt: block.end, reason: block.reason },
    {
      where: sql`NOT EXISTS (SELECT 1 FROM ${visitEngineers} WHERE ${visitEngineers.userId} = ${userId}
        AND ${visitEngineers.startsAt} < ${block.end} AND ${visitEngineers.endsAt} > ${block.start})`,
    },
  ).returning();
  if (!row)
    throw await diaryClash(db, [userId], block.start, block.end, null, "Move the visit first, or block another time.", "start");
  return toBlock(row);
}

export async function deleteBlock(db: Db, userId: number, blockId: number): Promise<void> {
  const deleted = await db
    .delete(engineerBlocks)
    .where(and(eq(engineerBlocks.id, blockId), eq(engineerBlocks.userId, userId)))
    .returning({ id: engineerBlocks.id });
  if (deleted.length === 0) throw new ApiError("NOT_FOUND", "That blocked time is not in this engineer's diary.");
}
