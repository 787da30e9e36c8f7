// The wasm (emcc --pre-js): shipped packed, index.wasm.lzma (cmake/pack_lzma.py, a quarter smaller than its gzip).
// A page the service worker controls asks for index.wasm, which the worker unpacked once when it installed this
// build (web/sw.js); any other page (the first visit, before the worker took over, or a browser without one)
// fetches the packed file and unpacks it as it arrives (web/unlzma.js, loaded before this script by index.html).
Module["instantiateWasm"] = function (imports, done) {
  function compile(bytes) { return WebAssembly.instantiate(bytes, imports); }
  function packed() {
    return fetch("index.wasm.lzma").then(function (r) {
      if (!r.ok) throw new Error("index.wasm.lzma: HTTP " + r.status);
      return druzinaUnlzma.fromResponse(r);  // unpacked while it downloads
    }).then(function (bytes) {
      if (self.performance && performance.mark) performance.mark("druzina.wasm-unpacked");  // scripts/bench web_start
      return compile(bytes);
    });
  }
  var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  var got = !worker ? packed() : fetch("index.wasm").then(function (r) {
    if (!r.ok) throw new Error("index.wasm: HTTP " + r.status);
    return WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(r, imports)
                                            : r.arrayBuffer().then(compile);
  }).catch(packed);
  got.then(function (o) { done(o.instance, o.module); }, function (e) { abort("the app's code did not load: " + e); });
  return {};
};
