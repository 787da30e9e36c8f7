// The language pack (emcc --pre-js, after the generated packs.js that names this build's packs): the app's texts
// come in one file per language (src/core/assets.hpp), fetched here while the wasm downloads and compiles, and
// handed to the app before it starts (src/platform/web/lang.cpp). Fetched: the chosen language's only (the one saved,
// else the browser's, else English — as src/ui/ui.cpp init_language chooses), so a start unpacks and reads one pack;
// a switch to another language restarts the app in it, from the service worker's cache when offline (the worker
// keeps every language once the app has run: web/sw.js). If the chosen one cannot come (offline, never fetched), any
// other kept one will do; with none the page says so (web/shell.js) and the app does not start.
(function () {
  var files = Module["druzinaPackFiles"];
  if (!files) return;
  var codes = ["cs", "uk", "en"];
  function code(s) {
    s = String(s || "").split(/[-_]/)[0];
    if (s === "ua") s = "uk";
    return codes.indexOf(s.toLowerCase()) >= 0 && (s === s.toLowerCase() || s === s.toUpperCase()) ? s.toLowerCase() : null;
  }
  var stored = null;
  try { stored = localStorage.getItem("druzina.lang"); } catch (e) {}
  var want = code(stored) || code((navigator.languages && navigator.languages[0]) || navigator.language) || "en";
  function bytes(lang, response) {  // the pack as shipped is packed (cmake/pack_lzma.py): unpacked here
    if (!response || !response.ok) return null;
    var counted = window.druzinaProgress ? druzinaProgress.count("pack", response) : response;
    return druzinaUnlzma.fromResponse(counted).then(function (b) {
      return { lang: lang, url: files[lang], bytes: b };
    }).catch(function () { return null; });
  }
  function kept(lang) {  // only what the service worker's cache holds: never the network
    if (!self.caches) return Promise.resolve(null);
    return caches.match(new URL(files[lang], document.baseURI).href).then(function (r) { return bytes(lang, r); })
      .catch(function () { return null; });
  }
  var chosen = fetch(files[want]).then(function (r) { return bytes(want, r); }).catch(function () { return null; });
  var ready = chosen.then(function (p) {
    if (p) return [p];
    return Promise.all(codes.filter(function (l) { return l !== want; }).map(kept)).then(function (list) {
      return list.filter(function (q) { return q; }).slice(0, 1);
    });
  });
  Module["preRun"] = [].concat(Module["preRun"] || []);
  Module["preRun"].push(function () {
    addRunDependency("druzina-packs");
    ready.then(function (list) {
      if (!list.length) {
        if (window.druzinaFail) druzinaFail("nopack");
        return;  // the dependency stays: the app never starts without texts
      }
      Module.druzinaPacks = list;
      if (window.druzinaPwa && druzinaPwa.setPacks) druzinaPwa.setPacks(list.map(function (p) { return p.url; }));
      removeRunDependency("druzina-packs");
    });
  });
})();
