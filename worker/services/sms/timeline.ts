import { desc, eq } from "drizzle-orm";
import type { TimelineEntry } from "../../../schema/api/customers";
import { type SmsKind, smsMessages } from "../../../schema/db";
import type { Db } from "../../db/client";

/** A customer's texts on their timeline: the newest hundred, each with its delivery state. */
const TIMELINE_TEXTS = 100;

const kindTitles: Record<SmsKind, string> = {
  "visit-reminder": "Visit reminder",
  "booking-confirmed": "Booking confirmed",
  "visit-moved": "Visit moved",
  "visit-cancelled": "Visit cancelled",
  "on-my-way": "On my way",
  "manage-link": "Link to move the visit",
  "opted-out": "Texts stopped (STOP)",
  "opted-in": "Texts started again (START)",
  "visit-confirmed": "Visit confirmed",
  "review-request": "Review request",
  reply: "Reply",
};

export const customerTextsQuery = (db: Db, customerId: number) =>
  db.select().from(smsMessages).where(eq(smsMessages.customerId, customerId)).orderBy(desc(smsMessages.id)).limit(TIMELINE_TEXTS);

export function textEntry(text: typeof smsMessages.$inferSelect): TimelineEntry {
  return {
    kind: "text",
    at: text.createdAt,
    title: text.direction === "in" ? "Text from the customer" : `Text sent: ${kindTitles[text.kind]}`,
    detail: text.body,
    status: text.errorCode ? `${text.status} (${text.errorCode})` : text.status,
    ref: String(text.id),
  };
}
