// The page shell around the wasm app (a file, not inline: the Content-Security-Policy allows only this origin's
// files). It shows the loading/failure status, sets up Module, registers the service worker and keeps what the
// app asks about the installed app in window.druzinaPwa (read by src/platform/web/pwa.cpp):
//   updateWaiting  a new build is installed and waits (the app shows "update available — reload")
//   canInstall     the browser offered beforeinstallprompt (the app shows an Install button)
//   ios            an iPhone/iPad browser, not yet on the home screen (the app shows the Add to Home Screen hint)
//   standalone     running as the installed app
//   offlineReady   this build is precached, with the language packs the app started with (packs, from
//                  web/lang.js): the app starts without the network
(function () {
  var lang = (navigator.language || "en").slice(0, 2);
  var texts = {
    cs: { loading: "Načítám Družinu…", kb: "kB", stalled: "Stahování stojí: čekám na připojení…",
          download: "Stahování Družiny se přerušilo. Připoj se k internetu a obnov stránku.", nowasm: "Tento prohlížeč neumí WebAssembly. Otevři Družinu v aktuálním Chrome, Firefoxu nebo Safari.",
          nogl: "Tento prohlížeč nemá WebGL 2, bez kterého Družina nic nenakreslí. Zkus jiný prohlížeč nebo zapni hardwarovou akceleraci.",
          crash: "Družina narazila na chybu. Obnov stránku; uložená kampaň zůstává v prohlížeči.",
          nopack: "Družina potřebuje při prvním spuštění internet, aby si stáhla své texty. Připoj se a obnov stránku.",
          framed: "Družina se nespustí uvnitř stránky jiného webu (ta by tě mohla přimět ťuknout, kam nechceš). Otevři ji samotnou:" },
    uk: { loading: "Завантажую Дружину…", kb: "кБ", stalled: "Завантаження стоїть: чекаю на зʼєднання…",
          download: "Завантаження Дружини перервалося. Підʼєднайся до інтернету й онови сторінку.", nowasm: "Цей браузер не підтримує WebAssembly. Відкрий Дружину в сучасному Chrome, Firefox або Safari.",
          nogl: "У цьому браузері немає WebGL 2, без якого Дружина нічого не намалює. Спробуй інший браузер або ввімкни апаратне прискорення.",
          crash: "Дружина натрапила на помилку. Онови сторінку; збережена кампанія лишається в браузері.",
          nopack: "Під час першого запуску Дружині потрібен інтернет, щоб завантажити свої тексти. Підʼєднайся й онови сторінку.",
          framed: "Дружина не запускається всередині сторінки іншого сайту (та сторінка могла б змусити тебе торкнутися не того). Відкрий її окремо:" },
    en: { loading: "Loading Družina…", kb: "kB", stalled: "The download has stopped: waiting for the connection…",
          download: "Družina's download was cut off. Connect to the internet and reload the page.", nowasm: "This browser cannot run WebAssembly. Open Družina in a current Chrome, Firefox or Safari.",
          nogl: "This browser has no WebGL 2, which Družina needs to draw. Try another browser or turn on hardware acceleration.",
          crash: "Družina hit an error. Reload the page; your saved campaign stays in the browser.",
          nopack: "Družina needs the internet on its first start to download its texts. Connect and reload the page.",
          framed: "Družina does not run inside another site's page (that page could trick you into tapping what you did not mean to). Open it on its own:" }
  };
  var stored = null;
  try { stored = localStorage.getItem("druzina.lang"); } catch (e) {}
  var t = texts[stored] || texts[lang] || texts.en;
  var status = document.getElementById("status"), statusText = document.getElementById("status-text");
  var failed = false;
  function fail(msg) {
    if (failed) return;  // the first reason stays (an abort after a failed download is not "an error")
    failed = true;
    status.classList.remove("hidden");
    status.classList.add("error");
    statusText.textContent = msg;
    stopWatch();
  }
  statusText.textContent = t.loading;
  window.druzinaFail = function (why) { fail(t[why] || t.crash); };

  // ---- the first visit's download: a bar with the bytes received and the total ----------------------------------
  // web/wasm.js (the code) and web/lang.js (the texts) report each download; the bar shows their sum. When no byte
  // has come for 10 s, the text says the download stands (it goes on by itself when the connection returns).
  var bar = document.getElementById("progress"), fill = document.getElementById("progress-fill");
  var parts = {}, stallTimer = null, started = false;
  function kb(n) { return Math.round(n / 1024).toLocaleString(lang) + " " + t.kb; }
  function stopWatch() { if (stallTimer) clearTimeout(stallTimer); stallTimer = null; }
  function show() {
    var got = 0, total = 0, known = true;
    for (var k in parts) { got += parts[k].got; total += parts[k].total; if (!parts[k].total) known = false; }
    if (!parts.wasm || !parts.pack) known = false;  // a total only once both downloads have said theirs
    bar.classList.remove("hidden");
    bar.setAttribute("aria-valuenow", known && total ? Math.round(100 * got / total) : 0);
    fill.style.width = known && total ? Math.min(100, 100 * got / total).toFixed(1) + "%" : "100%";
    bar.classList.toggle("unknown", !(known && total));
    statusText.textContent = t.loading + " " + kb(got) + (known && total ? " / " + kb(total) : "");
    stopWatch();
    if (!started) stallTimer = setTimeout(function () { statusText.textContent = t.stalled; }, 10000);
  }
  window.druzinaProgress = {
    set: function (key, got, total) {
      if (failed || started) return;
      parts[key] = { got: got || 0, total: total || 0 };
      show();
    },
    // The response, its body counted as it arrives (the headers kept: the unpacker reads Content-Length).
    count: function (key, response) {
      if (!response.body || !self.TransformStream) return response;
      var total = Number(response.headers.get("content-length")) || 0, got = 0;
      druzinaProgress.set(key, 0, total);
      return new Response(response.body.pipeThrough(new TransformStream({
        transform: function (chunk, out) { got += chunk.length; druzinaProgress.set(key, got, total); out.enqueue(chunk); }
      })), { headers: response.headers });
    }
  };

  var canvas = document.getElementById("canvas");
  canvas.addEventListener("contextmenu", function (e) { e.preventDefault(); });
  document.addEventListener("gesturestart", function (e) { e.preventDefault(); });

  // ---- the installed app: service worker, updates, install prompt ----------------------------------------
  var ua = navigator.userAgent || "";
  var standalone = (window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
  var pwa = window.druzinaPwa = {
    updateWaiting: false, canInstall: false, standalone: standalone, offlineReady: false, packs: [],
    ios: !standalone && (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)),
    installPrompt: null, waiting: null,
    changed: function () { if (window.Module && Module.druzinaWake) Module.druzinaWake(); },
    applyUpdate: function () {
      if (!pwa.waiting) { location.reload(); return; }
      pwa.waiting.postMessage("activate-update");  // the page reloads when the new worker takes over
    },
    install: function () {
      var p = pwa.installPrompt;
      if (!p) return;
      pwa.installPrompt = null;
      pwa.canInstall = false;
      p.prompt();
      if (p.userChoice) p.userChoice.then(function () { pwa.changed(); }, function () {});
      pwa.changed();
    }
  };
  window.addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();  // the app offers its own Install button instead of the browser's mini-infobar
    pwa.installPrompt = e;
    pwa.canInstall = true;
    pwa.changed();
  });
  window.addEventListener("appinstalled", function () { pwa.canInstall = false; pwa.installPrompt = null; pwa.changed(); });

  // ---- inside a frame of another origin: refuse to run ---------------------------------------------------------
  // A page of another site could lay the app under its own and make a tap land on Delete or Share (clickjacking),
  // and a meta Content-Security-Policy cannot forbid framing (the host's frame-ancestors header can: README). The
  // top window of another origin cannot be read: that is the test. The app does not start; a link opens it alone.
  var framed = false;
  if (window.top !== window.self) {
    try { framed = window.top.location.origin !== location.origin; } catch (e) { framed = true; }
  }
  if (framed) {
    fail(t.framed);
    var open = document.createElement("a");
    open.href = location.origin + location.pathname;  // (not the fragment: a share link opens on its own page)
    open.target = "_blank";
    open.rel = "noopener";
    open.textContent = " " + open.href;
    statusText.appendChild(open);
    canvas.style.display = "none";
    window.druzinaFramed = true;
    window.Module = { noInitialRun: true, onAbort: function () {}, preRun: [function () { throw "framed"; }] };
    return;
  }

  // ---- without WebAssembly or WebGL 2 the app cannot start: say so, and keep the runtime from starting --------
  // The module uses native wasm exceptions (Chrome 95+, Firefox 100+, Safari 15.2+): a tiny try/catch_all probe.
  var eh = [0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,10,8,1,6,0,6,64,25,11,11];
  var blocked = typeof WebAssembly !== "object" || !WebAssembly.validate(new Uint8Array(eh)) ? t.nowasm
              : !document.createElement("canvas").getContext("webgl2") ? t.nogl : null;
  if (blocked) {
    fail(blocked);
    window.Module = { noInitialRun: true, onAbort: function () {}, preRun: [function () { throw "blocked"; }] };
    return;
  }

  window.Module = {
    canvas: canvas,
    print: function (s) { console.log(s); },
    printErr: function (s) { console.warn(s); },
    setStatus: function () {},
    onRuntimeInitialized: function () {
      started = true;
      stopWatch();
      status.classList.add("hidden");
      if (pwa.register) pwa.register();
    },
    onAbort: function () { fail(t.crash); }
  };

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    var sw = navigator.serviceWorker;
    var hadController = !!sw.controller;
    var watch = function (worker) {
      var check = function () {
        if (worker.state === "installed" && sw.controller) { pwa.waiting = worker; pwa.updateWaiting = true; pwa.changed(); }
      };
      worker.addEventListener("statechange", check);
      check();
    };
    // Registered once the app's code runs (Module.onRuntimeInitialized): on a first visit the worker's precache
    // (which downloads the whole build again, and unpacks the wasm) does not compete with the page's own start.
    pwa.register = function () {
      pwa.register = null;
      sw.register("sw.js", { updateViaCache: "none" }).then(function (reg) {
        if (reg.waiting && sw.controller) watch(reg.waiting);
        reg.addEventListener("updatefound", function () { if (reg.installing) watch(reg.installing); });
      }).catch(function () {});  // offline, the update check fails: the installed worker still serves the app
    };
    // Ready offline once the worker has precached this build and keeps the language packs the app started with
    // (the very first visit fetched them before the worker was there).
    var active = null;
    var keepPacks = function () { if (active && pwa.packs.length) active.postMessage({ keepPacks: pwa.packs }); };
    pwa.setPacks = function (urls) { pwa.packs = urls; keepPacks(); };
    sw.addEventListener("message", function (e) {
      if (e.data && e.data.packsKept) { pwa.offlineReady = true; pwa.changed(); }
    });
    sw.startMessages();
    sw.ready.then(function (reg) { active = reg.active; keepPacks(); });
    // A new worker took over after the user asked for the update: load the new build.
    var reloading = false;
    sw.addEventListener("controllerchange", function () {
      if (!hadController) { hadController = true; return; }  // the first install claiming this page
      if (reloading) return;
      reloading = true;
      location.reload();
    });
  }
})();
