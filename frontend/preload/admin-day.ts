// /admin/today's own read (frontend/lib/preloads.ts): the day's visits asked for while the back
// office's scripts are still arriving. The app waits for it before its first render
// (frontend/lib/admin/preloaded-day.ts), so the day shows in one render instead of "Loading the day…"
// and a second one.
//
// The token is this tab's (session storage), or another signed-in tab's, asked for over the channel
// frontend/lib/admin-token.ts answers on, and kept in this tab as that module keeps a borrowed one.
// Without a token, or on any failure, the answer is null and the app reads the day itself (and shows
// the login screen or the kept copy as it would).

import type { TodayAnswer } from "../../schema/api/visits";
import { ADMIN_SESSION_CHANNEL, ADMIN_TOKEN_KEY, SESSION_ASK_MS, type SessionMessage } from "../lib/admin/session-protocol";
import { startPreload } from "../lib/preloads";

function borrow(): Promise<string | null> {
  return new Promise((resolve) => {
    if (typeof BroadcastChannel === "undefined") return resolve(null);
    const channel = new BroadcastChannel(ADMIN_SESSION_CHANNEL);
    const done = (token: string | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(token);
    };
    // No tab answered: the app is told, so it shows the login screen without asking again.
    const timer = setTimeout(() => {
      startPreload("adminAskUnanswered", true);
      done(null);
    }, SESSION_ASK_MS);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data?.type === "token" && typeof event.data.token === "string") {
        sessionStorage.setItem(ADMIN_TOKEN_KEY, event.data.token);
        done(event.data.token);
      }
    };
    channel.postMessage({ type: "ask" } satisfies SessionMessage);
  });
}

function start() {
  let token: string | null;
  try {
    token = sessionStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return; // Storage refused (a locked-down browser): the app reads the day itself.
  }
  startPreload(
    "adminDay",
    (token ? Promise.resolve(token) : borrow())
      .then((token) =>
        token
          ? fetch("/api/admin/today", { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }).then(
              (res) => (res.ok ? (res.json() as Promise<TodayAnswer>) : null),
            )
          : null,
      )
      .catch(() => null),
  );
}

start();
