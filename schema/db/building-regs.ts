import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow, updatedAt } from "./columns";
import { jobs } from "./jobs";

/** Who notified the work: the firm through Gas Safe Register, or another party (the builder, another installer). */
export const notifiedByValues = ["us", "other"] as const;

/**
 * The Building Regulations notification of a job that fitted a notifiable installation (a boiler,
 * a cylinder, a gas fire: Building Regulations 2010 reg. 20(3), within 30 days of completion), as the
 * owner recorded it: one row per job, written once they have notified it. Whether a job owes one and
 * by when is read, never stored, from its accepted quote's marked lines and its visits
 * (worker/services/jobs/building-regs.ts), as the job's state is (docs/decisions/023-the-job.md).
 */
export const buildingRegsNotifications = sqliteTable("building_regs_notifications", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  notifiedBy: text("notified_by", { enum: notifiedByValues }).notNull(),
  /** The day it was notified (a London date); the Gas Safe notification reference; the certificate's number once it comes. */
  notifiedOn: text("notified_on"),
  reference: text("reference"),
  certificateNumber: text("certificate_number"),
  recordedAt: text("recorded_at").notNull().default(isoNow),
  updatedAt: updatedAt(),
});
