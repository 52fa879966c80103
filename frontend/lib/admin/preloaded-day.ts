import type { TodayAnswer } from "../../../schema/api/visits";
import { takePreload } from "../preloads";

let preloaded: TodayAnswer | null = null;

/**
 * Waits for the day the page's HTML asked for, if it asked (only /admin/today's shell does), so the
 * day's screen renders it in its first render. Resolves at once elsewhere, and never rejects.
 */
export async function awaitPreloadedDay(): Promise<void> {
  preloaded = (await takePreload("adminDay")?.catch(() => null)) ?? null;
}

/** The preloaded day if it is `date`'s; it is the screen's once (a reload reads afresh). */
export function preloadedDay(date: string): TodayAnswer | null {
  return preloaded?.date === date ? preloaded : null;
}

export function forgetPreloadedDay(): void {
  preloaded = null;
}
