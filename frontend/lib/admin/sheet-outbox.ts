import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { InstallationKind } from "../../../schema/api/installations";
import type { SheetAnswer, TodayAnswer, VisitPhotoUrl } from "../../../schema/api/visits";
import { getAdminToken, signedInAs } from "../admin-token";
import { api, HttpError } from "../api";
import { adminApi, adminBlob } from "./admin-api";
import { PHONE_DB } from "./phone-db";

/**
 * The engineer's phone keeps everything in IndexedDB first and sends it when it can, so a job
 * sheet filled in a basement loses nothing:
 * - `drafts`: each visit's sheet as typed, saved on every change (a reload offline shows it);
 * - `outbox`: the syncs waiting, in order, each with its own Idempotency-Key (a sync whose answer
 *   was lost is sent again with the same key, and the server applies it once);
 * - `days`: the last day read from the server, for opening /admin/today without signal;
 * - `versions`: the version of each visit the next sync is made from (the server's answer moves it on);
 * - `photos`: each photo taken, shrunk, under the R2 key the phone gave it, until it is uploaded
 *   (then kept a fortnight for showing without signal).
 * All of it is the signed-in engineer's: a logout deletes it (lib/admin/phone-data.ts), and nothing
 * is opened or written without a session, so an answer arriving after the logout keeps nothing.
 */
export type SheetBody = {
  arrivedAt: string | null;
  workDone: string;
  advice: string;
  labourMinutes: number | null;
  parts: { productId: number; name: string; quantity: number }[];
  signature: string | null;
  signedName: string;
  /** The photos' R2 keys (`visits/<id>/<name>`), named on the phone when taken. */
  photos: string[];
  /** The notifiable work fitted (absent from a sheet kept before it was asked). */
  installations?: InstallationKind[];
};

export type OutboxEntry = {
  id?: number;
  visitId: number;
  key: string;
  body: SheetBody;
  finish: boolean;
  /** waiting: not sent, or sent without an answer; conflict: the office changed the visit; failed: refused. */
  state: "waiting" | "conflict" | "failed";
  /** It was sent at least once: keep its key, it may have been applied. */
  attempted: boolean;
  error: string | null;
  createdAt: string;
  /**
   * Who made it (their username). On a phone the team shares, a change kept through a session the
   * server ended is sent only under its maker's next session, never under another engineer's.
   */
  by?: string | null;
};

interface PhoneDb extends DBSchema {
  drafts: { key: number; value: { visitId: number; body: SheetBody; savedAt: string } };
  outbox: { key: number; value: OutboxEntry; indexes: { visit: number } };
  days: { key: string; value: { date: string; answer: TodayAnswer; savedAt: string } };
  versions: { key: number; value: { visitId: number; version: string } };
  catalogue: { key: string; value: { id: "parts"; parts: CataloguePart[]; savedAt: string } };
  photos: { key: string; value: { key: string; visitId: number; blob: Blob; uploaded: boolean; takenAt: string } };
}

export type CataloguePart = { id: number; name: string };

let opening: Promise<IDBPDatabase<PhoneDb>> | null = null;
const openPhoneDb = () =>
  (opening ??= openDB<PhoneDb>(PHONE_DB, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore("drafts", { keyPath: "visitId" });
        database.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }).createIndex("visit", "visitId");
        database.createObjectStore("days", { keyPath: "date" });
        database.createObjectStore("versions", { keyPath: "visitId" });
        database.createObjectStore("catalogue", { keyPath: "id" });
      }
      if (oldVersion < 2) database.createObjectStore("photos", { keyPath: "key" });
    },
    // A logout (this tab's or another's) deletes the database: the connection lets go of it.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }));
const db = () => (getAdminToken() ? openPhoneDb() : Promise.reject(new Error("Signed out: this phone keeps nothing")));

const KEEP_SENT_PHOTOS_MS = 14 * 86_400_000;

/** A photo just taken (already shrunk): kept on the phone under the key the sheet will name. */
export async function keepPhoto(visitId: number, blob: Blob): Promise<string> {
  const key = `visits/${visitId}/${crypto.randomUUID()}.jpg`;
  const d = await db();
  await d.put("photos", { key, visitId, blob, uploaded: false, takenAt: new Date().toISOString() });
  // Photos sent long ago make room: the server has them.
  const old = (await d.getAll("photos")).filter((p) => p.uploaded && Date.now() - Date.parse(p.takenAt) > KEEP_SENT_PHOTOS_MS);
  await Promise.all(old.map((p) => d.delete("photos", p.key)));
  return key;
}

/** A photo to show: the phone's copy, else the server's (null when neither can be had now). */
export async function photoBlob(key: string): Promise<Blob | null> {
  const kept = await (await db()).get("photos", key);
  if (kept) return kept.blob;
  const [, visitId, name] = key.split("/");
  return adminBlob(`/api/admin/visits/${visitId}/photos/${name}`).catch(() => null);
}

/**
 * Before a sheet is sent, the photos it names that the phone has not uploaded yet: each through its
 * signed URL, once (one already there, its answer lost on the way, is not sent again).
 */
async function uploadPhotos(d: IDBPDatabase<PhoneDb>, visitId: number, keys: string[]) {
  for (const key of keys) {
    const photo = await d.get("photos", key);
    if (!photo || photo.uploaded) continue;
    const name = key.split("/").at(-1)!;
    const target = await adminApi<VisitPhotoUrl>(`/api/admin/visits/${visitId}/photo-url`, { json: { name } });
    if (!target.uploaded) {
      await api(target.uploadURL, {
        method: "PUT",
        body: photo.blob,
        headers: { "Content-Type": photo.blob.type || "image/jpeg" },
      }).catch((error) => {
        // Written meanwhile (another tab of this phone sent it): it is there, which is all that counts.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      });
    }
    await d.put("photos", { ...photo, uploaded: true });
  }
}

const listeners = new Set<() => void>();
/** Screens showing the outbox hear of every change to it. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

export async function saveDraft(visitId: number, body: SheetBody) {
  await (await db()).put("drafts", { visitId, body, savedAt: new Date().toISOString() });
}
export async function readDraft(visitId: number): Promise<{ body: SheetBody; savedAt: string } | null> {
  return (await (await db()).get("drafts", visitId)) ?? null;
}

export async function rememberDay(answer: TodayAnswer) {
  // A day that arrives after the logout is not kept.
  if (!getAdminToken()) return;
  const d = await db();
  // The server's version of each visit, unless a sync of this phone is still waiting on it. (Read
  // first: a transaction ends as soon as it waits on anything but its own requests.)
  const waiting = new Set((await d.getAll("outbox")).map((e) => e.visitId));
  const tx = d.transaction(["days", "versions"], "readwrite");
  const puts: Promise<unknown>[] = [tx.objectStore("days").put({ date: answer.date, answer, savedAt: new Date().toISOString() })];
  for (const visit of answer.visits)
    if (!waiting.has(visit.id)) puts.push(tx.objectStore("versions").put({ visitId: visit.id, version: visit.version }));
  await Promise.all([...puts, tx.done]);
}
export async function rememberedDay(date: string) {
  return (await (await db()).get("days", date)) ?? null;
}

/** The catalogue's part names, kept for finding a part without signal; read again twice a day. */
export async function rememberCatalogue(read: () => Promise<CataloguePart[]>) {
  if (!getAdminToken()) return;
  const d = await db();
  const kept = await d.get("catalogue", "parts");
  if (kept && Date.now() - Date.parse(kept.savedAt) < 12 * 3_600_000) return;
  const parts = await read();
  await d.put("catalogue", { id: "parts", parts, savedAt: new Date().toISOString() });
}

/** Parts whose name holds every word typed, from the kept catalogue. */
export async function findKeptParts(text: string, limit = 5): Promise<CataloguePart[]> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const parts = (await (await db()).get("catalogue", "parts"))?.parts ?? [];
  return parts.filter((p) => words.every((w) => p.name.toLowerCase().includes(w))).slice(0, limit);
}

export async function outboxEntries(): Promise<OutboxEntry[]> {
  return (await db()).getAll("outbox");
}

/**
 * A sheet to send: it replaces a waiting one of the same visit that was never sent (the newest
 * sheet is all that counts), else it queues after the others.
 */
export async function enqueueSheet(visitId: number, body: SheetBody, finish: boolean, version: string) {
  const d = await db();
  const tx = d.transaction(["outbox", "versions"], "readwrite");
  const known = await tx.objectStore("versions").get(visitId);
  if (!known) await tx.objectStore("versions").put({ visitId, version });
  const queued = await tx.objectStore("outbox").index("visit").getAll(visitId);
  const last = queued.at(-1);
  if (last && last.state === "waiting" && !last.attempted && (last.by ?? null) === signedInAs()) {
    await tx.objectStore("outbox").put({ ...last, body, finish: finish || last.finish });
  } else {
    await tx.objectStore("outbox").add({
      visitId,
      key: crypto.randomUUID(),
      body,
      finish,
      state: "waiting",
      attempted: false,
      error: null,
      createdAt: new Date().toISOString(),
      by: signedInAs(),
    });
  }
  await tx.done;
  changed();
  void flushOutbox();
}

/** A failed or conflicting sync is dropped: the office's version (conflict) or a corrected sheet wins. */
export async function dropEntry(id: number, visitId: number, clearDraft: boolean) {
  const d = await db();
  await d.delete("outbox", id);
  if (clearDraft) {
    await d.delete("drafts", visitId);
    await d.delete("versions", visitId);
  }
  changed();
}

/** A refused sync tried again (after the cause was fixed elsewhere, or the network came back). */
export async function retryEntry(id: number) {
  const d = await db();
  const entry = await d.get("outbox", id);
  if (entry) await d.put("outbox", { ...entry, state: "waiting", error: null });
  changed();
  void flushOutbox();
}

let flushing: Promise<void> | null = null;

/** Sends the waiting syncs in order; stops at the first that cannot reach the server. */
export function flushOutbox(): Promise<void> {
  flushing ??= send().finally(() => {
    flushing = null;
  });
  return flushing;
}

const isNetworkFailure = (error: unknown) => !(error instanceof HttpError) || error.status >= 500 || error.status === 408;

async function send() {
  if (!getAdminToken()) return;
  const d = await db();
  const blocked = new Set<number>();
  for (const entry of await d.getAll("outbox")) {
    // Logged out meanwhile: what is left waits for the next session (or was deleted with the logout).
    if (!getAdminToken()) break;
    const someoneElses = Boolean(entry.by) && entry.by !== signedInAs();
    if (entry.state !== "waiting" || blocked.has(entry.visitId) || someoneElses) {
      blocked.add(entry.visitId);
      continue;
    }
    const version = (await d.get("versions", entry.visitId))?.version;
    await d.put("outbox", { ...entry, attempted: true });
    try {
      await uploadPhotos(d, entry.visitId, entry.body.photos ?? []);
      const answer = await adminApi<SheetAnswer>(`/api/admin/visits/${entry.visitId}/sheet`, {
        method: "PUT",
        headers: { "Idempotency-Key": entry.key },
        json: {
          baseVersion: version,
          ...entry.body,
          parts: entry.body.parts.map(({ productId, quantity }) => ({ productId, quantity })),
          finish: entry.finish,
        },
      });
      const tx = d.transaction(["outbox", "versions"], "readwrite");
      await tx.objectStore("outbox").delete(entry.id!);
      await tx.objectStore("versions").put({ visitId: entry.visitId, version: answer.version });
      await tx.done;
    } catch (error) {
      if (isNetworkFailure(error)) {
        // Offline: the "online" event sends it. Online (a connection just back, the server unwell):
        // again shortly, less often each time.
        if (navigator.onLine) retryLater();
        return changed();
      }
      const conflict = error instanceof HttpError && error.status === 409 && error.detail("baseVersion");
      await d.put("outbox", {
        ...entry,
        attempted: true,
        state: conflict ? "conflict" : "failed",
        error: (error instanceof HttpError && error.serverMessage) || "The server refused this change.",
      });
      blocked.add(entry.visitId);
    }
    changed();
  }
  backoff = 0;
  changed();
}

let backoff = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
function retryLater() {
  clearTimeout(retryTimer);
  backoff = Math.min(backoff ? backoff * 2 : 1000, 60_000);
  retryTimer = setTimeout(() => void flushOutbox(), backoff);
}

if (typeof window !== "undefined") window.addEventListener("online", () => void flushOutbox());

/** Lets go of the database, once a sync under way (if any) has had a moment to finish. */
async function closePhoneDb() {
  await Promise.race([flushing ?? Promise.resolve(), new Promise((resolve) => setTimeout(resolve, 2000))]).catch(() => undefined);
  const open = opening;
  opening = null;
  (await open?.catch(() => null))?.close();
}

/**
 * A session the server ended (expired, or ended from another device): the engineer was not asked,
 * and a sheet signed in a basement may still be waiting for signal, so the syncs waiting are kept,
 * with their visits' versions, drafts and photos not yet uploaded, and sent after the next sign-in;
 * everything else goes (the day, the catalogue, other drafts, photos already uploaded). Answers
 * whether anything was kept (nothing: the caller deletes the database).
 */
export async function keepOnlyUnsynced(): Promise<boolean> {
  const d = await openPhoneDb();
  const entries = await d.getAll("outbox");
  if (entries.length === 0) {
    await closePhoneDb();
    return false;
  }
  const visits = new Set(entries.map((e) => e.visitId));
  const named = new Set(entries.flatMap((e) => e.body.photos ?? []));
  const tx = d.transaction(["drafts", "days", "versions", "catalogue", "photos"], "readwrite");
  const [draftKeys, versionKeys, photos] = await Promise.all([
    tx.objectStore("drafts").getAllKeys(),
    tx.objectStore("versions").getAllKeys(),
    tx.objectStore("photos").getAll(),
  ]);
  await Promise.all([
    tx.objectStore("days").clear(),
    tx.objectStore("catalogue").clear(),
    ...draftKeys.filter((k) => !visits.has(k)).map((k) => tx.objectStore("drafts").delete(k)),
    ...versionKeys.filter((k) => !visits.has(k)).map((k) => tx.objectStore("versions").delete(k)),
    ...photos.filter((p) => p.uploaded || !named.has(p.key)).map((p) => tx.objectStore("photos").delete(p.key)),
    tx.done,
  ]);
  await closePhoneDb();
  return true;
}
