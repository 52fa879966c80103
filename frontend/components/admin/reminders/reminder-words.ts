import type { ReminderKind } from "../../../../schema/api/crm";

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

const DAY = 86_400_000;

/** "in 20 days", "tomorrow", "today", "3 days ago": how far a due date (yyyy-mm-dd) is from today in the UK. */
export function dueIn(dueDate: string, now = new Date()): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
  if (Number.isNaN(days)) return "";
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days === -1) return "yesterday";
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
