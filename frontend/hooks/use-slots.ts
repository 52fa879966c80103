import { useState } from "react";
import useSWR from "swr";
import type { BookableService, Slot } from "../../schema/api/bookings";
import { api } from "../lib/api";

/** The free slots of the next 14 days: a row of days, then that day's times. */
export function useSlots(service: BookableService) {
  return useSWR<Slot[]>(`/api/availability?service=${service}&days=14`, (key: string) => api<Slot[]>(key), {
    revalidateOnFocus: false,
  });
}

/** The day and time a visitor has picked: choosing another day clears the time. */
export function useSlotChoice() {
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  return {
    start,
    clear: () => {
      setDay(null);
      setStart(null);
    },
    clearTime: () => setStart(null),
    pickerProps: {
      day,
      selected: start,
      onDay: (date: string) => {
        setDay(date);
        setStart(null);
      },
      onSlot: setStart,
    },
  };
}
