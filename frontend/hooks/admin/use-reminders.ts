import type { ReminderList, ReminderRunResult } from "../../../schema/api/reminders";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const REMINDERS_PATH = "/api/admin/reminders";

/** What is due, sent and skipped; `run` sends the due reminders now (a second run sends nothing new, so a retry is safe). */
export function useReminders() {
  const list = useAdminData<ReminderList>(REMINDERS_PATH);
  return { ...list, run: () => adminChange<ReminderRunResult>("POST", `${REMINDERS_PATH}/run`) };
}
