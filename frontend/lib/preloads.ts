import type { TodayAnswer } from "../../schema/api/visits";

/**
 * The one way a page's HTML starts a read before the app has arrived (on a phone's connection the
 * app's scripts take a second or two, and the answer can be on its way meanwhile): a deferred
 * script in frontend/preload/ puts its request under its name in `window.preloads`, and the app takes
 * it once with `takePreload` (a second load, after "Try again" or a reload, asks afresh). Deferred
 * scripts run in the page's order, so the preload always runs before the app's module script.
 *
 * The scripts are built by scripts/prerender.mjs from their TypeScript (they import the same
 * constants as the app), each on its own: a preload never loads the app's code.
 */
export type Preloads = {
  /** /admin/today: the day's visits; null when there was no token or the read failed. */
  adminDay: Promise<TodayAnswer | null>;
  /** /admin/today asked the other tabs for the session and none answered: the app need not ask again. */
  adminAskUnanswered: true;
  /** /account, where this browser is signed in: the summary's response, as fetch gave it. */
  accountSummary: Promise<Response>;
};

declare global {
  interface Window {
    preloads?: Partial<Preloads>;
  }
}

/** Started by a preload script. */
export function startPreload<K extends keyof Preloads>(name: K, value: Preloads[K]): void {
  window.preloads ??= {};
  window.preloads[name] = value;
}

/** The app's side: what the page started under `name`, once; undefined when it started nothing. */
export function takePreload<K extends keyof Preloads>(name: K): Preloads[K] | undefined {
  const value = typeof window === "undefined" ? undefined : window.preloads?.[name];
  if (value !== undefined) delete window.preloads![name];
  return value as Preloads[K] | undefined;
}
