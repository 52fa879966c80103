// The back office's service worker (registered by the admin app with scope /admin/, so it never
// sees a public page): the pages and scripts the engineer's phone has opened once stay on the phone,
// so /admin/today and the job sheet open without signal. Pages are network-first (the newest when
// online, the kept copy when not); the build's hashed scripts and styles never change under their
// name, so they are kept on first use. The API is never cached here: the day and the job sheets are
// kept by the app itself, in IndexedDB (frontend/lib/admin/sheet-outbox.ts).
const CACHE = "northside-admin-v1";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add("/admin/today"))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

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
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(async () => (await caches.match(url.pathname)) ?? (await caches.match("/admin/today")) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/images/app/")) {
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
