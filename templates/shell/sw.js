// The service worker of the domino referee (served at the site's root: its scope is the app).
// Keeps the static files and the rules pages for reading offline; every other request goes to
// the network as it is (moves and match pages are never answered from a cache).
"use strict";
var VERSION = "{{ version }}";
var CACHE = "referee-" + VERSION;
var ASSETS = {{ assets|safe }};
var PAGES = {{ pages|safe }};
var OFFLINE = {{ offline|safe }};
var STATIC = {{ static|safe }};
var RULES = {{ rules|safe }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(ASSETS.concat([OFFLINE])).then(function () {
      // the rules pages: each on its own, so that one lost page does not stop the others
      return Promise.all(PAGES.map(function (p) { return cache.add(p).catch(function () {}); }));
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("referee-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function isRules(path) { return path === RULES || path.indexOf(RULES + "/") === 0; }

// the network first (a fresh page when there is one), the kept copy when it fails or is slow
function networkFirst(request, wait) {
  return caches.open(CACHE).then(function (cache) {
    return new Promise(function (resolve) {
      var done = false;
      var fallback = function () {
        cache.match(request, {ignoreSearch: true}).then(function (hit) {
          if (hit && !done) { done = true; resolve(hit); }
        });
      };
      var timer = setTimeout(fallback, wait);
      fetch(request).then(function (resp) {
        clearTimeout(timer);
        if (resp.ok) cache.put(request, resp.clone());
        if (!done) { done = true; resolve(resp); }
      }).catch(function () {
        clearTimeout(timer);
        cache.match(request, {ignoreSearch: true}).then(function (hit) {
          if (done) return;
          done = true;
          resolve(hit || cache.match(OFFLINE).then(function (o) { return o || Response.error(); }));
        });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    // versioned URLs never change: the kept copy, else the network (and keep it)
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (resp) {
          if (resp.ok && url.search) cache.put(request, resp.clone());
          return resp;
        });
      });
    }));
  } else if (isRules(url.pathname)) {
    event.respondWith(networkFirst(request, 4000));
  } else if (request.mode === "navigate") {
    // any other page: the network only; the offline page when it cannot be reached
    event.respondWith(fetch(request).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(OFFLINE); })
        .then(function (o) { return o || Response.error(); });
    }));
  }
});
