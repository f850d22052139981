// The admin's service worker: it keeps the built admin (index.html, the files its first screen
// needs, and every file loaded on demand once fetched) so that the admin opens without a
// network, as the theme editor's offline drafts need. Calls to the API, uploads and storefronts
// are never touched. The build (vite.config.ts) fills in the list of files and the cache's
// name, which changes with every build.
/* global __FILES__, __CACHE__ */
const FILES = __FILES__;
const CACHE = __CACHE__;
const BASE = "/admin/";
const INDEX = `${BASE}index.html`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([INDEX, ...FILES.map((file) => BASE + file)]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("storeloom-admin-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (request.mode === "navigate") {
    // The newest admin when the server answers; the kept one when it cannot be reached.
    event.respondWith(fetch(request).catch(() => caches.match(INDEX).then((kept) => kept ?? Response.error())));
    return;
  }
  // Built files have their content's hash in their names: the kept copy is always right, and a
  // file loaded on demand is kept the first time it is fetched.
  event.respondWith(
    caches.match(request).then(
      (kept) =>
        kept ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith(`${BASE}assets/`)) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
