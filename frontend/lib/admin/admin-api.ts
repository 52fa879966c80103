import { mutate } from "swr";
import { navigate } from "wouter/use-browser-location";
import { clearAdminToken, getAdminToken } from "../admin-token";
import { api, apiBlob, apiPage, apiText, HttpError, type ListPage } from "../api";
import { notify } from "../toast";

export const ADMIN_LOGIN_PATH = "/admin/login";

type AdminRequestOptions = Parameters<typeof api>[1];

/** Where the tab keeps who is signed in (hooks/admin/use-admin-me.ts). */
export const ADMIN_ME_KEY = "adminMe";

/** Drops every cached admin answer, so the next person at this tab never sees the last one's data. */
export function forgetAdminData() {
  sessionStorage.removeItem(ADMIN_ME_KEY);
  void mutate((key) => typeof key === "string" && key.includes("/admin/"), undefined, { revalidate: false });
}

type SessionEnd = { byServer: boolean };
const sessionEndListeners = new Set<(end: SessionEnd) => unknown>();

/**
 * What else goes when the session ends: the back office registers the phone's copy of the day
 * (lib/admin/phone-data.ts) when it starts (pages/admin/admin-app.tsx), so this file, which every
 * admin call loads, never loads the phone's code itself. Returns the way to stop listening.
 */
export function onAdminSessionEnd(listener: (end: SessionEnd) => unknown): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * Clears both token storages, the admin cache and what else registered (the phone's copy of the
 * day), then goes to the login screen. `byServer`: the server ended the session (expired, or signed
 * out from elsewhere), so the syncs still waiting on this phone are kept for the next sign-in; ended
 * here ("sign out everywhere", which asked first), everything goes.
 */
export function endAdminSession({ byServer = false }: { byServer?: boolean } = {}) {
  clearAdminToken();
  forgetAdminData();
  for (const listener of sessionEndListeners) void listener({ byServer });
  navigate(ADMIN_LOGIN_PATH, { replace: true });
}

/**
 * Every back-office call goes through here: a 401 from any admin call means the
 * token is missing, expired or revoked, so the session ends and the owner is sent to log in again.
 * Other errors are left to the screen that made the call.
 */
async function endingSessionOn401<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      // A request still on its way when this tab ended its session on purpose (logging out, signing
      // out everywhere) is refused too; the owner was told already, so only an unexpected end says so.
      const unexpected = getAdminToken() !== null;
      endAdminSession({ byServer: unexpected });
      if (unexpected) notify({ title: "Session ended", description: "Please log in again.", variant: "destructive" });
    }
    throw error;
  }
}

export const adminApi = <T>(path: string, options?: AdminRequestOptions): Promise<T> => endingSessionOn401(api<T>(path, options));

/** An admin answer that is text (a CSV export). */
export const adminText = (path: string): Promise<string> => endingSessionOn401(apiText(path));

/** An admin answer that is a file (a visit's photo). */
export const adminBlob = (path: string): Promise<Blob> => endingSessionOn401(apiBlob(path));

/** One page of an admin list, with its full count and tab counts (see apiPage). */
export const adminPage = <T, Tabs = Record<string, number>>(path: string): Promise<ListPage<T, Tabs>> =>
  endingSessionOn401(apiPage<T, Tabs>(path));

export const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** The server's human message for a failed call, or the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  return fallback;
}
