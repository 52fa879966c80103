import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Qualification as DiaryQualification } from "../api/diary";
import { createdAt } from "./columns";
import { serviceRecords } from "./crm";
import { adminUsers, type Qualification } from "./team";

/** The diary's words for the work a service needs are the team's (a type error here when they part). */
export const sameQualifications: [DiaryQualification, Qualification] extends [Qualification, DiaryQualification] ? true : never =
  true;

/**
 * Each engineer's diary (issue 46): who a visit is assigned to, when each engineer works, and the
 * times they are not to be booked. The rule that nobody is in two places at once is the cells'
 * primary key (booking_cells: one engineer, one 15-minute cell, one visit).
 */

/**
 * The engineer(s) a visit is assigned to: one row each, so a two-person job has two. The visit's
 * time is copied onto the row (written in the same batch as the visit's own) so one engineer's
 * visits of a day or a week are a range of the (user, start) index, not a scan of every visit.
 */
export const visitEngineers = sqliteTable(
  "visit_engineers",
  {
    serviceRecordId: integer("service_record_id")
      .notNull()
      .references(() => serviceRecords.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id),
    /** The visit's visit_start and visit_end (null while its time is to be agreed). */
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
  },
  (t) => [primaryKey({ columns: [t.serviceRecordId, t.userId] }), index("visit_engineers_user_time").on(t.userId, t.startsAt)],
);

/**
 * An engineer's working hours on a weekday (London time). No row for a weekday: the business's
 * hours (the calendar settings), so nothing changes for a business of one; a row without times:
 * the engineer does not work that weekday.
 */
export const engineerHours = sqliteTable(
  "engineer_hours",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** "monday" … "sunday". */
    weekday: text("weekday").notNull(),
    start: text("start"),
    end: text("end"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekday] })],
);

/** Time an engineer is not to be booked (UTC): a day off is a block over the whole London day. */
export const engineerBlocks = sqliteTable(
  "engineer_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    /** What the office sees ("Holiday", "Training"); never shown to a customer. */
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("engineer_blocks_user_time").on(t.userId, t.startsAt)],
);
