// The wasm (emcc --pre-js): shipped packed, index.wasm.lzma (cmake/pack_lzma.py, a quarter smaller than its gzip).
// A page the service worker controls asks for index.wasm, which the worker unpacked once when it installed this
// build (web/sw.js), and compiles it as it streams in; any other page (the first visit, before the worker took over,
// or a browser without one) has the packed file fetched and unpacked as it arrives off the main thread
// (web/unpack-worker.js; on the main thread with web/unlzma.js where a worker cannot start), with the download's
// progress on the loading screen (web/shell.js).
Module["instantiateWasm"] = function (imports, done) {
  var url = new URL("index.wasm.lzma", document.baseURI).href;
  function compile(bytes) { return WebAssembly.instantiate(bytes, imports); }
  function unpacked(bytes) {
    if (self.performance && performance.mark) performance.mark("druzina.wasm-unpacked");  // scripts/bench web_start
    return compile(bytes);
  }
  function onMainThread() {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error("index.wasm.lzma: HTTP " + r.status);
      return druzinaUnlzma.fromResponse(window.druzinaProgress ? druzinaProgress.count("wasm", r) : r);
    });
  }
  function packed() {
    return new Promise(function (resolve, reject) {
      var w, started = false;
      try { w = new Worker("unpack-worker.js"); } catch (e) { resolve(onMainThread()); return; }
      w.onmessage = function (e) {
        var d = e.data || {};
        started = true;
        if (d.bytes) { w.terminate(); resolve(d.bytes); }
        else if (d.error) { w.terminate(); reject(new Error("index.wasm.lzma: " + d.error)); }
        else if (window.druzinaProgress) druzinaProgress.set("wasm", d.received, d.total);
      };
      w.onerror = function (e) {  // the worker's script did not load or run: unpack here instead
        if (e && e.preventDefault) e.preventDefault();
        w.terminate();
        if (started) reject(new Error("index.wasm.lzma: the unpacking stopped"));
        else resolve(onMainThread());
      };
      w.postMessage({ url: url });
    }).then(unpacked);
  }
  var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  var got = !worker ? packed() : fetch("index.wasm").then(function (r) {
    if (!r.ok) throw new Error("index.wasm: HTTP " + r.status);
    return WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(r, imports)
                                            : r.arrayBuffer().then(compile);
  }).catch(packed);
  got.then(function (o) { done(o.instance, o.module); }, function (e) {
    if (window.druzinaFail) druzinaFail("download");
    abort("the app's code did not load: " + e);
  });
  return {};
};
