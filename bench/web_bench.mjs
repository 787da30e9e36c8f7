// Browser measurements for scripts/bench, in headless Chromium at phone size (tests/e2e/lib.mjs):
//   node bench/web_bench.mjs saveload SAVE.json [RUNS]  → {bytes, load_ms, save_ms} of the wasm build
//   node bench/web_bench.mjs openlink LINK.txt [RUNS] → {chars, decode_ms, kind, creatures}: decoding a share link
//   node bench/web_bench.mjs pack SAVE.json [RUNS]      → {bytes, packed_bytes, pack_ms, unpack_ms}: a backup packed
//                                                         and unpacked (store::pack / store::unpack) in wasm
//   node bench/web_bench.mjs idle [SECONDS]             → frames rendered while idle, first-frame time
//   node bench/web_bench.mjs combat [N]                 → N creatures in a fight (every third with a condition
//                                                         and an injury) on the Combat screen: CPU time per frame
//                                                         while the list is scrolled, and frames while idle
//   node bench/web_bench.mjs live [PLAYERS] [UPDATES]  → the live table: a DM and PLAYERS phones (contexts of one
//                                                         Chromium) joined by their codes (the offer link opened,
//                                                         the answer handed to the DM's page as a link: no
//                                                         camera), a fight of 6 PCs and 10 monsters; join time
//                                                         (offer shown → connected), update latency (the DM's
//                                                         command → each player's phone has the message) median
//                                                         and p95, bytes per update
//   node bench/web_bench.mjs start SAVE.json [RUNS] [NET] → navigation → first frame with the campaign drawn, cold
//                                                         (fresh browser profile: empty HTTP and code caches) and
//                                                         warm (the same profile again, once the service worker
//                                                         has installed the build: files from the browser cache or
//                                                         the service worker), medians over RUNS of each,
//                                                         with the phases and the longest main-thread task up
//                                                         to that frame; NET "kbit/s/ms" (e.g. 10000/40 or
//                                                         slow4g = 1600/150, Lighthouse's slow 4G): the server
//                                                         sends at that speed and latency; BENCH_CPU=N slows
//                                                         the page's CPU N times (4: a mid-range phone)
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import path from "node:path";
import { createRequire } from "node:module";
import { launch, openApp, state, phone, root, dispatch, openTab, tapCarefully, widgets, campaign } from "../tests/e2e/lib.mjs";

// playwright-core lives with the browser tests (tests/e2e/node_modules).
const { chromium } = createRequire(path.join(root, "tests/e2e/package.json"))("playwright-core");

const [what, arg, runsArg] = process.argv.slice(2);

const median = (xs) => {
  const v = xs.filter((x) => typeof x === "number").sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};

// ---- start: a server that answers like a static host (ETag + revalidation, gzip), so a second visit is served from
// the browser's cache (304 Not Modified, no body) instead of downloading everything again, and a throttled download
// takes as long as a real host's would (text and wasm gzipped, -6 as hosts do; .lzma and PNG sent as they are).
// `net` ("kbit/s/ms"): every response waits the latency, then all of them share one link of that speed, the page's
// requests and the service worker's alike (as on a phone; the browser's own throttling leaves the worker's out).
function serveCached(dir, net) {
  const [kbps, latency] = net ? net.split("/").map(Number) : [0, 0];
  let linkFreeAt = 0;  // when the shared link has sent what is queued
  const send = (res, data) => {
    if (!kbps) { res.end(data); return; }
    const chunk = 16384;
    const next = (at) => {
      if (at >= data.length) { res.end(); return; }
      const piece = data.subarray(at, at + chunk);
      linkFreeAt = Math.max(linkFreeAt, performance.now()) + (piece.length * 8) / kbps;
      setTimeout(() => { res.write(piece); next(at + chunk); }, linkFreeAt - performance.now());
    };
    setTimeout(() => next(0), latency);
  };
  const rootDir = path.resolve(dir);
  const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                  ".wasm": "application/wasm", ".json": "application/json", ".png": "image/png",
                  ".webmanifest": "application/manifest+json", ".bin": "application/octet-stream" };
  const served = [], gzipped = new Map();
  const compressible = new Set([".html", ".js", ".css", ".wasm", ".json", ".webmanifest"]);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let file = path.normalize(path.join(rootDir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(rootDir)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    fs.stat(file, (err, st) => {
      if (err) { res.writeHead(404).end(); return; }
      const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      const headers = { "content-type": types[path.extname(file)] || "application/octet-stream",
                        "cache-control": "no-cache", etag };
      if (req.headers["if-none-match"] === etag) {
        served.push({ file: path.relative(rootDir, file), status: 304 });
        res.writeHead(304, headers).end();
        return;
      }
      fs.readFile(file, (e2, data) => {
        if (compressible.has(path.extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] || "")) {
          if (!gzipped.has(file + etag)) gzipped.set(file + etag, zlib.gzipSync(data, { level: 6 }));
          data = gzipped.get(file + etag);
          headers["content-encoding"] = "gzip";
        }
        served.push({ file: path.relative(rootDir, file), status: 200, bytes: data.length });
        res.writeHead(200, headers);
        send(res, data);
      });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () =>
    resolve({ server, served, url: `http://127.0.0.1:${server.address().port}/` })));
}

// Installed before the page's own scripts: puts the campaign in localStorage (first visit only), notes when the
// runtime is up and when main() has returned, and, right after each animation frame the app draws, whether the
// screen shows its widgets (the first frame with the campaign drawn; ImGui lays a window out over its first frames).
function startProbe(save) {
  try {
    if (!localStorage.getItem("druzina.campaign")) localStorage.setItem("druzina.campaign", save);
    localStorage.setItem("druzina.ui.welcomed", "1");  // a returning user: the first start's welcome is not shown
  } catch (e) {}
  const marks = (window.__druzinaStart = { longest_task_ms: 0, blocking_ms: 0 });
  // Main-thread tasks over 50 ms up to the first frame with the campaign drawn: the longest, and their sum over
  // 50 ms each (total blocking time, as Lighthouse counts it).
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (marks.first_frame_ms !== undefined && e.startTime > marks.first_frame_ms) continue;
        marks.longest_task_ms = Math.max(marks.longest_task_ms, e.duration);
        marks.blocking_ms += Math.max(0, e.duration - 50);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  let mod;
  Object.defineProperty(window, "Module", {
    configurable: true,
    get() { return mod; },
    set(m) {
      mod = m;
      if (!m || m.__probed) return;
      m.__probed = true;
      const onInit = m.onRuntimeInitialized;
      m.onRuntimeInitialized = function () { marks.runtime_ms = performance.now(); if (onInit) return onInit.apply(this, arguments); };
      const post = m.postRun ? [].concat(m.postRun) : [];
      m.postRun = [...post, () => { marks.main_done_ms = performance.now(); }];
    },
  });
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    cb(t);
    if (marks.first_frame_ms !== undefined || !mod || !mod.calledRun || !mod._druzina_test_state) return;
    const frames = JSON.parse(mod.UTF8ToString(mod._druzina_test_state())).frames;
    if (frames < 1) return;
    if (marks.frame1_ms === undefined) marks.frame1_ms = performance.now();
    const ws = JSON.parse(mod.UTF8ToString(mod._druzina_test_widgets()));
    if (ws.some((w) => w.visible && w.id.startsWith("tab."))) { marks.first_frame_ms = performance.now(); marks.frames = frames; }
  });
}

async function startOnce(browser, url, save, cpu) {
  const context = await browser.newContext({ ...phone });
  await context.addInitScript(startProbe, save);
  const page = await context.newPage();
  if (cpu > 1) {  // as Lighthouse and DevTools slow a page's CPU (the rate holds across the reload below)
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  }
  const visits = [];
  for (const kind of ["cold", "warm"]) {
    if (kind === "cold") await page.goto(url);
    else {
      // A later start, as a player has it: the service worker has installed this build (when the page has one).
      await page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true));
      await page.reload();
    }
    await page.waitForFunction(() => window.__druzinaStart && window.__druzinaStart.first_frame_ms !== undefined,
                               null, { timeout: 120000 });
    await page.waitForTimeout(100);  // a long task is reported once it has ended
    const r = await page.evaluate(() => {
      const res = (name) => performance.getEntriesByType("resource").find((e) => e.name.endsWith(name));
      // the wasm: index.wasm.lzma on a first visit (the page unpacks it), index.wasm from the service worker after
      const wasm = res("index.wasm") || res("index.wasm.lzma"), js = res("index.js");
      const unpacked = performance.getEntriesByName("druzina.wasm-unpacked")[0];  // web/wasm.js, when it unpacked
      return { ...window.__druzinaStart,
               js_loaded_ms: js ? js.responseEnd : null, wasm_loaded_ms: wasm ? wasm.responseEnd : null,
               unpacked_ms: unpacked ? unpacked.startTime : null,
               wasm_transferred: wasm ? wasm.transferSize : null };
    });
    visits.push({ kind, ...r });
  }
  // The campaign really is the one put in storage (its creatures drawn on the party screen).
  const creatures = await page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_campaign())).creatures.length);
  await context.close();
  return { visits, creatures };
}

async function start(saveFile, runs, net) {
  if (net === "slow4g") net = "1600/150";  // Lighthouse's mobile profile: 1.6 Mbit/s, 150 ms
  const cpu = Number(process.env.BENCH_CPU || 1);
  const save = fs.readFileSync(saveFile, "utf8");
  const webDir = process.env.DRUZINA_WEB_DIR ? path.resolve(process.env.DRUZINA_WEB_DIR) : path.join(root, "build/web");
  const { server, url: site, served } = await serveCached(webDir, net);
  // The test page (test/: the same app with the hooks the probe reads) when the build has one, same origin and cache.
  const url = fs.existsSync(path.join(webDir, "test", "index.html")) ? site + "test/" : site;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox",
           "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
           "--disable-default-apps", "--disable-quic"],
  });
  try {
    const all = [];
    let creatures = 0;
    for (let i = 0; i < runs; ++i) {
      const r = await startOnce(browser, url, save, cpu);
      creatures = r.creatures;
      all.push(...r.visits);
    }
    const keys = ["js_loaded_ms", "wasm_loaded_ms", "unpacked_ms", "runtime_ms", "main_done_ms", "frame1_ms", "first_frame_ms",
                  "longest_task_ms", "blocking_ms"];
    const summary = {};
    for (const kind of ["cold", "warm"]) {
      const v = all.filter((x) => x.kind === kind);
      summary[kind] = Object.fromEntries(keys.map((k) => [k, median(v.map((x) => x[k]))]));
      summary[kind].runs_ms = v.map((x) => Math.round(x.first_frame_ms));
      summary[kind].wasm_transferred = median(v.map((x) => x.wasm_transferred));
    }
    const warm304 = served.filter((s) => s.status === 304).length;
    console.log(JSON.stringify({ runs, net: net || null, cpu, creatures, save_bytes: save.length, cold: summary.cold, warm: summary.warm,
                                 revalidated_304: warm304 }));
  } finally {
    await browser.close();
    server.close();
  }
}

// ---- combat: a big fight on the Combat screen while its initiative list is scrolled by the wheel. Two figures per
// rendered frame: the app's own CPU time (ImGui's new frame, the screens and Render(), summed by the app:
// druzina_test_state().layout_ms), and the whole animation-frame callback, which also waits for the GL calls to
// reach the GPU process — in headless Chromium that is SwiftShader rasterising on the same two cores, so it says
// more about this machine than about the app.
async function combat(page, n) {
  const ok = async (cmd) => { if ((await dispatch(page, cmd)) !== 1) throw new Error(`refused: ${JSON.stringify(cmd)}`); };
  await ok({ type: "CreateCampaign", name: "Bench" });
  for (let i = 1; i <= n; ++i)
    await ok({ type: "AddCreature", name: `Goblin ${i}`, kind: i <= 6 ? "pc" : "monster", max_hp: 7 + (i % 20), ac: 13 });
  const ids = JSON.parse(await page.evaluate(() => Module.UTF8ToString(Module._druzina_test_campaign()))).creatures.map((c) => c.id);
  for (let k = 0; k < ids.length; k += 3) {
    await ok({ type: "SetCondition", target: ids[k], condition: k % 2 ? "prone" : "poisoned" });
    await ok({ type: "AddInjury", target: ids[k], text: "Bench: a limp" });
  }
  await ok({ type: "StartEncounter", initiative: Object.fromEntries(ids.map((id, k) => [id, 1 + (k * 7) % 25])) });
  await openTab(page, "combat");
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.__benchFrames = [];
    window.requestAnimationFrame = (cb) => raf((t) => {
      const a = performance.now();
      cb(t);
      window.__benchFrames.push(performance.now() - a);
    });
  });
  await page.waitForTimeout(500);
  const s0 = await state(page);
  await page.evaluate(() => { window.__benchFrames = []; });
  const size = page.viewportSize();
  await page.mouse.move(size.width / 2, size.height / 2);
  for (let k = 0; k < 60; ++k) {  // down the list and back up, a wheel notch every 50 ms
    await page.mouse.wheel(0, k < 30 ? 240 : -240);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(500);
  const times = await page.evaluate(() => window.__benchFrames);
  const s1 = await state(page);
  await page.waitForTimeout(1500);
  const idle0 = (await state(page)).frames;
  await page.waitForTimeout(3000);
  const idle1 = (await state(page)).frames;
  const frames = s1.frames - s0.frames;
  const total = times.reduce((a, b) => a + b, 0);
  return { creatures: ids.length, frames, layout_ms_per_frame: frames ? (s1.layout_ms - s0.layout_ms) / frames : null,
           callback_ms_per_frame: frames ? total / frames : null, idle_frames_3s: idle1 - idle0 };
}

// ---- live: see the header ------------------------------------------------------------------------------------
async function liveLabel(page, id, pred = () => true, timeout = 60000) {
  const end = Date.now() + timeout;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === id);
    if (w && pred(w.label)) return w.label;
    if (Date.now() > end) throw new Error(`live: no ${id}`);
    await page.evaluate(() => Module.druzinaWake && Module.druzinaWake());
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function live(env, dm, players, updates) {
  await dispatch(dm, { type: "CreateCampaign", name: "Les" });
  for (let i = 0; i < 6; ++i) await dispatch(dm, { type: "AddCreature", name: `PC ${i + 1}`, kind: "pc", hp: 30 + i, level: 5, ac: 15 });
  await dispatch(dm, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, count: 7, ac: 15 });
  await dispatch(dm, { type: "AddCreature", name: "Hobgoblin", kind: "monster", hp: 11, count: 3, ac: 18 });
  await dispatch(dm, { type: "StartEncounter" });
  await dm.evaluate(() => { Module.druzinaLiveCapture = []; });
  await openTab(dm, "party");
  await tapCarefully(dm, "party.live");
  const phones = [];
  for (let i = 0; i < players; ++i) phones.push((await openApp(env)).page);
  const joins = [];
  let last = "";
  for (const p of phones) {
    const offer = await liveLabel(dm, "live.offer_qr", (l) => l.includes("#l1.") && l !== last);
    last = offer;
    const t0 = Date.now();
    await p.evaluate((h) => { Module.druzinaLiveCapture = []; location.hash = h; }, offer.slice(offer.indexOf("#")));
    const answer = await liveLabel(p, "live.answer_qr", (l) => l.includes("#l1."));
    await dm.evaluate((h) => { location.hash = h; }, answer.slice(answer.indexOf("#")));
    await liveLabel(dm, "live.players", (l) => Number(l) === joins.length + 1);
    joins.push(Date.now() - t0);
  }
  // A point of damage to a PC: the party's HP is exact in the players' view, so each hit is an update (a goblin's
  // status stays "healthy" after a point, and the players' view would not change at all).
  const ids = (await campaign(dm)).creatures.filter((c) => c.kind === "pc").map((c) => c.id);
  const latencies = [], bytes = [];
  for (let k = 0; k < updates; ++k) {
    const sentBefore = await dm.evaluate(() => Module.druzinaLiveCapture.length);
    const t0 = Date.now();
    await dispatch(dm, { type: "ApplyDamage", target: ids[k % ids.length], amount: 1 });
    for (const p of phones) {
      const at = await p.evaluate((t) => new Promise((resolve) => {
        const look = () => {
          const m = Module.druzinaLiveCapture.find((x) => x.dir === "in" && x.at >= t && x.text.includes('"k":"view"'));
          if (m) resolve(m.at); else setTimeout(look, 2);
        };
        look();
      }), t0);
      latencies.push(at - t0);
    }
    const sent = await dm.evaluate((n) => Module.druzinaLiveCapture.slice(n).filter((m) => m.dir === "out").map((m) => m.text.length), sentBefore);
    bytes.push(...sent);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const whole = await dm.evaluate(() => Module.druzinaLiveCapture.filter((m) => m.dir === "out" && m.text.includes('"v":{')).map((m) => m.text.length));
  return { players, updates, join_ms: joins, join_median_ms: median(joins), latency_median_ms: pct(0.5),
           latency_p95_ms: pct(0.95), latency_max_ms: sorted[sorted.length - 1],
           bytes_per_update_mean: Math.round(bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length)),
           bytes_per_update_max: Math.max(...bytes), whole_view_bytes: median(whole) };
}

if (what === "start") {
  await start(arg, Number(runsArg || 3), process.argv[5]);
} else {
  const env = await launch();
  try {
    const t0 = Date.now();
    const { page, context } = await openApp(env);
    const firstFrameMs = Date.now() - t0;
    if (what === "saveload") {
      const text = fs.readFileSync(arg, "utf8");
      const runs = Number(runsArg || 21);
      const r = await page.evaluate(([t, n]) => JSON.parse(Module.ccall("druzina_bench_saveload", "string",
                                                                          ["string", "number"], [t, n])), [text, runs]);
      console.log(JSON.stringify(r));
    } else if (what === "pack") {
      const text = fs.readFileSync(arg, "utf8");
      const runs = Number(runsArg || 11);
      const r = await page.evaluate(([t, n]) => JSON.parse(Module.ccall("druzina_bench_pack", "string",
                                                                          ["string", "number"], [t, n])), [text, runs]);
      console.log(JSON.stringify(r));
    } else if (what === "openlink") {
      const link = fs.readFileSync(arg, "utf8").trim();
      const runs = Number(runsArg || 21);
      const r = await page.evaluate(([t, n]) => JSON.parse(Module.ccall("druzina_bench_openlink", "string",
                                                                          ["string", "number"], [t, n])), [link, runs]);
      console.log(JSON.stringify(r));
    } else if (what === "idle") {
      const seconds = Number(arg || 5);
      await page.waitForTimeout(1500);  // past the idle threshold after start-up
      const a = (await state(page)).frames;
      await page.waitForTimeout(seconds * 1000);
      const b = (await state(page)).frames;
      console.log(JSON.stringify({ seconds, frames: b - a, fps: (b - a) / seconds, app_ready_ms: firstFrameMs }));
    } else if (what === "combat") {
      console.log(JSON.stringify(await combat(page, Number(arg || 100))));
    } else if (what === "live") {
      console.log(JSON.stringify(await live(env, page, Number(arg || 6), Number(runsArg || 20))));
    } else {
      throw new Error(`unknown measurement ${what}`);
    }
    await context.close();
  } finally {
    await env.close();
  }
}
