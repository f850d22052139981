/* Storeloom: the theme editor's preview frame, kept for offline use. Registered by store.js in
   preview mode only, with the storefront's scope, it answers ONLY the preview's requests: the
   frame's page (a navigation whose query has `nocache`), the preview runtime (JavaScript and
   WebAssembly), store.css and store.js when a preview page asks for them, and the catalog
   snapshot. A shopper's request is never answered here (no respondWith): it goes to the network
   as if there were no worker. Each is taken from the network when it answers, and the copy kept
   answers when it does not. The server fills in the store's address and the assets' version. */
"use strict";
var BASE = "__BASE__";
var VERSION = "__VERSION__";
var RUNTIME = "/admin/preview/";
var CACHE = "storeloom-preview:" + BASE + ":" + VERSION;
// The editor's signed preview token, from the worker's own address: the kept page and snapshot
// are the editor's (without it the server gives the published theme and no snapshot).
var TOKEN = new URL(self.location.href).searchParams.get("token") || "";
var CATALOG = BASE + "/_preview/catalog";
var ASSETS = BASE + "/_assets/" + VERSION + "/";
// Kept at install: the frame's page as each family opens it, the assets, the runtime and the
// snapshot; the page that registered the worker was loaded before it existed.
var KEEP = [
  BASE + "/?nocache=offline&theme=default&preview=" + encodeURIComponent(TOKEN),
  BASE + "/?nocache=offline&theme=fashion&preview=" + encodeURIComponent(TOKEN),
  ASSETS + "store.css",
  ASSETS + "store.js",
  RUNTIME + "storefront_preview.js",
  RUNTIME + "storefront_preview_bg.wasm",
  CATALOG
];

/** The key a frame's page is kept under: its path and family, without the changing stamp. */
function pageKey(url) {
  return url.origin + url.pathname + "?theme=" + (url.searchParams.get("theme") || "default");
}

function keyOf(url) {
  return url.pathname.indexOf(BASE + "/_") === 0 || url.pathname.indexOf(RUNTIME) === 0 ? url.origin + url.pathname : pageKey(url);
}

function keep(key, response) {
  if (!response || !response.ok) return Promise.resolve();
  return caches.open(CACHE).then(function (cache) { return cache.put(key, response); });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    Promise.all(KEEP.map(function (path) {
      var url = new URL(path, self.location.origin);
      return fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "x-preview-token": TOKEN } })
        .then(function (response) { return keep(keyOf(url), response); })
        .catch(function () { /* kept when first fetched instead */ });
    })).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  var prefix = "storeloom-preview:" + BASE + ":";
  event.waitUntil(
    caches.keys()
      .then(function (names) { return Promise.all(names.filter(function (n) { return n.indexOf(prefix) === 0 && n !== CACHE; }).map(function (n) { return caches.delete(n); })); })
      .then(function () { return self.clients.claim(); })
  );
});

/** Whether a request is the preview's; every other request is left to the network. */
function previewRequest(request, url) {
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (request.mode === "navigate") return url.pathname.indexOf(BASE + "/") === 0 && url.searchParams.has("nocache");
  if (url.pathname === CATALOG || url.pathname.indexOf(RUNTIME) === 0) return true;
  // store.css and store.js are the shoppers' too: only a preview page's are answered here.
  if (url.pathname.indexOf(BASE + "/_assets/") !== 0) return false;
  var from = request.referrer ? new URL(request.referrer) : null;
  return Boolean(from && from.searchParams.has("nocache"));
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (!previewRequest(request, url)) return;
  var key = keyOf(url);
  event.respondWith(
    fetch(request)
      .then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          event.waitUntil(keep(key, copy));
        }
        return response;
      })
      .catch(function () {
        return caches.open(CACHE)
          .then(function (cache) { return cache.match(key); })
          .then(function (kept) { return kept || Response.error(); });
      })
  );
});
