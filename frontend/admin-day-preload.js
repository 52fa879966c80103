// /admin/today's own read, started by the page's HTML rather than by the app: on a phone's
// connection the back office's scripts take a second or two to arrive, and the day's visits can be on
// their way meanwhile. The app waits for it before its first render (frontend/lib/admin/preloaded-day.ts),
// so the day shows in one render instead of a "Loading the day…" and a second one.
//
// A plain script, copied by the build into assets/ under its content's hash (scripts/prerender.mjs),
// so the service worker keeps it with the app's other files and the shell can name it.
//
// The token is this tab's (sessionStorage), or another signed-in tab's, asked for over the channel
// frontend/lib/admin-token.ts answers on ({ type: "ask" } → { type: "token", token }), and kept in
// this tab as that module keeps a borrowed one. Without a token, or on any failure, the answer is
// null and the app reads the day itself (and shows the login screen or the kept copy as it would).
(() => {
  const KEY = "adminToken";
  const ASK_MS = 250;
  const borrow = () =>
    new Promise((resolve) => {
      if (typeof BroadcastChannel === "undefined") return resolve(null);
      const channel = new BroadcastChannel("admin-session");
      const done = (token) => {
        clearTimeout(timer);
        channel.close();
        resolve(token);
      };
      // No tab answered: the app is told, so it shows the login screen without asking again.
      const timer = setTimeout(() => {
        window.adminAskUnanswered = true;
        done(null);
      }, ASK_MS);
      channel.onmessage = (event) => {
        if (event.data?.type === "token" && typeof event.data.token === "string") {
          sessionStorage.setItem(KEY, event.data.token);
          done(event.data.token);
        }
      };
      channel.postMessage({ type: "ask" });
    });
  let token = null;
  try {
    token = sessionStorage.getItem(KEY);
  } catch {
    return;
  }
  window.adminDay = (token ? Promise.resolve(token) : borrow())
    .then((token) =>
      token
        ? fetch("/api/admin/today", { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }).then((res) =>
            res.ok ? res.json() : null,
          )
        : null,
    )
    .catch(() => null);
})();
