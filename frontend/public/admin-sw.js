// The back office's service worker (registered by the admin app with scope /admin/, so it never
// sees a public page): the pages and scripts the engineer's phone has opened once stay on the phone,
// so /admin/today and the job sheet open without signal. Pages are network-first (the newest when
// online, the kept copy when not); the build's hashed scripts and styles never change under their
// name, so they are kept on first use. The API is never cached here: the day and the job sheets are
// kept by the app itself, in IndexedDB (frontend/lib/admin/sheet-outbox.ts).
//
// The build (scripts/prerender.mjs) fills in PRECACHE, the files the day's screen and the job sheet
// need, and names the cache after them: installing fetches them all, so the job sheet opens without
// signal even if it was never opened with it, and a new build's worker starts a new cache and drops
// the old one. Outside the build (vite dev) the list is empty and the worker is not registered.
const CACHE = "northside-admin";
const PRECACHE = [];

// A logout (frontend/lib/admin/phone-data.ts) says "forget": the caches are deleted and nothing is
// kept until a sign-in says "keep" (a worker restarted meanwhile keeps again, which is only the
// back office's pages and scripts: the day's data is never here).
let forgotten = false;

/** The files the day's screen and the job sheet need; `missing`: only those not kept already. */
function precache(missing) {
  return caches.open(CACHE).then((cache) =>
    Promise.all(
      // One by one, so a file that fails (signal lost half-way) does not cost the others; it is
      // kept on its first use instead, like any other script.
      ["/admin/today", ...PRECACHE].map((url) =>
        (missing ? cache.match(url) : Promise.resolve(undefined)).then((kept) => kept ?? cache.add(url)).catch(() => undefined),
      ),
    ),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache(false).then(() => self.skipWaiting()));
});

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  const done = () => event.ports[0]?.postMessage(type);
  if (type === "forget") {
    forgotten = true;
    event.waitUntil(
      caches
        .keys()
        .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
        .then(done),
    );
  } else if (type === "keep") {
    forgotten = false;
    event.waitUntil(precache(true).then(done));
  }
});

/** Keeps a copy of an answer, unless the session ended since. */
function keep(key, response) {
  if (forgotten) return;
  const copy = response.clone();
  void caches.open(CACHE).then((cache) => (forgotten ? undefined : cache.put(key, copy)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname.startsWith("/admin")) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) keep(url.pathname, response);
          return response;
        })
        .catch(async () => (await caches.match(url.pathname)) ?? (await caches.match("/admin/today")) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/images/app/")) {
    event.respondWith(
      // Assets are answered with `Vary: Origin`, and a stylesheet a script adds (<link crossorigin>)
      // is asked for with an Origin header the worker's own fetch did not send: matched by that
      // header it would miss, and fail without signal. A hashed file is the same whoever asks.
      caches.match(request, { ignoreVary: true }).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) keep(request, response);
            return response;
          }),
      ),
    );
  }
});
