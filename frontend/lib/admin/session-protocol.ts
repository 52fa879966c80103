/**
 * How the back office's tabs share a sign-in, in one place for the app (frontend/lib/admin-token.ts)
 * and for /admin/today's early read (frontend/preload/admin-day.ts), which runs before the app has
 * arrived. No imports: the preload script is built from this file alone.
 */

/** The key of this tab's token in session storage. */
export const ADMIN_TOKEN_KEY = "adminToken";

/** The BroadcastChannel the tabs talk on. */
export const ADMIN_SESSION_CHANNEL = "admin-session";

/** How long a new tab waits for a signed-in tab to answer before it shows the login screen. */
export const SESSION_ASK_MS = 250;

/** A tab asks for the token; a signed-in one answers with it; signing out tells them all. */
export type SessionMessage = { type: "ask" } | { type: "token"; token: string } | { type: "ended" };
