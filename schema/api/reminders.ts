import { z } from "./z";

/** Service and gas-safety reminders: what the Reminders screen lists and the opt-out link. */

export type ReminderKind = "service" | "gas_safety" | "gas_safety_final";

/** GET /api/admin/reminders: what is due now (and what the next run will do), and the latest decisions. */
export type ReminderList = {
  /** How many reminders are due in all; `due` lists the soonest of them (settings.reminders.listDue). */
  dueTotal: number;
  due: {
    serviceRecordId: number;
    customerId: number;
    customerName: string;
    email: string | null;
    kind: ReminderKind;
    dueDate: string;
    /** Null when the next run will send it; otherwise why it will be skipped. */
    willSkipBecause: string | null;
  }[];
  sent: ReminderRecord[];
  skipped: ReminderRecord[];
};

export type ReminderRecord = {
  id: number;
  kind: ReminderKind;
  dueDate: string;
  outcome: "sent" | "skipped";
  reason: string | null;
  at: string;
  customerId: number | null;
  customerName: string | null;
  email: string | null;
  /** The e-mail's delivery state (queued, sending, sent, failed, unknown), for a sent reminder. */
  delivery: string | null;
};

/** The token of a reminder's opt-out link (GET /reminders/opt-out, POST /api/reminders/opt-out). */
export const reminderOptOutTokenSchema = z
  .string({ error: "The link is missing its token." })
  .trim()
  .min(1, "The link is missing its token.")
  .max(1000, "This link is not valid.");

/** POST /api/admin/reminders/run: how many were sent and skipped by this run. */
/**
 * POST /api/admin/reminders/run: what this run sent and skipped, and how many due reminders are
 * left for the next run (a run does a bounded share; 202 when some are left).
 */
export type ReminderRunResult = { sent: number; skipped: number; remaining: number };
