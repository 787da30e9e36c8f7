// Družina's service worker: the app works offline after the first visit, including a cold start from the home
// screen with the network off.
//   - install: precaches every file of this build (the list and the content hash are written in by
//     cmake/pwa.cmake at build time) into a cache named by that hash, and this build's language packs of the
//     languages the previous build kept (an update keeps the app's languages offline);
//   - the wasm is shipped packed (index.wasm.lzma, cmake/pack_lzma.py): install unpacks it once and keeps it as
//     index.wasm, which the pages it controls ask for (web/wasm.js), so a start from the cache unpacks nothing;
//   - language packs (lang/<code>.<hash>.pack, src/core/assets.hpp) are not precached: the page names the one it
//     started with ("keepPacks", web/shell.js), which is kept first, then the other languages are fetched in the
//     background, so a switch of language works offline too; any pack fetched is kept;
//   - files shipped but not precached (BUILD.lazy: the live table's QR decoder, jsqr.js) are kept once fetched;
//   - fetch: cache-first for this origin's GET requests; a page navigation (start URL, "./?…", "./index.html")
//     answers with the cached index.html; anything not precached goes to the network as usual;
//   - a new build installs beside the old one and waits: the page shows "update available — reload", and the
//     page's reload button asks it to take over (message "activate-update");
//   - activate: deletes this scope's caches of older builds (never another scope's: the test page has its own).
// The line below is replaced at build time; as written here (the source tree) it precaches nothing.
const BUILD = /*@BUILD@*/ { hash: "source", prefix: "druzina-app-", files: [], packs: {}, lazy: [] } /*@END@*/;

importScripts("unlzma.js");  // self.druzinaUnlzma

const CACHE = BUILD.prefix + BUILD.hash;
const scopeUrl = new URL(self.registration.scope);
const indexUrl = new URL("index.html", scopeUrl).href;
const packUrls = Object.keys(BUILD.packs).map((lang) => new URL(BUILD.packs[lang], scopeUrl).href);
const lazyUrls = (BUILD.lazy || []).map((f) => new URL(f, scopeUrl).href);
const packOf = (url) => { const m = /\/lang\/(cs|uk|en)\.[0-9a-f]{16}\.pack$/.exec(url); return m && m[1]; };

// Keeps this build's packs among `urls` (absolute or relative to the scope); a pack that does not come is left out.
async function keep(cache, urls) {
  for (const u of urls) {
    const url = new URL(u, scopeUrl).href;
    if (!packUrls.includes(url) || await cache.match(url)) continue;
    try { await cache.add(new Request(url, { cache: "reload" })); } catch (e) {}
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Each file fetched past the HTTP cache, so a build never precaches the previous build's bytes.
    await cache.addAll(BUILD.files.map((f) => new Request(new URL(f, scopeUrl).href, { cache: "reload" })));
    for (const f of BUILD.files.filter((name) => name.endsWith(".wasm.lzma"))) {
      const url = new URL(f, scopeUrl).href;
      const bytes = self.druzinaUnlzma(new Uint8Array(await (await cache.match(url)).arrayBuffer()));
      await cache.put(url.slice(0, -".lzma".length), new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
      await cache.delete(url);
    }
    // The languages an older build kept, in this build's packs.
    const langs = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith(BUILD.prefix) || name === CACHE) continue;
      for (const req of await (await caches.open(name)).keys()) if (packOf(req.url)) langs.add(packOf(req.url));
    }
    await keep(cache, [...langs].filter((l) => BUILD.packs[l]).map((l) => BUILD.packs[l]));
    // The very first install has nothing to replace: take over at once. An update waits for the page's word.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith(BUILD.prefix) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-update") self.skipWaiting();
  if (event.data === "build") event.source && event.source.postMessage({ build: BUILD.hash });
  if (event.data && Array.isArray(event.data.keepPacks)) {
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      await keep(cache, event.data.keepPacks);
      if (event.source) event.source.postMessage({ packsKept: true });
      await keep(cache, Object.values(BUILD.packs));  // the other languages, for a switch with the network off
    })());
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== scopeUrl.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const page = req.mode === "navigate" && url.href.startsWith(scopeUrl.href) &&
                 (url.pathname === scopeUrl.pathname || url.href.split(/[?#]/)[0] === indexUrl);
    const hit = await cache.match(page ? indexUrl : req, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(req);
    // A language pack fetched (a switch to another language) is kept: its name changes with its content.
    if (response.ok && (packUrls.includes(url.href) || lazyUrls.includes(url.href))) await cache.put(url.href, response.clone());
    return response;
  })());
});
