import { useState } from "react";
import useSWR from "swr";
import type { BookableService, Slot } from "../../schema/api/bookings";
import { api } from "../lib/api";

/** What the slots are for: an online service, or a visit of a given length (one the owner booked). */
export type SlotsFor = BookableService | { minutes: number };

/** The free slots as far ahead as the owner's booking window allows: a row of days, then that day's times. */
export function useSlots(visit: SlotsFor) {
  const query = typeof visit === "string" ? `service=${visit}` : `minutes=${visit.minutes}`;
  return useSWR<Slot[]>(`/api/availability?${query}`, (key: string) => api<Slot[]>(key), { revalidateOnFocus: false });
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
