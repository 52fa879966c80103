import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./customers";
import { jobs } from "./jobs";

/**
 * The review requests sent (worker/services/reviews/): one per paid job at most (the unique index),
 * and the customer's latest, so nobody is asked twice in settings.reviews.daysBetween days. The log
 * the review policy page promises: who was asked, when and how; the words are the same for all.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    channel: text("channel", { enum: ["email", "text"] }).notNull(),
    sentAt: text("sent_at").notNull(),
  },
  (t) => [uniqueIndex("review_requests_job").on(t.jobId), index("review_requests_customer").on(t.customerId, t.sentAt)],
);
