import type { ReminderKind } from "../../../../schema/api/reminders";
import { daysBetween, londonToday } from "../../../../schema/london-time";

/** What each reminder is, as the owner says it. */
export const reminderKindLabels: Record<ReminderKind, string> = {
  service: "Annual service",
  gas_safety: "Landlord CP12",
  gas_safety_final: "Landlord CP12, final",
};

/** The delivery state of a sent reminder's e-mail, in plain words. */
export const deliveryLabels: Record<string, string> = {
  queued: "Waiting to go out",
  sending: "Sending",
  sent: "Sent",
  failed: "Could not be delivered",
  unknown: "Not confirmed by the mail service",
};

/** "in 20 days", "tomorrow", "today", "3 days ago": how far a due date (yyyy-mm-dd) is from today in the UK. */
export function dueIn(dueDate: string, now = new Date()): string {
  const days = daysBetween(londonToday(now), dueDate);
  if (Number.isNaN(days)) return "";
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days === -1) return "yesterday";
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
