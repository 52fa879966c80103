/**
 * What the back office leaves on a phone, and its removal when the session ends: the IndexedDB of
 * the engineer's day (names, addresses, amounts, job sheets, signatures, photos: sheet-outbox.ts),
 * the gas safety and service sheet drafts typed without signal (localStorage, use-draft-autosave),
 * and the service worker's caches (public/admin-sw.js: the back office's pages and scripts).
 *
 * Changes not synced yet: a logout or "sign out everywhere" asks first, naming how many would be
 * lost, and deletes everything once the engineer says so; a session the server ended (it expired,
 * or was ended from another device) was nobody's choice here, so the syncs waiting are kept and
 * sent after the next sign-in, and everything else goes (sheet-outbox.ts, keepOnlyUnsynced).
 *
 * Plain IndexedDB here, no `idb`: every admin screen's logout loads this, the phone's database
 * code only the day's screen (and a logout without signal must not wait on a script).
 */
import { PHONE_DB } from "./phone-db";

/** The keys use-draft-autosave keeps an unsaved draft under (gas-safety-record.tsx, service-sheet.tsx). */
const DRAFT_KEY = /^(gas-safety-record|service-sheet)-\d+$/;
/** The service worker's caches: "northside-admin-<build>" (scripts/prerender.mjs names them). */
const CACHE_PREFIX = "northside-admin";

const localDrafts = () => Object.keys(localStorage).filter((key) => DRAFT_KEY.test(key));

/** The phone's database when it exists; opening it never creates it (the creation is aborted). */
function openExisting(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(PHONE_DB);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function waitingSyncs(): Promise<number> {
  const database = await openExisting();
  if (!database) return 0;
  try {
    if (!database.objectStoreNames.contains("outbox")) return 0;
    return await new Promise<number>((resolve) => {
      const request = database.transaction("outbox").objectStore("outbox").count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(0);
    });
  } finally {
    database.close();
  }
}

/** Changes made on this phone that the server has not got: syncs waiting (or refused), drafts typed without signal. */
export async function unsyncedChanges(): Promise<number> {
  return (await waitingSyncs()) + localDrafts().length;
}

/** The warning before a logout loses them. */
export const unsyncedWarning = (count: number) =>
  `${count} ${count === 1 ? "change" : "changes"} made on this phone ${count === 1 ? "has" : "have"} not synced yet and would be lost.`;

/**
 * Deletes a database. This tab's own connection lets go when asked (sheet-outbox.ts, `blocking`),
 * as another tab's does; one held by a tab that does not is deleted when that tab closes.
 */
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    const blocked = setTimeout(resolve, 3000);
    request.onsuccess = () => {
      clearTimeout(blocked);
      resolve();
    };
    request.onerror = () => {
      clearTimeout(blocked);
      reject(request.error);
    };
  });

async function forgetDatabases(keepUnsynced: boolean) {
  if (typeof indexedDB === "undefined") return;
  if (keepUnsynced) {
    const existing = await openExisting();
    existing?.close();
    if (existing) {
      // The server answered, so there is signal to load the phone's database code.
      const { keepOnlyUnsynced } = await import("./sheet-outbox");
      if (await keepOnlyUnsynced()) return;
    }
  }
  // Every database of the back office's origin (the phone's is the only one today).
  const names = new Set([PHONE_DB]);
  for (const { name } of indexedDB.databases ? await indexedDB.databases().catch(() => []) : []) if (name) names.add(name);
  await Promise.all([...names].map(deleteDatabase));
}

/** Sends a message to the back office's service worker and waits (briefly) for it to be done. */
async function tellServiceWorker(type: "forget" | "keep"): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const worker = (await navigator.serviceWorker.getRegistration("/admin/").catch(() => undefined))?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

async function forgetCaches() {
  // The worker stops keeping pages and scripts first, so a page loading now does not fill them again.
  await tellServiceWorker("forget");
  if (typeof caches === "undefined") return;
  const keys = await caches.keys();
  await Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX)).map((key) => caches.delete(key)));
}

/**
 * Deletes what the back office keeps on this phone. `keepUnsynced`: a session the server ended,
 * whose syncs still waiting are kept for the next sign-in (and the drafts typed without signal).
 */
export async function forgetPhoneData({ keepUnsynced = false }: { keepUnsynced?: boolean } = {}): Promise<void> {
  if (!keepUnsynced) for (const key of localDrafts()) localStorage.removeItem(key);
  const results = await Promise.allSettled([forgetDatabases(keepUnsynced), forgetCaches()]);
  for (const r of results) if (r.status === "rejected") console.warn("The phone's copy was not all deleted:", r.reason);
}

/** After a sign-in: the service worker keeps the back office's pages and scripts again, and fetches the offline ones. */
export function keepOfflineCopy(): void {
  void tellServiceWorker("keep");
}
