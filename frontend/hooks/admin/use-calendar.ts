import type { AdminCalendar, CalendarEntry, CalendarSettingsInput } from "../../../schema/api/bookings";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const CALENDAR_PATH = "/api/admin/calendar";

/** The owner's availability and the private feed; `save` sends the groups given, `rotate` a new feed address. */
export function useCalendarSettings() {
  const calendar = useAdminData<AdminCalendar>(CALENDAR_PATH);
  return {
    ...calendar,
    save: (patch: Partial<CalendarSettingsInput>) => adminChange<AdminCalendar>("PATCH", CALENDAR_PATH, patch),
    rotate: () => adminChange<{ feedUrl: string }>("POST", `${CALENDAR_PATH}/rotate-feed`),
  };
}

/** The bookings and scheduled visits of the 7 days from `from` (a London date): everyone's, or one engineer's. */
export const useWeek = (from: string, engineer?: number) =>
  useAdminData<CalendarEntry[]>(`/api/admin/bookings?from=${from}&days=7${engineer ? `&engineer=${engineer}` : ""}`);
