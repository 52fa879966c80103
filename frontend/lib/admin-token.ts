/**
 * The admin token lives in per-tab session storage under `adminToken`. Tabs share the session over a
 * BroadcastChannel: a tab opened while another is signed in asks for the token instead of showing
 * the login screen (the owner opens a link from an e-mail in a new tab), and signing out in one tab
 * signs out the others. Nothing is kept anywhere but each tab's own session storage.
 */

import {
  SESSION_ASK_MS as ASK_MS,
  ADMIN_SESSION_CHANNEL as CHANNEL,
  ADMIN_TOKEN_KEY as KEY,
  type SessionMessage as Message,
} from "./admin/session-protocol";
import { takePreload } from "./preloads";

const endedListeners = new Set<() => void>();

/**
 * The channel, opened on first use in a browser only: opened at import it would also open in the
 * prerender (Node has BroadcastChannel too) and keep that process from ever ending.
 */
let opened: BroadcastChannel | null | undefined;
function sessionChannel(): BroadcastChannel | null {
  if (opened !== undefined) return opened;
  if (typeof window === "undefined" || typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener("message", (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.type === "ask") {
      const token = sessionStorage.getItem(KEY);
      if (token) channel.postMessage({ type: "token", token } satisfies Message);
    } else if (message?.type === "ended" && sessionStorage.getItem(KEY)) {
      sessionStorage.removeItem(KEY);
      for (const listener of endedListeners) listener();
    }
  });
  opened = channel;
  return channel;
}

export const getAdminToken = () => sessionStorage.getItem(KEY);

/**
 * Whose session this tab holds: the token's subject, read without a round trip (the server checks
 * the signature; this only keeps one person's offline changes apart from another's on a shared phone).
 */
export function signedInAs(): string | null {
  const payload = getAdminToken()?.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    return (JSON.parse(json) as { sub?: string }).sub ?? null;
  } catch {
    return null;
  }
}
export const setAdminToken = (token: string) => {
  sessionStorage.setItem(KEY, token);
  // A signed-in tab answers the tabs opened after it.
  sessionChannel();
};

/** Logout and 401s clear both storages, as the subscriber screen always has, and tell the other tabs. */
export function clearAdminToken() {
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
  sessionChannel()?.postMessage({ type: "ended" } satisfies Message);
}

/** Runs `listener` when another tab signs out (this tab's token is already gone). */
export function onSessionEndedElsewhere(listener: () => void): () => void {
  sessionChannel();
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
}

/** The token of another signed-in tab of this site, kept in this tab too; null when none answers. */
export function borrowAdminToken(): Promise<string | null> {
  const existing = getAdminToken();
  const channel = sessionChannel();
  if (existing || !channel) return Promise.resolve(existing);
  // /admin/today's HTML has just asked and waited (frontend/preload/admin-day.ts): asking again
  // would only keep the login screen back another ASK_MS. Once: later asks are asked.
  if (takePreload("adminAskUnanswered")) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      channel.removeEventListener("message", listen);
      clearTimeout(timer);
      if (token) setAdminToken(token);
      resolve(token);
    };
    const listen = (event: MessageEvent<Message>) => {
      if (event.data?.type === "token") done(event.data.token);
    };
    const timer = setTimeout(() => done(null), ASK_MS);
    channel.addEventListener("message", listen);
    channel.postMessage({ type: "ask" } satisfies Message);
  });
}
