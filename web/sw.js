// Družina service worker — a stub for now: it installs, activates and takes control, and answers every request
// from the network. The keep-and-share issue turns it into a precaching, cache-first offline worker
// (cache named by build hash, old caches deleted on activate).
self.addEventListener("install", (event) => { self.skipWaiting(); });
self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });
